import { KeepTogether } from '../keep-together.tsx';
import { SectionFigure } from '../picture.tsx';
import { jsonForScript } from '../head.ts';
import { useSourceMark } from '../source-marks.tsx';
import { buttonClass } from '../ui.tsx';
import type { SectionProps } from './props.ts';

/**
 * The inline script of the not-found page: logs the attempted path (SPEC §2) and shows it in the page. The page is
 * one static file per language served for every unknown path below it, so only the browser knows the path; it is
 * set as text, never as markup. Inline rather than an island: it needs no React and no download, and the CSP
 * allows it by hash.
 */
function attemptedPathScript(logMessage: string): string {
  return `console.error(${jsonForScript(logMessage)},location.pathname);var p=document.querySelector('[data-attempted-path]');if(p){p.querySelector('code').textContent=location.pathname;p.hidden=false}`;
}

/**
 * The not-found page: status code, message, the address the visitor tried, one button home and links onward to the
 * main sections of the page's language.
 */
export function NotFound({ section, level, headingId }: SectionProps<'notFound'>) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const mark = useSourceMark();
  const linksId = `${headingId}-links`;
  return (
    <section id={section.id} aria-labelledby={headingId} className="bg-slate-50 px-gutter pt-28 pb-section">
      <div className="mx-auto max-w-3xl text-center">
        <p className="text-7xl font-extrabold tracking-tight text-brand-600" data-status-code="">
          {section.code}
        </p>
        <Heading id={headingId} lang={section.titleLang} className="mt-4 text-h2 font-bold text-slate-900">
          {section.title}
        </Heading>
        {section.subtitle && (
          <p className="mt-2 text-lead font-semibold text-slate-700" data-subtitle="">
            <KeepTogether text={section.subtitle} />
          </p>
        )}
        {section.text && (
          <p className="mx-auto mt-4 max-w-xl text-lead text-slate-600 [text-wrap:balance]">
            <KeepTogether text={section.text} />
          </p>
        )}
        {section.pathLabel && (
          <p hidden className="mx-auto mt-4 max-w-xl text-sm text-slate-600" data-attempted-path="">
            {/* An inline block: a path that fits a line moves whole to the next one, rather than breaking at a
                hyphen ("/diese-seite-gibt- / es-nicht" at 390 px); only a longer one breaks, anywhere. */}
            {section.pathLabel}{' '}
            <code className="inline-block max-w-full rounded-md bg-white px-2 py-1 font-mono text-slate-900 ring-1 ring-slate-200 [overflow-wrap:anywhere]" />
          </p>
        )}
        <a href={section.action.href} {...mark(section.action, 'href')} className={`${buttonClass('primary', 'lg')} mt-8`}>
          {section.action.label}
        </a>
        <script dangerouslySetInnerHTML={{ __html: attemptedPathScript(section.logMessage) }} />
        <SectionFigure />
      </div>
      {section.links && (
        <nav aria-labelledby={linksId} className="mx-auto mt-14 max-w-3xl">
          <h2 id={linksId} className="text-center text-sm font-semibold tracking-wide text-slate-600 uppercase">
            {section.links.title}
          </h2>
          <ul className="mt-5 grid gap-3 sm:grid-cols-2" data-onward-links="">
            {section.links.items.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  className="group flex h-full min-h-11 items-start justify-between gap-4 rounded-card bg-white p-5 text-left shadow-card ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-raised hover:ring-brand-600/40 motion-reduce:transition-none"
                >
                  <span>
                    <span className="block font-semibold text-slate-900 group-hover:text-brand-700">{item.label}</span>
                    {item.text && <span className="mt-1 block text-sm text-slate-600">{item.text}</span>}
                  </span>
                  <span aria-hidden="true" className="mt-0.5 text-brand-600 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none">
                    →
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
