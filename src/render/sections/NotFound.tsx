import { KeepTogether } from '../keep-together.tsx';
import { SectionFigure } from '../picture.tsx';
import { jsonForScript } from '../head.ts';
import { useSourceMark } from '../source-marks.tsx';
import { buttonClass } from '../ui.tsx';
import type { SectionProps } from './props.ts';

/**
 * The not-found page: status code, message, a way home, and a one-line inline script that logs the
 * attempted path (SPEC §2; the page is one static file served for every unknown path, so only the browser
 * knows it). Inline rather than an island: it needs no React and no download, and the CSP allows it by hash.
 */
export function NotFound({ section, level, headingId }: SectionProps<'notFound'>) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const mark = useSourceMark();
  return (
    <section id={section.id} aria-labelledby={headingId} className="flex min-h-[70vh] items-center justify-center bg-slate-50 px-4 pt-24 pb-16">
      <div className="text-center">
        <p className="text-7xl font-extrabold tracking-tight text-brand-600" data-status-code="">{section.code}</p>
        <Heading id={headingId} lang={section.titleLang} className="mt-4 text-2xl font-semibold text-slate-900">{section.title}</Heading>
        {section.text && <p className="mx-auto mt-3 max-w-md text-slate-600"><KeepTogether text={section.text} /></p>}
        <a href={section.action.href} {...mark(section.action, 'href')} className={`${buttonClass('primary', 'lg')} mt-8`}>{section.action.label}</a>
        <script dangerouslySetInnerHTML={{ __html: `console.error(${jsonForScript(section.logMessage)},location.pathname)` }} />
        <SectionFigure />
      </div>
    </section>
  );
}
