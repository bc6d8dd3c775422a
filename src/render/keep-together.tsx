import type { ReactNode } from 'react';
import { remembered } from './text-memo.ts';

/**
 * Phrases a line must never break inside: figure ranges and figures with their unit ("85–100 %", "24/7",
 * "21 €") and short hyphenated names that start with an acronym ("KI-Zentrale", "DSGVO-konform": a break at
 * their hyphen reads as two words), and a short word with its Roman numeral ("Sek II", "Klasse III": the
 * education hero's stat label broke "Sek / II" at 1280 px), a short word with the acronym after it ("de / IA" in a
 * Spanish heading: "IA" alone at a line's start reads as a new sentence), and an e-mail address ("service@ki- / zentrale.de"). Longer compounds stay breakable so they never
 * overflow a phone screen.
 */
const UNBREAKABLE =
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\d[\d.,]*(?:\s?[–-]\s?\d[\d.,]*)?(?:[\s\u00a0\u202f]?(?:%|€))|\d+\/\d+|\p{Lu}{2,}-\p{L}{1,12}(?!\p{L})|\p{Lu}\p{Ll}{1,6}\.?\s(?:I{1,3}|IV)(?![\p{L}\d])|(?<![\p{L}\d])\p{Ll}{1,3}[ \u00a0]\p{Lu}{2,4}(?![\p{L}\d-])/gu;

/**
 * What every phrase above holds (a digit, a hyphen, or a space before a Roman numeral): most texts hold none, and this
 * test costs a fraction of UNBREAKABLE's Unicode classes, which were about a twentieth of a page's render.
 */
const MAY_HOLD_UNBREAKABLE = /[\d@-]|\s\p{Lu}{2}/u;

/**
 * Texts set so far, and what became of them: many texts recur on every page of a locale (a footer's, a plan's label, a
 * lead that many pages share), and an element describes its output without being changed by a render, so one made for
 * a text serves every page that shows it.
 */
const kept = new Map<string, ReactNode>();

/** The text with each unbreakable phrase in a `white-space: nowrap` span; the text content stays the same. */
export function KeepTogether({ text }: { text: string }): ReactNode {
  return remembered(kept, text, keptTogether);
}

function keptTogether(text: string): ReactNode {
  if (!MAY_HOLD_UNBREAKABLE.test(text)) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(UNBREAKABLE)) {
    const at = match.index;
    if (at > last) parts.push(text.slice(last, at));
    parts.push(
      <span key={at} className="whitespace-nowrap">
        {match[0]}
      </span>,
    );
    last = at + match[0].length;
  }
  if (last === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
