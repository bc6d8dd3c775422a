import { KeepTogether } from '../keep-together.tsx';
import { formatEuro } from '../../content/references.ts';
import { figureRowAt } from '../../schema/offer-rules.ts';
import { COMMITMENTS, type Commitment } from '../../schema/commitments.ts';
import { ProductMock } from '../mocks/ProductMock.tsx';
import { ActionLink, CheckList, SectionHeading, SectionShell } from '../ui.tsx';
import type { SectionProps } from './props.ts';

interface PriceRow {
  key: string;
  name: string;
  description: string;
  /** The price row under constants the figures come from, e.g. chatbot.standard. */
  ref: string;
  prices: Record<Commitment, number>;
}

/**
 * The table's rows from the offer data: each package's price row, then the setup row they share (site.yaml's
 * offer check holds them to one), every figure read from the constant its package names.
 */
function priceRows(section: SectionProps<'chatbotPricing'>['section'], ctx: SectionProps<'chatbotPricing'>['ctx']): PriceRow[] {
  const { constants, offer } = ctx.model.site;
  const row = (ref: string | undefined): Record<Commitment, number> | undefined => {
    const found = ref ? figureRowAt(constants, ref) : undefined;
    return found && COMMITMENTS.every((c) => typeof found[c] === 'number') ? (found as Record<Commitment, number>) : undefined;
  };
  const rows: PriceRow[] = [];
  for (const t of section.tiers) {
    // A site without offer data names each row by its constants (chatbot.<tier>, chatbot.setup), as the schema lets it.
    const ref = offer ? offer.chatbots[t.tier]?.prices : `chatbot.${t.tier}`;
    const prices = row(ref);
    if (ref && prices) rows.push({ key: t.tier, name: t.name, description: t.description, ref, prices });
  }
  const setupRef = offer ? section.tiers.map((t) => offer.chatbots[t.tier]?.setup).find((ref) => ref !== undefined) : 'chatbot.setup';
  const setup = row(setupRef);
  if (setupRef && setup) rows.push({ key: 'setup', name: section.setup.name, description: section.setup.description, ref: setupRef, prices: setup });
  return rows;
}

type ChatbotProps = SectionProps<'chatbotPricing'>;

/** What the table and the phone cards share: the rows, and how a commitment column and a price look. */
interface PriceView {
  section: ChatbotProps['section'];
  headingId: string;
  rows: PriceRow[];
  euro: (n: number) => string;
  highlighted: (c: Commitment) => boolean;
}

