import { Island } from '../Island.tsx';
import { buttonClass } from '../ui.tsx';
import type { SectionProps } from './props.ts';

/** The not-found page: status code, message, a way home, and the island that logs the attempted path. */
export function NotFound({ section, level, headingId }: SectionProps<'notFound'>) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section id={section.id} aria-labelledby={headingId} className="flex min-h-[70vh] items-center justify-center bg-slate-50 px-4 pt-24 pb-16">
      <div className="text-center">
        <p className="text-7xl font-extrabold tracking-tight text-brand-600" data-status-code="">{section.code}</p>
        <Heading id={headingId} lang={section.titleLang} className="mt-4 text-2xl font-semibold text-slate-900">{section.title}</Heading>
        {section.text && <p className="mx-auto mt-3 max-w-md text-slate-600">{section.text}</p>}
        <a href={section.action.href} className={`${buttonClass('primary', 'lg')} mt-8`}>{section.action.label}</a>
        <Island name="not-found-log" instance="not-found-log" hydrate="idle" props={{ message: section.logMessage }} />
      </div>
    </section>
  );
}
