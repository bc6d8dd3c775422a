import type { ReactNode } from 'react';
import { INLINE_MARKUP, isSafeLinkTarget } from '../schema/link-target.ts';

/**
 * Renders `**bold**` and `[label](href)` as elements; everything else stays text (React escapes it).
 * A link whose target is not allowed (link-target.ts) renders as its text: the schema refuses it at
 * load time, and this keeps a page safe even if a value reaches the renderer another way. Shared by
 * pages (render/rich-text.tsx) and the contact form island, so it lives below both. `linkProps` adds
 * attributes to each link, given its target and how many links to that target came before it in `text`
 * (the page render marks where in the content a link is written, render/source-marks.tsx).
 */
export function Inline({ text, linkProps }: { text: string; linkProps?: (href: string, occurrence: number) => object }) {
  const parts: ReactNode[] = [];
  const seen = new Map<string, number>();
  let last = 0;
  for (const match of text.matchAll(INLINE_MARKUP)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    if (match[1] !== undefined) parts.push(<strong key={index} className="font-semibold text-slate-900">{match[1]}</strong>);
    else if (isSafeLinkTarget(match[3]!)) {
      const href = match[3]!;
      const occurrence = seen.get(href) ?? 0;
      seen.set(href, occurrence + 1);
      parts.push(<a key={index} href={href} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900" {...linkProps?.(href, occurrence)}>{match[2]}</a>);
    }
    else parts.push(match[0]);
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
