import { claimLinker, hasClaimMarks } from './claim-notes.ts';
import { wholeHeadingWords } from './heading-words.ts';
import { mapBodyText, textHyphenator, type BodyTextVisitor, type TextRun } from './hyphenation.ts';
import { bindShortCompounds } from './keep-together-compounds.ts';

/**
 * The body's footnote marks made links (claim-notes.ts), its long words given soft hyphens for the page's language
 * (hyphenation.ts), each hyphenated heading word set whole (heading-words.ts), and its short hyphenated compounds
 * bound (keep-together-compounds.ts, up to `compoundLetters` letters, the locale's `noBreakCompoundLetters`), in one
 * pass over its HTML; the head's title and meta stay as typed.
 */
export function finishBody(rendered: string, refLabel: string | undefined, lang: string, compoundLetters = 0): string {
  const hyphenate = textHyphenator(lang);
  /** The hyphens a run of text gets where it stands: none in code or in text that never breaks inside a word. */
  const byPlace = {
    body: (text: string) => bindShortCompounds(hyphenate(text, 'body'), compoundLetters),
    heading: (text: string) => bindShortCompounds(hyphenate(text, 'heading'), compoundLetters),
  };
  const prose = (run: TextRun) => (run === 'body' || run === 'heading' ? byPlace[run] : undefined);
  const linker = hasClaimMarks(rendered) ? claimLinker(refLabel) : undefined;
  const visit: BodyTextVisitor = linker
    ? { tag: linker.tag, text: (token, run) => linker.text(token, prose(run)) }
    : { tag: (token) => token, text: (token, run) => prose(run)?.(token) ?? token };
  return mapBodyText(rendered, wholeHeadingWords(visit));
}
