import { RichText } from '../rich-text.tsx';
import { DisclosureChevron, SectionShell } from '../ui.tsx';
import type { SectionProps } from './props.ts';

/**
 * Running legal text, the right-to-object box included, at a reading measure of about 70 characters a line (36rem
 * of this face at 16 px; the 48rem column held ~95); a wide block such as a table keeps the column's width, and the
 * index beside it keeps its place.
 */
const PROSE = 'text-slate-700 [&>:is(p,ul,ol,[data-callout])]:max-w-xl';

const numberings = {
  paragraph: (n: number) => `§ ${n} `,
  decimal: (n: number) => `${n}. `,
  none: () => '',
} as const;

interface Entry {
  id: string;
  label: string;
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

/**
 * A legal document: title, preamble and parts with generated numbers ("§ 1", "1." or none). With a `contents`
 * label the parts get a table of contents without any script: a `<details>` disclosure under the title below
 * `xl`, and from `xl` (1280 px) a sticky index in a column beside the text, where the page had half its width empty.
 */
export function Legal({ section, level, headingId }: SectionProps<'legal'>) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const PartHeading = level === 1 ? 'h2' : 'h3';
  const number = numberings[section.numbering];
  const parts = section.parts.map((part, i) => ({ part, id: part.id ?? `${section.id ?? 'teil'}-${i + 1}`, label: `${number(i + 1)}${part.title}` }));
  const contents = section.contents;
  const facts = parts.slice(0, section.factParts ?? 0);
  const running = parts.slice(facts.length);
  const partList = (list: typeof parts, fact: boolean) =>
    list.map(({ part, id, label }) => (
      <section key={id} id={id} aria-labelledby={`${id}-title`} data-legal-part={fact ? 'fact' : ''}>
        <PartHeading id={`${id}-title`} className={fact ? 'text-sm font-semibold text-slate-900' : 'text-h3 font-semibold text-slate-900'}>
          {label}
        </PartHeading>
        <RichText blocks={part.body} className={fact ? 'mt-1 text-[0.9375rem] leading-6 text-slate-700' : `mt-3 ${PROSE}`} />
      </section>
    ));
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
      {/* From 1280 px the facts card stands beside the running text, in view while it scrolls, where the page was half empty. */}
      <div className={facts.length > 0 ? 'xl:mt-10 xl:grid xl:grid-cols-[minmax(0,36rem)_minmax(0,30rem)] xl:justify-between xl:gap-x-16' : ''}>
        {facts.length > 0 && (
          <div
            data-legal-facts=""
            className="mt-8 grid gap-x-6 gap-y-5 rounded-card bg-slate-50 p-5 ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6 xl:sticky xl:top-24 xl:col-start-2 xl:row-start-1 xl:mt-0 xl:self-start"
          >
            {partList(facts, true)}
          </div>
        )}
        <div className="mt-10 space-y-10 xl:col-start-1 xl:row-start-1 xl:mt-0">{partList(running, false)}</div>
      </div>
    </article>
  );
  // Every legal page on one grid from `xl`: the text starts at the logo, the index ends at the header's right edge,
  // and a text without an index (the Impressum) keeps its column where the others have it, not centred on its own.
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <div className="mx-auto max-w-3xl xl:grid xl:max-w-none xl:grid-cols-[minmax(0,48rem)_16rem] xl:justify-between xl:gap-16" data-legal-grid="">
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
