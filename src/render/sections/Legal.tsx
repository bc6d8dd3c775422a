import { RichText } from '../rich-text.tsx';
import { SectionShell } from '../ui.tsx';
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
        <Heading id={headingId} className="mt-2 text-h1 font-bold text-slate-900">
          {section.title}
        </Heading>
        {section.updated && <p className="mt-3 text-sm text-slate-500">{section.updated}</p>}
        {section.intro && <RichText blocks={section.intro} className="mt-8 text-slate-700" />}
        <div className="mt-10 space-y-10">
          {section.parts.map((part, i) => {
            const id = part.id ?? `${section.id ?? 'teil'}-${i + 1}`;
            return (
              <section key={i} id={id} aria-labelledby={`${id}-title`} data-legal-part="">
                <PartHeading id={`${id}-title`} className="text-h3 font-semibold text-slate-900">
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
