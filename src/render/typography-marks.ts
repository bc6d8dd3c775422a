/**
 * Marks the renderer can set safely in every language, beside the spacing rules of typography.ts:
 * authors type the keys on their keyboard, visitors read the typographic marks.
 */

const WORD_JOINER = '\u2060';
const NO_BREAK_SPACE = '\u00a0';

/**
 * A straight apostrophe inside a word (l'IA, don't, nell'[link](…)) or after a plural's s (customers' questions, Hans')
 * is the typographic one. Quotation marks are the writer's (typo-quotes).
 */
export function apostrophes(text: string): string {
  // Most strings hold no apostrophe: the look-behind with a Unicode class is the costly part, and it need not run.
  if (!text.includes("'")) return text;
  return text.replace(/(?<=\p{L})'(?=\p{L}|\[|\*\*)|(?<=\p{L}s)'(?=[\s,.;:!?)]|$)/gu, '’');
}

/**
 * A range of figures set with an en dash stays on one line: typed spaces around the dash become no-break
 * spaces ("9 – 17" → "9 – 17"), and a dash without spaces gets a word joiner after it, where browsers
 * would otherwise break ("85–100").
 */
export function rangeSpacing(text: string): string {
  if (!text.includes('–')) return text;
  return text.replace(/(?<=\d)[ \t\n]+–[ \t\n]+(?=\d)/g, `${NO_BREAK_SPACE}–${NO_BREAK_SPACE}`).replace(/(?<=\d)–(?=\d)/g, `–${WORD_JOINER}`);
}

/**
 * A dash set between words (" – ", " — ") stays at the end of the line with the word before it, in every language:
 * the typed space before it becomes a no-break space, as French guillemets are bound to their words. A line that
 * starts with a dash ("Bayreuth / – für den Mittelstand") reads like a list item or a reply.
 */
export function dashBinding(text: string): string {
  if (!text.includes('–') && !text.includes('—')) return text;
  return text.replace(/(?<=\S)[ \t\n]+(?=[–—](?:[ \t\n]|$))/g, NO_BREAK_SPACE);
}

/**
 * A suspended hyphen stays with its word in every language: a hyphen that starts a word after a space ("und -agenten")
 * gets a word joiner after it, so no line ends in "und -"; one that ends a word before a space ("Branchen- und") gets a
 * no-break space after it, so the fragment is never left alone at a line's end.
 */
export function suspendedHyphens(text: string): string {
  if (!text.includes('-')) return text;
  return text.replace(/(?<=\s)-(?=\p{L})/gu, `-${WORD_JOINER}`).replace(/(?<=\p{L})-[ \t\n]+(?=\p{Ll})/gu, `-${WORD_JOINER}${NO_BREAK_SPACE}`);
}

/** Letters a two-word aside in parentheses may hold and still be bound into one piece. */
const SHORT_ASIDE_LETTERS = 14;

/**
 * A short aside of two words in parentheses ("(en allemand)", "(in German)") never breaks inside: "(en / allemand)"
 * leaves a lone "(en" at a line's end. Its typed space becomes a no-break space.
 */
export function shortAsides(text: string): string {
  if (!text.includes('(')) return text;
  return text.replace(/\((\p{L}+)[ \t\n]+(\p{L}+)\)/gu, (aside, a: string, b: string) =>
    a.length + b.length <= SHORT_ASIDE_LETTERS ? `(${a}${NO_BREAK_SPACE}${b})` : aside,
  );
}

const NAME_AND_VERSION = /(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}+\p{Lu}\p{L}*[ \t\n]+\d+(?:\.\d+)*|\p{Lu}\p{L}+[ \t\n]+\d+(?:\.\d+)+)(?![\p{L}\p{N}]|[.,]\d)/gu;

/**
 * A name and its version stay on one line in every language: "DigitalPakt / 2.0" at a line's end reads as a name and
 * a stray figure. A capitalised word before a dotted version ("Web 3.0"), or a name with an inner capital before any
 * number ("DigitalPakt 3"), gets a no-break space; "in 1.5 hours" and "Klasse 5" stay as typed.
 */
export function versionNumbers(text: string): string {
  if (!/\d/.test(text)) return text;
  return text.replace(NAME_AND_VERSION, (pair) => pair.replace(/[ \t\n]+/, NO_BREAK_SPACE));
}

const SPACE = '[ \\t\\n\\u00a0]+';
const SECTION_NUMBER = '\\d+[a-z]?';
/** "UStG", "BGB", "DSGVO", "MStV", "AO": a capital, then at least one more capital within a short word. */
const LAW_ABBREVIATION = '\\p{Lu}(?:\\p{Ll}{0,3}\\p{Lu})+\\p{Ll}?(?![\\p{L}\\p{N}-])';
const SUBDIVISION = `${SPACE}(?:Abs\\.|S\\.|Satz|Nr\\.)${SPACE}${SECTION_NUMBER}`;
/** A section's subdivisions and the law (or document: "AGB") after them; either may be missing, not both. */
const LAW_REFERENCE = new RegExp(
  `§§?${SPACE}${SECTION_NUMBER}(?:(?:,${SPACE}|${SPACE}(?:und|bis)${SPACE})${SECTION_NUMBER})*` +
    `(?:(?:${SUBDIVISION})+(?:${SPACE}${LAW_ABBREVIATION})?|${SPACE}${LAW_ABBREVIATION})`,
  'gu',
);

/**
 * A section of a law stays on one line with the law's name and its subdivisions, in every language: "§ 27a / UStG" at
 * a line's end reads as a section of nothing, "§ 5 | Abs. 1" as two references. The sign, its number(s) and
 * subdivisions and the abbreviation get no-break spaces between them.
 */
export function lawReferences(text: string): string {
  if (!text.includes('§')) return text;
  return text.replace(LAW_REFERENCE, (reference) => reference.replace(/[ \t\n]+/g, NO_BREAK_SPACE));
}

/** All seven, in the order the renderer applies them (a range's spaces are no-break ones before dashes are bound). */
export function typographicMarks(text: string): string {
  return versionNumbers(lawReferences(shortAsides(suspendedHyphens(dashBinding(rangeSpacing(apostrophes(text)))))));
}
