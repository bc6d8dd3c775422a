import type { BodyTextVisitor, TextRun } from './hyphenation.ts';

/**
 * A typesetter hyphenates a heading only where a word fits no line whole. Browsers treat a soft hyphen as a break
 * like a space, so "Governments and devolved adminis- / trations" took a hyphen although the next line had room for
 * the word (design review 10). Each word of a heading or card title that has soft hyphens (hyphenation.ts) is set as
 * one inline box, as wide as the word or at most the line: it moves whole to the next line when it fits there and
 * breaks at its soft hyphens only when it is longer than a line ("Besprechungs- / protokoll" in a narrow card).
 */
export const WHOLE_WORD_OPEN = '<span class="inline-block">';
const WHOLE_WORD_CLOSE = '</span>';
const SOFT_HYPHEN = '\u00ad';
/** Where a line may break between words: ordinary spaces, not the no-break spaces the typography pass binds with. */
const SPACE = /[ \t\n\r\f]/;
const WORD = /[^ \t\n\r\f]+/g;

type Part = { tag: string } | { text: string; run: TextRun };

/** Whether a line break lies between the parts before `from` (walking back) or after it (forward) and the word. */
function apartFrom(parts: readonly Part[], from: number, step: -1 | 1): boolean {
  for (let i = from, part = parts[i]; part; i += step, part = parts[i]) {
    if ('tag' in part) {
      if (/^<br[\s/>]/i.test(part.tag)) return true;
      continue;
    }
    if (part.text === '') continue;
    return SPACE.test(step < 0 ? part.text.charAt(part.text.length - 1) : part.text.charAt(0));
  }
  return true;
}

/**
 * A heading's parts with its hyphenated words each in a whole-word box; a word glued to the text beside it (a
 * footnote mark, an emphasised ending) is left as it is, so no break can open between them.
 */
function setHeading(parts: readonly Part[]): string {
  return parts
    .map((part, i) => {
      if ('tag' in part) return part.tag;
      if (part.run !== 'heading' || !part.text.includes(SOFT_HYPHEN)) return part.text;
      const end = part.text.length;
      return part.text.replace(WORD, (word, at: number) =>
        word.includes(SOFT_HYPHEN) && (at > 0 || apartFrom(parts, i - 1, -1)) && (at + word.length < end || apartFrom(parts, i + 1, 1))
          ? WHOLE_WORD_OPEN + word + WHOLE_WORD_CLOSE
          : word,
      );
    })
    .join('');
}

/**
 * `visit` with the hyphenated words of headings and card titles (`h1`–`h6`) each set whole (see above), for the body
 * text pass (body-text.ts): a heading's parts are held back as `visit` returns them and given out at its end tag.
 * Text in code, islands and `hyphens-none` elements is never touched.
 */
export function wholeHeadingWords(visit: BodyTextVisitor): BodyTextVisitor {
  let heading: Part[] | undefined;
  return {
    tag(token, edge) {
      if (edge === 'opens') heading = [];
      const out = visit.tag(token);
      if (!heading) return out;
      heading.push({ tag: out });
      if (edge !== 'closes') return '';
      const whole = setHeading(heading);
      heading = undefined;
      return whole;
    },
    text(token, run) {
      const out = visit.text(token, run);
      if (!heading) return out;
      // What `visit` makes of a text may hold tags (a claim's footnote link): they stay tags here too.
      out.split(/(<[^>]*>)/).forEach((piece, i) => heading?.push(i % 2 ? { tag: piece } : { text: piece, run }));
      return '';
    },
  };
}
