import { ActionLink } from '../ui.tsx';
import type { SectionProps } from './props.ts';

export function Cta({ section, level, headingId }: SectionProps<'cta'>) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section id={section.id} aria-labelledby={headingId} className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-14 text-center text-white shadow-xl sm:px-16">
          <Heading id={headingId} className="text-3xl font-bold tracking-tight text-balance">{section.title}</Heading>
          {section.text && <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{section.text}</p>}
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            {section.actions.map((action, i) => (
              <a key={i} href={action.href} className={`inline-flex items-center rounded-lg px-6 py-3 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${action.style === 'primary' ? 'bg-white text-brand-800 hover:bg-brand-50' : 'text-white ring-1 ring-white/60 hover:bg-white/10'}`}>{action.label}</a>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
