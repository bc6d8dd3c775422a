import { RichText } from '../rich-text.tsx';
import { ActionLink, DisclosureChevron, SectionHeading, SectionShell } from '../ui.tsx';
import type { SectionProps } from './props.ts';

/**
 * Native <details>: each entry opens and closes on its own, keyboard-usable, no JavaScript. As a page of its own
 * (the section holds the page's h1) the heading stands beside the questions from 1024 px, and stays in view while
 * they scroll: one narrow column in the middle of a wide screen left most of /faq empty. SPEC §2's button to
 * /#contact stays at the bottom, under the questions.
 */
export function Faq({ section, level, headingId }: SectionProps<'faq'>) {
  const page = level === 1;
  const heading = <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} leftFromLg={page} />;
  const questions = (
    <>
      <div className="divide-y divide-slate-200 rounded-card bg-white shadow-card ring-1 ring-slate-200">
        {section.items.map((item, i) => (
          <details key={i} className="group px-4 py-1 sm:px-6" open={section.openFirst && i === 0}>
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-control py-4 text-left font-semibold text-slate-900 hyphens-none [&::-webkit-details-marker]:hidden">
              {item.question}
              <DisclosureChevron className="flex-none transition-transform duration-300 ease-out-soft" />
            </summary>
            <RichText blocks={item.answer} className="pb-5 text-slate-600" />
          </details>
        ))}
      </div>
      {section.action && (
        <div className={`mt-10 text-center ${page ? 'lg:text-left' : ''}`}>
          <ActionLink action={section.action} size="lg" />
        </div>
      )}
    </>
  );
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId} narrow={!page}>
      {page ? (
        <div className="mx-auto max-w-3xl lg:grid lg:max-w-6xl lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16" data-faq-page="">
          {/* The heading and its lead ("Ihre Frage ist nicht dabei? Schreiben Sie uns.") stay beside the questions
              while they scroll past, below the sticky header; the left column was empty under them. */}
          <div className="lg:sticky lg:top-24 lg:self-start">{heading}</div>
          <div>{questions}</div>
        </div>
      ) : (
        <>
          {heading}
          {questions}
        </>
      )}
    </SectionShell>
  );
}
