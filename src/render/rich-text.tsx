import { Fragment } from 'react';
import { Inline } from '../islands/inline-markup.tsx';
import type { RichText as RichTextValue } from '../schema/text.ts';
import { inlineLinkMarks, useSourceMark } from './source-marks.tsx';

export { Inline };

export function RichText({ blocks, className = '' }: { blocks: RichTextValue; className?: string }) {
  const mark = useSourceMark();
  // Each string is marked by the array that holds it and its index: the path of its links in the content.
  const line = (owner: readonly string[], j: number) => <Inline text={owner[j]!} linkProps={inlineLinkMarks(mark, owner, j)} />;
  return (
    <div className={`space-y-4 leading-relaxed ${className}`}>
      {blocks.map((block, i) => (
        <Fragment key={i}>
          {typeof block === 'string' ? (
            <p><Inline text={block} linkProps={inlineLinkMarks(mark, blocks, i)} /></p>
          ) : 'list' in block ? (
            <ul className="list-disc space-y-1 pl-6">{block.list.map((_, j) => <li key={j}>{line(block.list, j)}</li>)}</ul>
          ) : 'lines' in block ? (
            <p>{block.lines.map((_, j) => <span key={j} className="block">{line(block.lines, j)}</span>)}</p>
          ) : 'ordered' in block ? (
            <ol className="list-decimal space-y-1 pl-6">{block.ordered.map((_, j) => <li key={j}>{line(block.ordered, j)}</li>)}</ol>
          ) : (
            <h3 className="pt-2 text-lg font-semibold text-slate-900">{block.heading}</h3>
          )}
        </Fragment>
      ))}
    </div>
  );
}
