import type { ReactNode } from 'react';
import { RichText } from '../rich-text.tsx';
import { DisclosureChevron, SectionShell } from '../ui.tsx';
import type { SectionProps } from './props.ts';

/**
 * Running legal text, the right-to-object box included, at a reading measure of about 70 characters a line (36rem
 * of this face at 16 px; the 48rem column held ~95). Below `xl` the whole page is one column at that measure, centred in
 * the container as the frame is from `xl` (at 768 px a 48rem column left an empty band right of the text, review 16 #4).
 */
const PROSE = 'text-slate-700 [&>:is(p,ul,ol,[data-callout])]:max-w-xl';

/**
 * The legal pages' one frame from `xl`: the text at its measure, then the side column (the index, or the legal
 * notice's facts card) one gap from it, the two centred in the page's container as one block. Every legal page uses
 * it, so their headings start at the same place whatever their side column holds.
 */
const FRAME = 'xl:grid-cols-[minmax(0,36rem)_minmax(0,20rem)] xl:gap-x-16';

const numberings = {
  paragraph: (n: number) => `§ ${n} `,
  decimal: (n: number) => `${n}. `,
  none: () => '',
} as const;

interface Entry {
  id: string;
  label: string;
}

interface Part extends Entry {
  part: SectionProps<'legal'>['section']['parts'][number];
}

/**
 * The parts as links to their anchors; `compact` for the disclosure (44 px tap targets), else the index beside the
 * text, whose entries break between words only ("Zahlungsbedin-gungen" in a 15rem rail read badly).
 */
function ContentsList({ entries, compact }: { entries: Entry[]; compact?: boolean }) {
  return (
    <ol className={compact ? 'border-t border-slate-200 px-4 py-1 text-sm' : 'mt-3 space-y-1 border-l border-slate-200 text-sm'}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <a
            href={`#${entry.id}`}
            className={
              compact
                ? 'flex min-h-11 items-center rounded-sm text-slate-700 hover:text-brand-700 hover:underline'
                : '-ml-px block border-l border-transparent py-1 pl-3 leading-snug text-slate-600 hyphens-none hover:border-brand-600 hover:text-brand-700'
            }
          >
            {entry.label}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** How a part reads: a short fact in the facts card (small heading, compact text) or running text at the measure. */
const partStyles = {
  fact: { marker: 'fact', heading: 'text-sm font-semibold text-slate-900', body: 'mt-1 text-[0.9375rem] leading-6 text-slate-700' },
  running: { marker: '', heading: 'text-h3 font-semibold text-slate-900', body: `mt-3 ${PROSE}` },
} as const;

function LegalParts({ parts, kind, Heading }: { parts: Part[]; kind: keyof typeof partStyles; Heading: 'h2' | 'h3' }): ReactNode {
  const style = partStyles[kind];
  return parts.map(({ part, id, label }) => (
    <section key={id} id={id} aria-labelledby={`${id}-title`} data-legal-part={style.marker}>
      <Heading id={`${id}-title`} className={style.heading}>
        {label}
      </Heading>
      <RichText blocks={part.body} className={style.body} />
    </section>
  ));
}

/**
 * A legal document: title, preamble and parts with generated numbers ("§ 1", "1." or none). With a `contents`
 * label the parts get a table of contents without any script: a `<details>` disclosure under the title below
 * `xl`, and from `xl` (1280 px) a sticky index in the side column. `factParts` gathers the first parts into a card,
 * first on small screens and in the side column from `xl`.
 */
export function Legal({ section, level, headingId }: SectionProps<'legal'>) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const PartHeading = level === 1 ? 'h2' : 'h3';
  const number = numberings[section.numbering];
  const parts: Part[] = section.parts.map((part, i) => ({ part, id: part.id ?? `${section.id ?? 'teil'}-${i + 1}`, label: `${number(i + 1)}${part.title}` }));
  const contents = section.contents;
  const facts = parts.slice(0, section.factParts ?? 0);
  const running = parts.slice(facts.length);
  // Beside a facts card from `xl`, the running text takes the frame's first column.
  const runningParts = (
    <div className={`mt-10 space-y-10 ${facts.length > 0 ? 'xl:col-start-1 xl:row-start-1 xl:mt-0' : ''}`}>
      <LegalParts parts={running} kind="running" Heading={PartHeading} />
    </div>
  );
  const article = (
    <article data-legal={section.numbering} className={`min-w-0 max-w-3xl ${facts.length > 0 ? 'xl:col-span-2 xl:max-w-none' : ''}`}>
      {section.eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{section.eyebrow}</p>}
      <Heading id={headingId} className="mt-2 text-h1 font-bold text-slate-900">
        {section.title}
      </Heading>
      {section.updated && <p className="mt-3 text-sm text-slate-500">{section.updated}</p>}
      {contents && (
        <details data-legal-contents="compact" className="group mt-6 rounded-card bg-white ring-1 ring-slate-200 xl:hidden">
          <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between rounded-card px-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
            {contents}
            <DisclosureChevron className="transition" />
          </summary>
          <ContentsList entries={parts} compact />
        </details>
      )}
      {section.intro && <RichText blocks={section.intro} className={`mt-8 ${PROSE}`} />}
      {facts.length > 0 ? (
        <div className={`mt-8 xl:mt-10 xl:grid ${FRAME}`}>
          <div
            data-legal-facts=""
            className="grid gap-x-6 gap-y-5 rounded-card bg-slate-50 p-5 ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6 xl:sticky xl:top-24 xl:col-start-2 xl:row-start-1 xl:grid-cols-1 xl:self-start"
          >
            <LegalParts parts={facts} kind="fact" Heading={PartHeading} />
          </div>
          {runningParts}
        </div>
      ) : (
        runningParts
      )}
    </article>
  );
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <div className={`mx-auto max-w-xl xl:grid xl:max-w-none xl:justify-center ${FRAME}`} data-legal-grid="">
        {article}
        {contents && (
          <nav aria-label={contents} data-legal-contents="index" className="hidden xl:block">
            <div className="sticky top-24 max-h-[calc(100vh-7rem)] overflow-y-auto pb-4">
              <p className="text-sm font-semibold text-slate-900">{contents}</p>
              <ContentsList entries={parts} />
            </div>
          </nav>
        )}
      </div>
    </SectionShell>
  );
}
