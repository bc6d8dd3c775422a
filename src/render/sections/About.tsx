import { KeepTogether } from '../keep-together.tsx';
import { RichText } from '../rich-text.tsx';
import { SectionHeading, SectionShell } from '../ui.tsx';
import type { SectionProps } from './props.ts';

export function About({ section, level, headingId }: SectionProps<'about'>) {
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <div className="grid gap-12 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} center={false} />
          <RichText blocks={section.body} className="-mt-4 text-lead text-slate-600" />
        </div>
        {section.facts.length > 0 && (
          <dl className="grid grid-cols-2 content-start gap-3 sm:gap-4 lg:col-span-2">
            {section.facts.map((fact, i) => (
              // A column flex box, so the figure (`order-first`) shows above its label; the DOM keeps dt before dd.
              <div key={i} className="flex flex-col rounded-card bg-white p-4 shadow-card ring-1 ring-slate-200 sm:p-6">
                <dt className="text-sm text-slate-600">{fact.label}</dt>
                <dd className="order-first text-xl font-bold text-brand-700 sm:text-2xl">
                  <KeepTogether text={fact.value} />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </SectionShell>
  );
}

/**
 * A short statement on a tinted band (one or two plain paragraphs, such as education's "Zukunft der Bildung"): centred
 * under its heading from 640 px, the first paragraph set as a lead, so it reads as a pause between the centred card
 * sections around it rather than a left-aligned block of text among them (design review 6 #16). Long text with lists
 * or sub-headings stays a left-aligned reading column.
 */
function isStatement(section: SectionProps<'richText'>['section'], level: 1 | 2): boolean {
  return level === 2 && section.tone !== 'default' && section.body.length <= 2 && section.body.every((block) => typeof block === 'string');
}

export function RichTextBlock({ section, level, headingId }: SectionProps<'richText'>) {
  if (isStatement(section, level)) {
    return (
      <SectionShell id={section.id} tone={section.tone} labelledBy={headingId} narrow>
        <div data-statement="">
          <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} />
          <RichText
            blocks={section.body}
            className="-mt-2 text-slate-600 sm:mx-auto sm:max-w-2xl sm:text-center sm:text-balance [&>p:first-child]:text-lead [&>p:first-child]:text-slate-800"
          />
        </div>
      </SectionShell>
    );
  }
  if (level === 1) {
    // A page that opens with text (the sales guide) opens like the sections under it: heading, intro and contents
    // centred from 640 px; a left-aligned intro above centred sections read as two designs.
    return (
      <SectionShell id={section.id} tone={section.tone} labelledBy={headingId} narrow>
        <div data-page-intro="">
          <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} />
          <RichText blocks={section.body} className={`-mt-4 text-slate-700 sm:mx-auto sm:max-w-2xl sm:text-center sm:text-balance ${PILL_LISTS}`} />
        </div>
      </SectionShell>
    );
  }
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId} narrow>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} center={false} />
      <RichText blocks={section.body} className="-mt-4 text-slate-700" />
    </SectionShell>
  );
}

/** A page intro's list (the contents of /leitfaden: links to its parts) as a row of pill links. */
const PILL_LISTS =
  '[&_ul]:flex [&_ul]:list-none [&_ul]:pt-2 [&_ul]:flex-wrap [&_ul]:gap-2 [&_ul]:pl-0 sm:[&_ul]:justify-center [&_ul_a]:inline-flex [&_ul_a]:min-h-11 [&_ul_a]:items-center [&_ul_a]:rounded-full [&_ul_a]:bg-white [&_ul_a]:px-4 [&_ul_a]:text-sm [&_ul_a]:font-medium [&_ul_a]:no-underline [&_ul_a]:shadow-card [&_ul_a]:ring-1 [&_ul_a]:ring-brand-100 [&_ul_a:hover]:ring-brand-300';
