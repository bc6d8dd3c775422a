import { RichText } from '../rich-text.tsx';
import { ActionLink, SectionHeading, SectionShell } from '../ui.tsx';
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
              <svg
                viewBox="0 0 20 20"
                aria-hidden="true"
                fill="currentColor"
                className="size-5 flex-none text-slate-500 transition-transform duration-300 ease-out-soft group-open:rotate-180"
              >
                <path
                  fillRule="evenodd"
                  d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z"
                  clipRule="evenodd"
                />
              </svg>
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
