import { Island } from '../Island.tsx';
import { RichText } from '../rich-text.tsx';
import { buttonClass, SectionShell } from '../ui.tsx';
import type { SectionProps } from './props.ts';

const numberings = {
  paragraph: (n: number) => `§ ${n} `,
  decimal: (n: number) => `${n}. `,
  none: () => '',
} as const;

/** A legal document: title, preamble and parts with generated numbers ("§ 1", "1." or none). */
export function Legal({ section, level, headingId }: SectionProps<'legal'>) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const PartHeading = level === 1 ? 'h2' : 'h3';
  const number = numberings[section.numbering];
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId} narrow>
      <article data-legal={section.numbering}>
        {section.eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{section.eyebrow}</p>}
        <Heading id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{section.title}</Heading>
        {section.updated && <p className="mt-3 text-sm text-slate-500">{section.updated}</p>}
        {section.intro && <RichText blocks={section.intro} className="mt-8 text-slate-700" />}
        <div className="mt-10 space-y-10">
          {section.parts.map((part, i) => {
            const id = part.id ?? `${section.id ?? 'teil'}-${i + 1}`;
            return (
              <section key={i} id={id} aria-labelledby={`${id}-title`} data-legal-part="">
                <PartHeading id={`${id}-title`} className="text-xl font-semibold text-slate-900">
                  {`${number(i + 1)}${part.title}`}
                </PartHeading>
                <RichText blocks={part.body} className="mt-3 text-slate-700" />
              </section>
            );
          })}
        </div>
      </article>
    </SectionShell>
  );
}

/** The not-found page: status code, message, a way home, and the island that logs the attempted path. */
export function NotFound({ section, level, headingId }: SectionProps<'notFound'>) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section id={section.id} aria-labelledby={headingId} className="flex min-h-[70vh] items-center justify-center bg-slate-50 px-4 pt-24 pb-16">
      <div className="text-center">
        <p className="text-7xl font-extrabold tracking-tight text-brand-600" data-status-code="">{section.code}</p>
        <Heading id={headingId} className="mt-4 text-2xl font-semibold text-slate-900">{section.title}</Heading>
        {section.text && <p className="mx-auto mt-3 max-w-md text-slate-600">{section.text}</p>}
        <a href={section.action.href} className={`${buttonClass('primary', 'lg')} mt-8`}>{section.action.label}</a>
        <Island name="not-found-log" instance="not-found-log" hydrate="idle" props={{ message: section.logMessage }} />
      </div>
    </section>
  );
}
