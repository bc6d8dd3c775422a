import type { ReactNode } from 'react';
import { INLINE_MARKUP, isSafeLinkTarget } from '../schema/link-target.ts';

/**
 * Renders `**bold**` and `[label](href)` as elements; everything else stays text (React escapes it).
 * A link whose target is not allowed (link-target.ts) renders as its text: the schema refuses it at
 * load time, and this keeps a page safe even if a value reaches the renderer another way. Shared by
 * pages (render/rich-text.tsx) and the contact form island, so it lives below both.
 */
export function Inline({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_MARKUP)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    if (match[1] !== undefined) parts.push(<strong key={index} className="font-semibold text-slate-900">{match[1]}</strong>);
    else if (isSafeLinkTarget(match[3]!)) parts.push(<a key={index} href={match[3]} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">{match[2]}</a>);
    else parts.push(match[0]);
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
