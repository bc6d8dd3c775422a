import { ActionLink } from '../ui.tsx';
import type { SectionProps } from './props.ts';

export function Hero({ section, headingId }: SectionProps<'hero'>) {
  return (
    <section id={section.id} aria-labelledby={headingId} className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white pt-32 pb-20 sm:pt-40 sm:pb-28">
      <div aria-hidden="true" className="pointer-events-none absolute -top-40 left-1/2 h-[36rem] w-[60rem] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl" />
      <div className="relative mx-auto max-w-5xl px-4 text-center sm:px-6 lg:px-8">
        {section.eyebrow && <p className="inline-flex rounded-full bg-white px-4 py-1 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100">{section.eyebrow}</p>}
        <h1 id={headingId} className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl">
          {section.title}
          {section.highlight && <> <span className="text-brand-600">{section.highlight}</span></>}
        </h1>
        <p className="mx-auto mt-6 max-w-3xl text-lg text-pretty text-slate-600 sm:text-xl">{section.lead}</p>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-4">
          {section.actions.map((action, i) => <ActionLink key={i} action={action} size="lg" />)}
        </div>
        {section.note && <p className="mt-4 text-sm text-slate-500">{section.note}</p>}
        {section.stats.length > 0 && (
          <dl className="mx-auto mt-14 grid max-w-3xl grid-cols-2 gap-6 sm:grid-cols-4">
            {section.stats.map((stat, i) => (
              // A column flex box, so the figure (`order-first`) shows above its label; the DOM keeps dt before dd.
              <div key={i} className="flex flex-col rounded-2xl bg-white/80 px-4 py-5 shadow-sm ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">{stat.label}</dt>
                <dd className="order-first text-3xl font-bold tracking-tight text-brand-700">{stat.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
