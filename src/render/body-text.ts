import { claimLinker, hasClaimMarks } from './claim-notes.ts';
import { mapBodyText, textHyphenator } from './hyphenation.ts';

/**
 * The body's footnote marks made links (claim-notes.ts) and its long words given soft hyphens for the page's language
 * (hyphenation.ts), in one pass over its HTML; the head's title and meta stay as typed.
 */
export function finishBody(rendered: string, refLabel: string | undefined, lang: string): string {
  const hyphenate = textHyphenator(lang);
  if (!hasClaimMarks(rendered)) return mapBodyText(rendered, { tag: (token) => token, text: (token, prose) => (prose ? hyphenate(token) : token) });
  const linker = claimLinker(refLabel);
  return mapBodyText(rendered, { tag: linker.tag, text: (token, prose) => linker.text(token, prose ? hyphenate : undefined) });
}
