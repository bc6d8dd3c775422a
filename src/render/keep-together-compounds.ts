/**
 * Short hyphenated compounds ("peut-être", "in-depth", "12-month") bound in a `white-space: nowrap` span in a page's
 * body HTML: broken at the hyphen they read as two words ("in- / depth"). The hyphen stays U+002D, so copying the text
 * or the browser's find for "e-mail" matches what the author typed (a U+2011 did not).
 */

const NOWRAP_OPEN = '<span class="whitespace-nowrap">';
const NOWRAP_CLOSE = '</span>';

/**
 * A hyphenated compound in prose, not in an address, a path, an anchor or a word already given soft hyphens: what
 * comes before or after it is no part of a word, a URL (`/`, `@`, `.de`), a fragment (`#`) or an entity (`&amp;`).
 */
const COMPOUND = /(?<![\p{L}\p{N}@/#.\-_&\u00ad\u2011])[\p{L}\p{N}'’]+(?:-[\p{L}\p{N}'’]+)+(?![\p{L}\p{N}@/\-_\u00ad\u2011;]|\.[\p{L}\p{N}])/gu;

/** A name that starts with an acronym ("KI-Zentrale"): render/keep-together.tsx binds those up to a longer length. */
const ACRONYM_FIRST = /^\p{Lu}{2,}-/u;

/**
 * `text` (a run of a page's HTML text, entities escaped) with every hyphenated compound of at most `maxLetters` letters
 * in a nowrap span; a compound without a letter (a date, a range of figures) is left alone, and so is text without a
 * space (an id or a slug shown as text).
 */
export function bindShortCompounds(text: string, maxLetters: number): string {
  if (maxLetters <= 0 || !text.includes('-') || !/\s/.test(text)) return text;
  return text.replace(COMPOUND, (word) => {
    const letters = (word.match(/\p{L}/gu) ?? []).length;
    return letters > 0 && letters <= maxLetters && !ACRONYM_FIRST.test(word) ? NOWRAP_OPEN + word + NOWRAP_CLOSE : word;
  });
}
