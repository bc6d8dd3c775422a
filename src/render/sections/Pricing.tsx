import { formatEuro, formatPercent } from '../../content/references.ts';
import { ActionLink, CheckList, SectionHeading, SectionShell } from '../ui.tsx';
import type { SectionProps } from './props.ts';

export function Plans({ section, ctx, level, headingId }: SectionProps<'plans'>) {
  const { constants } = ctx.model.site;
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} />
      <ul className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-3">
        {section.plans.map((item) => {
          const plan = constants.plans[item.plan]!;
          const featured = Boolean(item.badge);
          return (
            <li key={item.plan} className={`relative flex flex-col rounded-3xl p-8 ${featured ? 'bg-slate-900 text-white shadow-xl ring-2 ring-brand-500' : 'bg-white shadow-sm ring-1 ring-slate-200'}`}>
              {item.badge && <p className="absolute -top-3 left-8 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">{item.badge}</p>}
              <h3 className="text-xl font-semibold">{item.name}</h3>
              <p className={`mt-2 text-sm ${featured ? 'text-slate-300' : 'text-slate-600'}`}>{item.tagline}</p>
              <p className="mt-6 flex items-baseline gap-2">
                <span className="text-4xl font-bold tracking-tight" data-price={item.plan}>{formatEuro(plan.price, ctx.strings.intl)}</span>
                <span className={`text-sm ${featured ? 'text-slate-300' : 'text-slate-600'}`}>{ctx.strings.plans.perUserMonth}</span>
              </p>
              <p className={`mt-1 text-sm font-medium ${featured ? 'text-brand-200' : 'text-brand-700'}`}>{item.term}</p>
              <div className={`mt-6 flex-1 text-sm ${featured ? 'text-slate-200' : 'text-slate-700'}`}><CheckList items={item.features} dark={featured} /></div>
              <div className="mt-8"><ActionLink action={item.action} /></div>
            </li>
          );
        })}
      </ul>
      {section.note && <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-slate-600">{section.note}</p>}
    </SectionShell>
  );
}

/** The savings claim with its arithmetic, computed from the comparison prices and the plan price. */
export function Savings({ section, ctx, level, headingId }: SectionProps<'savings'>) {
  const { constants } = ctx.model.site;
  const claim = constants.savings[section.claim]!;
  const subscriptions = claim.against.map((key) => constants.comparison[key]!);
  const total = Math.round(subscriptions.reduce((sum, s) => sum + s.price, 0) * 100) / 100;
  const ours = constants.plans[claim.plan]!.price;
  const euro = (n: number) => formatEuro(n, ctx.strings.intl);
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <div className="mx-auto grid max-w-5xl items-center gap-10 lg:grid-cols-2">
        <div>
          <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} center={false} />
          <p className="-mt-6 text-lg text-slate-600">{section.text}</p>
        </div>
        <div className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
          <dl className="divide-y divide-slate-200 text-slate-700">
            {subscriptions.map((s) => (
              <div key={s.name} className="flex justify-between py-3"><dt>{s.name}</dt><dd className="tabular-nums">{euro(s.price)}</dd></div>
            ))}
            <div className="flex justify-between py-3 font-semibold text-slate-900"><dt>{section.totalLabel}</dt><dd className="tabular-nums" data-total>{euro(total)}</dd></div>
            <div className="flex justify-between py-3 font-semibold text-brand-700"><dt>{section.oursLabel}</dt><dd className="tabular-nums">{euro(ours)}</dd></div>
          </dl>
          <p className="mt-6 rounded-2xl bg-brand-50 p-4 text-center text-2xl font-bold text-brand-800">
            {claim.upTo && `${ctx.strings.plans.upTo} `}
            <span data-claim={section.claim}>{formatPercent(claim.percent, ctx.strings.intl)}</span> {section.resultLabel}
          </p>
        </div>
      </div>
    </SectionShell>
  );
}