/** Wide screens: one row per package and the setup row, one column per commitment. */
function PriceTable({ section, headingId, rows, euro, highlighted }: PriceView) {
  const cell = (c: Commitment) => `px-4 py-4 text-center tabular-nums ${highlighted(c) ? 'bg-brand-50' : ''}`;
  return (
    <div className="hidden overflow-hidden rounded-panel bg-white shadow-card ring-1 ring-slate-200 sm:block">
      <table className="w-full text-left text-slate-700">
        <caption id={`${headingId}-caption`} className="sr-only">
          {section.caption}
        </caption>
        <thead className="border-b border-slate-200 text-sm text-slate-900">
          <tr>
            <th scope="col" className="px-6 py-4 font-semibold">
              {section.tierHeading}
            </th>
            {COMMITMENTS.map((c) => (
              <th key={c} scope="col" className={`${cell(c)} font-semibold`}>
                {section.commitments[c]}
                {highlighted(c) && section.highlight && <span className="mt-1 block text-xs font-semibold text-brand-700">{section.highlight.label}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.key} data-tier={row.key}>
              <th scope="row" className="px-6 py-4 align-top font-normal">
                <span className="block font-semibold text-slate-900">{row.name}</span>
                <span className="mt-1 block text-sm text-slate-600">
                  <KeepTogether text={row.description} />
                </span>
              </th>
              {COMMITMENTS.map((c) => (
                <td key={c} className={cell(c)} data-constant={`${row.ref}.${c}`} data-format="eur">
                  <span className="block text-2xl font-bold text-slate-900">{euro(row.prices[c])}</span>
                  {row.key !== 'setup' && <span className="block text-xs text-slate-600">{section.perMonth}</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Phones: the same figures as one card per row; a four-column table does not fit. Named by the table caption:
 * aria-labelledby reads hidden text, so the name holds while the table is hidden.
 */
function PriceCards({ section, headingId, rows, euro, highlighted }: PriceView) {
  return (
    <ul className="divide-y divide-slate-200 rounded-card bg-white shadow-card ring-1 ring-slate-200 sm:hidden" aria-labelledby={`${headingId}-caption`}>
      {rows.map((row) => (
        <li key={row.key} className="p-4">
          <h3 className="font-semibold text-slate-900">{row.name}</h3>
          <p className="mt-1 text-sm text-slate-600">
            <KeepTogether text={row.description} />
          </p>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
            {COMMITMENTS.map((c) => (
              // A label that wraps ("12 Monate / Laufzeit") beside one that does not must not lift its price off
              // the row's baseline: the cells share the row's height and each price sits at its cell's foot.
              <div key={c} className={`flex flex-col rounded-control px-1 py-2 ${highlighted(c) ? 'bg-brand-50' : 'bg-slate-50'}`}>
                <dt className="flex flex-1 items-center justify-center text-xs text-slate-600">{section.commitments[c]}</dt>
                <dd className="text-lg font-bold text-slate-900 tabular-nums">{euro(row.prices[c])}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The packages outside the table, as cards with their own price line and action. */
function PackageCards({ packages }: { packages: ChatbotProps['section']['packages'] }) {
  if (packages.length === 0) return null;
  return (
    <ul className="mt-10 grid gap-4 sm:mt-12 sm:gap-6 md:grid-cols-2">
      {packages.map((p) => (
        <li key={p.name} className="flex flex-col rounded-panel bg-white p-5 shadow-card ring-1 ring-slate-200 sm:p-8">
          <h3 className="text-xl font-semibold text-slate-900">{p.name}</h3>
          <p className="mt-1 text-sm text-slate-600 sm:mt-2">{p.description}</p>
          <p className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:mt-5 sm:text-3xl">{p.price}</p>
          {p.priceNote && <p className="mt-1 text-sm font-medium text-brand-700">{p.priceNote}</p>}
          <div className="mt-4 flex-1 text-sm text-slate-700 sm:mt-6">
            <CheckList items={p.features} />
          </div>
          <div className="mt-5 sm:mt-8">
            <ActionLink action={p.action} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Price table by commitment, rendered from the chatbot packages of the offer data, then the packages outside the table. */
export function ChatbotPricing({ section, ctx, level, headingId }: ChatbotProps) {
  const view: PriceView = {
    section,
    headingId,
    rows: priceRows(section, ctx),
    euro: (n: number) => formatEuro(n, ctx.strings.intl),
    highlighted: (c: Commitment) => section.highlight?.commitment === c,
  };
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} />
      <PriceTable {...view} />
      <PriceCards {...view} />
      {section.actions.length > 0 && (
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          {section.actions.map((a, i) => (
            <ActionLink key={i} action={a} size="lg" />
          ))}
        </div>
      )}
      <PackageCards packages={section.packages} />
      {section.note && (
        <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-balance text-slate-600">
          <KeepTogether text={section.note} />
        </p>
      )}
    </SectionShell>
  );
}

/**
 * The dashboard preview. A drawn dashboard takes the section's full width under a centred heading, with the areas
 * it shows named above it; another drawing (a chat widget) sits beside the heading and the areas; without one,
 * a labelled wireframe, never fake figures.
 */
export function Preview({ section, ctx, level, headingId }: SectionProps<'preview'>) {
  const { mock } = section;
  const drawing = mock && <ProductMock mock={mock} intl={ctx.strings.intl} separator={ctx.strings.labelSeparator} />;
  if (mock?.kind === 'dashboard') {
    return (
      <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
        <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} />
        <ul className="-mt-4 mb-10 flex flex-wrap justify-center gap-2 sm:mb-12" data-preview-panels="">
          {section.panels.map((panel) => (
            <li
              key={panel}
              className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-200"
            >
              <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-500" />
              {panel}
            </li>
          ))}
        </ul>
        <div className="mx-auto max-w-6xl">{drawing}</div>
        <p className="mx-auto mt-6 max-w-3xl text-center text-sm text-balance text-slate-600">
          <KeepTogether text={section.caption} />
        </p>
      </SectionShell>
    );
  }
  if (drawing) {
    return (
      <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
        <div className="grid items-center gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
          <div>
            <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} center={false} />
            <div className="-mt-4 text-slate-700">
              <CheckList items={section.panels} />
            </div>
            <p className="mt-6 text-sm text-slate-600">
              <KeepTogether text={section.caption} />
            </p>
          </div>
          {drawing}
        </div>
      </SectionShell>
    );
  }
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} />
      <figure className="mx-auto max-w-5xl" data-preview-placeholder="">
        <div className="overflow-hidden rounded-panel bg-white shadow-raised ring-1 ring-slate-200">
          <div aria-hidden="true" className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3">
            <span className="size-3 rounded-full bg-slate-300" />
            <span className="size-3 rounded-full bg-slate-300" />
            <span className="size-3 rounded-full bg-slate-300" />
            <span className="ml-4 h-4 w-1/3 rounded bg-slate-200" />
          </div>
          <ul className="grid gap-4 p-6 sm:grid-cols-2">
            {section.panels.map((panel) => (
              <li key={panel} className="rounded-card border border-dashed border-slate-300 p-4">
                <span className="text-sm font-semibold text-slate-700">{panel}</span>
                <span aria-hidden="true" className="mt-3 block h-16 rounded-control bg-gradient-to-r from-brand-50 to-slate-100" />
              </li>
            ))}
          </ul>
        </div>
        <figcaption className="mt-4 text-center text-sm text-slate-600">{section.caption}</figcaption>
      </figure>
    </SectionShell>
  );
}
