import { Fragment, type ReactNode } from 'react';
import { INLINE_MARKUP, isSafeLinkTarget } from '../schema/link-target.ts';

/** A link into a page in another language: its hreflang and the words after its text that say so. */
export interface LinkLanguageMark {
  hreflang: string;
  marker: string;
}

/** An e-mail address in a text: about 20 characters, which fit any line. */
const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** Text with each e-mail address in a no-wrap span: broken at its hyphen, "service@ki- / zentrale.de" reads as two words. */
export function keepAddresses(text: string): ReactNode {
  if (!text.includes('@')) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(EMAIL_ADDRESS)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <span key={match.index} className="whitespace-nowrap">
        {match[0]}
      </span>,
    );
    last = match.index + match[0].length;
  }
  if (last === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/**
 * Renders `**bold**`, `[label](href)` and `` `code` `` as elements; everything else stays text (React escapes it).
 * A link whose target is not allowed (link-target.ts) renders as its text: the schema refuses it at
 * load time, and this keeps a page safe even if a value reaches the renderer another way. Shared by
 * pages (render/rich-text.tsx) and the contact form island, so it lives below both. `plain` renders the
 * text between the markup (pages pass KeepTogether, so brand names and figures never break in body text).
 * `language` says which links open a page in another language (render/link-language.ts): they get its
 * hreflang and the marker inside the link, so a screen reader announces it as part of the link's name.
 */
export function Inline({
  text,
  plain = keepAddresses,
  language,
}: {
  text: string;
  plain?: (part: string) => ReactNode;
  language?: (href: string) => LinkLanguageMark | undefined;
}) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_MARKUP)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(<Fragment key={`t${last}`}>{plain(text.slice(last, index))}</Fragment>);
    if (match[1] !== undefined)
      parts.push(
        <strong key={index} className="font-semibold text-slate-900">
          {plain(match[1])}
        </strong>,
      );
    else if (match[4] !== undefined)
      parts.push(
        <code key={index} className="rounded bg-white px-1 font-mono text-[0.8em] whitespace-nowrap text-slate-800 ring-1 ring-slate-200 ring-inset">
          {match[4]}
        </code>,
      );
    else if (isSafeLinkTarget(match[3]!)) {
      const other = language?.(match[3]!);
      parts.push(
        <a key={index} href={match[3]} hrefLang={other?.hreflang} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {match[2]}
          {other && ` ${other.marker}`}
        </a>,
      );
    } else parts.push(match[0]);
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(<Fragment key={`t${last}`}>{plain(text.slice(last))}</Fragment>);
  return <>{parts}</>;
}
