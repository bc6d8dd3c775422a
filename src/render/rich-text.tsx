import { Fragment } from 'react';
import { Inline as InlineMarkup } from '../islands/inline-markup.tsx';
import type { RichText as RichTextValue } from '../schema/text.ts';
import { KeepTogether } from './keep-together.tsx';

const keepTogether = (part: string) => <KeepTogether text={part} />;

/** Inline markup in page text: "KI-Zentrale", "99,5 %" and "24/7" never break across lines (AGB at 1280 px read "KI- / Zentrale"). */
export function Inline({ text }: { text: string }) {
  return <InlineMarkup text={text} plain={keepTogether} />;
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
