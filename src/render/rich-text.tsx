import { Children, cloneElement, Fragment, isValidElement, type ReactElement } from 'react';
import { Inline } from '../islands/inline-markup.tsx';
import type { RichText as RichTextValue } from '../schema/text.ts';
import { KeepTogether } from './keep-together.tsx';
import { useSourceMark } from './source-marks.tsx';
import { OfferBlock } from './offer.tsx';
import { useLinkLanguage } from './page-context.tsx';

/** "KI-Zentrale", "99,5 %" and "24/7" never break across lines in page text (AGB at 1280 px read "KI- / Zentrale"). */
const keepTogether = (part: string) => <KeepTogether text={part} />;

/**
 * `Inline` for a page: the string `owner[field]` (an object or array of the page or locale strings), its
 * links marked with where they are written (the n-th link to a target in the string), brand names and
 * figures kept together. Marks are added to `Inline`'s output here, so the island bundle that shares
 * `Inline` (the contact form) carries none of it.
 */
export function MarkedInline({ owner, field }: { owner: object; field: string | number }) {
  const mark = useSourceMark();
  const language = useLinkLanguage();
  const text = (owner as Record<string | number, string>)[field]!;
  const seen = new Map<string, number>();
  // Inline is a plain function of its text (no hooks): its fragment's children are the text and elements.
  const parts = (Inline({ text, plain: keepTogether, language }) as ReactElement<{ children: unknown }>).props.children;
  return (
    <>
      {Children.map(parts, (part) => {
        if (!isValidElement<{ href?: string }>(part) || part.type !== 'a' || part.props.href === undefined) return part;
        const occurrence = seen.get(part.props.href) ?? 0;
        seen.set(part.props.href, occurrence + 1);
        return cloneElement(part as ReactElement<Record<string, unknown>>, mark(owner, field, { href: part.props.href, occurrence }));
      })}
    </>
  );
}

export function RichText({ blocks, className = '' }: { blocks: RichTextValue; className?: string }) {
  // Each string is marked by the array that holds it and its index: the path of its links in the content.
  const line = (owner: readonly string[], j: number) => <MarkedInline owner={owner} field={j} />;
  return (
    <div className={`space-y-4 leading-relaxed ${className}`}>
      {blocks.map((block, i) => (
        <Fragment key={i}>
          {typeof block === 'string' ? (
            <p>
              <MarkedInline owner={blocks} field={i} />
            </p>
          ) : 'list' in block ? (
            <ul className="list-disc space-y-1 pl-6">
              {block.list.map((_, j) => (
                <li key={j}>{line(block.list, j)}</li>
              ))}
            </ul>
          ) : 'lines' in block ? (
            <p>
              {block.lines.map((_, j) => (
                <span key={j} className="block">
                  {line(block.lines, j)}
                </span>
              ))}
            </p>
          ) : 'offer' in block ? (
            <OfferBlock kind={block.offer} />
          ) : 'table' in block ? (
            <RichTable table={block.table} />
          ) : 'callout' in block ? (
            <Callout paragraphs={block.callout} />
          ) : 'ordered' in block ? (
            <ol className="list-decimal space-y-1 pl-6">
              {block.ordered.map((_, j) => (
                <li key={j}>{line(block.ordered, j)}</li>
              ))}
            </ol>
          ) : (
            <h3 className="pt-2 text-lg font-semibold text-slate-900">{block.heading}</h3>
          )}
        </Fragment>
      ))}
    </div>
  );
}

type Block = RichTextValue[number];
type TableBlock = Extract<Block, { table: unknown }>['table'];

/**
 * A table of rich text (e.g. the privacy policy's processors: Anbieter / Zweck / Sitz / Grundlage). From 640 px a
 * plain table, the first cell of each row its header. Below, each row is a card with every cell under its head:
 * four columns do not fit a phone, and a table scrolling sideways hides the column a reader is looking for. The
 * heads are then drawn in the cells for the eye only (aria-hidden); the table's own heads stay for screen
 * readers (visually hidden), with its elements' semantics (Chromium and Firefox keep a table's roles when its
 * display changes; explicit roles would be redundant markup the HTML check refuses).
 */
function RichTable({ table }: { table: TableBlock }) {
  return (
    <table data-rich-table="" className="w-full border-collapse text-left text-sm leading-normal max-sm:block">
      <thead className="max-sm:sr-only">
        <tr className="border-b border-slate-300">
          {table.head.map((head, k) => (
            <th key={k} scope="col" className="py-2 pr-4 align-bottom font-semibold text-slate-900 last:pr-0">
              {head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-sm:block max-sm:space-y-3">
        {table.rows.map((row, i) => (
          <tr
            key={i}
            className="border-b border-slate-200 align-top max-sm:block max-sm:rounded-card max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:p-4"
          >
            {row.map((_, k) =>
              k === 0 ? (
                <th key={k} scope="row" className="py-3 pr-4 font-semibold text-slate-900 max-sm:block max-sm:p-0 max-sm:text-base">
                  <MarkedInline owner={row} field={k} />
                </th>
              ) : (
                <td key={k} className="py-3 pr-4 last:pr-0 max-sm:mt-3 max-sm:block max-sm:p-0">
                  <span aria-hidden="true" className="block text-xs font-semibold tracking-wide text-slate-500 uppercase sm:hidden">
                    {table.head[k]}
                  </span>
                  <MarkedInline owner={row} field={k} />
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Paragraphs set apart in a bordered box, in the text's own weight: a right the law wants shown "clearly and
 * separately" (the privacy policy's right to object, Art. 21 (4) GDPR) reads as one notice, not as a page of
 * bold. Its first sentence is marked bold in the content.
 */
function Callout({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <div data-callout="" className="space-y-3 rounded-card border border-slate-300 border-l-4 border-l-brand-600 bg-white p-5 text-slate-800">
      {paragraphs.map((_, j) => (
        <p key={j}>
          <MarkedInline owner={paragraphs} field={j} />
        </p>
      ))}
    </div>
  );
}
