import { RichText } from '../rich-text.tsx';
import { ActionLink, DisclosureChevron, SectionHeading, SectionShell } from '../ui.tsx';
import type { SectionProps } from './props.ts';

/** Native <details>: each entry opens and closes on its own, keyboard-usable, no JavaScript. */
export function Faq({ section, level, headingId }: SectionProps<'faq'>) {
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId} narrow>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} />
      <div className="divide-y divide-slate-200 rounded-card bg-white shadow-card ring-1 ring-slate-200">
        {section.items.map((item, i) => (
          <details key={i} className="group px-4 py-1 sm:px-6" open={section.openFirst && i === 0}>
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-control py-4 text-left font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              {item.question}
              <DisclosureChevron className="flex-none transition-transform duration-300 ease-out-soft" />
            </summary>
            <RichText blocks={item.answer} className="pb-5 text-slate-600" />
          </details>
        ))}
      </div>
      {section.action && (
        <div className="mt-10 text-center">
          <ActionLink action={section.action} size="lg" />
        </div>
      )}
    </SectionShell>
  );
}
