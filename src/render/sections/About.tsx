import { RichText } from '../rich-text.tsx';
import { SectionHeading, SectionShell } from '../ui.tsx';
import type { SectionProps } from './props.ts';

export function About({ section, level, headingId }: SectionProps<'about'>) {
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <div className="grid gap-12 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} center={false} />
          <RichText blocks={section.body} className="-mt-4 text-lg text-slate-600" />
        </div>
        {section.facts.length > 0 && (
          <dl className="grid content-start gap-4 sm:grid-cols-2 lg:col-span-2">
            {section.facts.map((fact, i) => (
              // A column flex box, so the figure (`order-first`) shows above its label; the DOM keeps dt before dd.
              <div key={i} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">{fact.label}</dt>
                <dd className="order-first text-2xl font-bold text-brand-700">{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </SectionShell>
  );
}

export function RichTextBlock({ section, level, headingId }: SectionProps<'richText'>) {
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId} narrow>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} center={false} />
      <RichText blocks={section.body} className="-mt-4 text-slate-700" />
    </SectionShell>
  );
}
