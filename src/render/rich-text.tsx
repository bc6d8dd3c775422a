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
