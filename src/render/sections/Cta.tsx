import { KeepTogether } from '../keep-together.tsx';
import { SectionFigure } from '../picture.tsx';
import { useSourceMark } from '../source-marks.tsx';
import type { SectionProps } from './props.ts';

export function Cta({ section, level, headingId }: SectionProps<'cta'>) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const mark = useSourceMark();
  return (
    <section id={section.id} aria-labelledby={headingId} className="bg-white py-section">
      {/* The band fills the page's container: its edges are those of every section above it. */}
      <div className="mx-auto max-w-page px-page">
        <div className="rounded-panel bg-gradient-to-br from-brand-700 to-brand-900 px-5 py-10 text-center text-white shadow-mock sm:px-16 sm:py-14">
          <Heading id={headingId} className="text-h2 font-bold">
            <KeepTogether text={section.title} />
          </Heading>
          {section.text && (
            <p className="mx-auto mt-4 max-w-2xl text-lg text-balance text-brand-100">
              <KeepTogether text={section.text} />
            </p>
          )}
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            {section.actions.map((action, i) => (
              <a
                key={i}
                href={action.href}
                {...mark(action, 'href')}
                className={`inline-flex min-h-12 items-center rounded-control px-6 py-3 font-semibold transition duration-200 ease-out-soft hover:-translate-y-px focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${action.style === 'primary' ? 'bg-white text-brand-800 hover:bg-brand-50' : 'text-white ring-1 ring-white/60 hover:bg-white/10'}`}
              >
                {action.label}
              </a>
            ))}
          </div>
        </div>
        <SectionFigure />
      </div>
    </section>
  );
}
