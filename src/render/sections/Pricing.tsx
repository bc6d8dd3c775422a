import { Inline } from '../../islands/inline-markup.tsx';
import { KeepTogether } from '../keep-together.tsx';
import { formatEuro, formatPercent } from '../../content/references.ts';
import { gridColumns } from '../grid.ts';
import { planBadge, planCardPoints, trialSummary } from '../offer.tsx';
import { ActionLink, CheckList, SectionHeading, SectionShell } from '../ui.tsx';
import type { SectionProps } from './props.ts';

export function Plans({ section, ctx, level, headingId }: SectionProps<'plans'>) {
  const { constants } = ctx.model.site;
  const shown = section.plans.map((p) => p.plan);
  const trial = section.trial ? trialSummary(ctx) : undefined;
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} />
      {/* Each card spans six rows of the list's grid (subgrid), so names, prices, terms and buttons line up across cards;
          the button sits under the price, so cards with fewer points end in space below their list, not above a button.
          Three across from 1024 px. From 640 px until then a card is one wide row, its points in a column beside
          the price: three 230 px columns at 768 px wrapped every point and the badges (design review 5, #13). */}
      <ul className={`grid gap-x-6 gap-y-8 ${gridColumns(section.plans.length, 3, 'lg')}`}>
        {section.plans.map((item) => {
          const plan = constants.plans[item.plan]!;
          const featured = item.featured;
          // With offer data the card lists what the plan includes and wears its badge from there (one source).
          const points = planCardPoints(ctx, item.plan, { shown, trial: section.trial }) ?? item.features ?? [];
          const badge = planBadge(ctx, item.plan) ?? item.badge;
          return (
            <li
              key={item.plan}
              data-plan={item.plan}
              data-featured={featured ? '' : undefined}
              className={`relative row-span-6 grid grid-rows-subgrid gap-y-0 rounded-panel bg-white p-6 sm:grid-cols-2 sm:gap-x-8 sm:p-8 lg:grid-cols-1 ${featured ? 'shadow-mock ring-2 ring-brand-600' : 'shadow-card ring-1 ring-slate-200'}`}
            >
              {/* The badge is a tab on the card's top edge, so every card's header row is its name alone and the rows line up
                  (a long badge wrapped under "Smart" and lowered its header against its siblings'). */}
              <div>
                <h3 className="text-h3 font-semibold text-slate-900">{item.name}</h3>
                {badge && (
                  <p
                    data-badge={item.plan}
                    className={`absolute -top-3 left-6 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap sm:left-8 ${featured ? 'bg-brand-600 text-white' : 'bg-accent-100 text-accent-800 ring-1 ring-accent-400/50'}`}
                  >
                    {badge}
                  </p>
                )}
              </div>
              <p className="mt-2 text-sm text-slate-600">
                <KeepTogether text={item.tagline} />
              </p>
              <p className="mt-6 flex flex-wrap items-baseline gap-x-2">
                <span className="text-figure font-bold tracking-tight text-slate-900" data-price={item.plan}>
                  {formatEuro(plan.price, ctx.strings.intl)}
                </span>
                <span className="text-sm text-slate-600">{ctx.strings.plans.perUserMonth}</span>
              </p>
              <p className="mt-1 text-sm font-medium text-brand-700">{item.term}</p>
              <div className="mt-6 sm:col-start-1 sm:row-start-6 sm:self-end lg:col-start-auto lg:row-start-auto lg:self-auto [&>a]:w-full">
                <ActionLink action={item.action} style={featured ? 'primary' : item.action.style} />
              </div>
              <div className="mt-8 border-t border-slate-200 pt-6 text-sm text-slate-700 sm:col-start-2 sm:row-span-6 sm:row-start-1 sm:mt-0 sm:border-t-0 sm:border-l sm:pt-0 sm:pl-8 lg:col-start-1 lg:row-span-1 lg:row-start-auto lg:mt-8 lg:border-t lg:border-l-0 lg:pt-6 lg:pl-0">
                <CheckList items={points} />
              </div>
            </li>
          );
        })}
      </ul>
      {(trial || section.note) && (
        <div className="mx-auto mt-8 max-w-3xl space-y-2 rounded-card bg-white/70 p-4 text-sm text-pretty text-slate-700 ring-1 ring-slate-200 sm:p-5">
          {trial && (
            <p data-trial="">
              <Inline text={trial} plain={(part) => <KeepTogether text={part} />} />
            </p>
          )}
          {section.note && (
            <p>
              <KeepTogether text={section.note} />
            </p>
          )}
        </div>
      )}
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
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div>
          <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} center={false} />
          <p className="-mt-6 text-lg text-slate-600">
            <KeepTogether text={section.text} />
          </p>
        </div>
        <div className="rounded-panel bg-white p-6 shadow-card ring-1 ring-slate-200 sm:p-8">
          <dl className="divide-y divide-slate-200 text-slate-700">
            {subscriptions.map((s) => (
              <div key={s.name} className="flex justify-between py-3">
                <dt>{s.name}</dt>
                <dd className="tabular-nums">{euro(s.price)}</dd>
              </div>
            ))}
            <div className="flex justify-between py-3 font-semibold text-slate-900">
              <dt>{section.totalLabel}</dt>
              <dd className="tabular-nums" data-total>
                {euro(total)}
              </dd>
            </div>
            <div className="flex justify-between py-3 font-semibold text-brand-700">
              <dt>{section.oursLabel}</dt>
              <dd className="tabular-nums">{euro(ours)}</dd>
            </div>
          </dl>
          <p className="mt-6 rounded-card bg-brand-50 p-4 text-center text-2xl font-bold text-balance text-brand-800">
            {claim.upTo && `${ctx.strings.plans.upTo} `}
            <span data-claim={section.claim}>{formatPercent(claim.percent, ctx.strings.intl)}</span> {section.resultLabel}
          </p>
        </div>
      </div>
    </SectionShell>
  );
}
