import { contactFormSettings } from '../contact-forms.ts';
import { Island } from '../Island.tsx';
import { CheckList, SectionHeading, SectionShell } from '../ui.tsx';
import type { SectionProps } from './props.ts';

/** Contact section; the form island renders in the slot on the right. */
export function Contact({ section, ctx, level, headingId }: SectionProps<'contact'>) {
  const { site } = ctx.model;
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <div className="grid gap-12 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} center={false} />
          <div className="-mt-4 text-slate-700">
            <CheckList items={section.points} />
          </div>
          <p className="mt-8 text-slate-600">
            <a className="font-semibold text-brand-700 underline underline-offset-2" href={`mailto:${site.email}`}>
              {site.email}
            </a>
          </p>
        </div>
        <div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-3" data-contact-slot="">
          {section.form && (
            <Island name="contact-form" instance={headingId.replace(/-title$/, '-form')} hydrate="visible" props={contactFormSettings(ctx, section.form)} />
          )}
        </div>
      </div>
    </SectionShell>
  );
}
