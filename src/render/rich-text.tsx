import { Fragment, type ReactNode } from 'react';
import type { RichText as RichTextValue } from '../schema/text.ts';

const INLINE = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Renders `**bold**` and `[label](href)` as elements; everything else stays text (React escapes it). */
export function Inline({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    if (match[1] !== undefined) parts.push(<strong key={index} className="font-semibold text-slate-900">{match[1]}</strong>);
    else parts.push(<a key={index} href={match[3]} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">{match[2]}</a>);
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

export function RichText({ blocks, className = '' }: { blocks: RichTextValue; className?: string }) {
  return (
    <div className={`space-y-4 leading-relaxed ${className}`}>
      {blocks.map((block, i) => (
        <Fragment key={i}>
          {typeof block === 'string' ? (
            <p><Inline text={block} /></p>
          ) : 'list' in block ? (
            <ul className="list-disc space-y-1 pl-6">{block.list.map((item, j) => <li key={j}><Inline text={item} /></li>)}</ul>
          ) : 'lines' in block ? (
            <p>{block.lines.map((line, j) => <span key={j} className="block"><Inline text={line} /></span>)}</p>
          ) : 'ordered' in block ? (
            <ol className="list-decimal space-y-1 pl-6">{block.ordered.map((item, j) => <li key={j}><Inline text={item} /></li>)}</ol>
          ) : (
            <h3 className="pt-2 text-lg font-semibold text-slate-900">{block.heading}</h3>
          )}
        </Fragment>
      ))}
    </div>
  );
}
