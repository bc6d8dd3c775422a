import { cardLayout, gridColumns } from '../grid.ts';
import { IconBadge } from '../icons.tsx';
import { KeepTogether } from '../keep-together.tsx';
import { MarkedInline } from '../rich-text.tsx';
import { ModelChoice, platformMockOf } from '../mocks/ModelChoice.tsx';
import { CheckList, SectionHeading, SectionShell } from '../ui.tsx';
import type { SectionProps } from './props.ts';

/*
 * Two treatments besides the card grid, so a long page does not repeat one module (DESIGN.md, "Feature
 * sections"): a list of entries without boxes under a rule, and a spotlight (the first item as a large tile,
 * the others as rows in one panel beside it). Same content fields as the cards.
 */

type Item = SectionProps<'features'>['section']['items'][number];

/** An item's text and its check-marked points: the part every treatment of a feature item shares. */
export function ItemText({ item, dark, className }: { item: Item; dark: boolean; className: string }) {
  return (
    <>
      <p className={className}>
        <MarkedInline owner={item} field="text" />
      </p>
      {item.points.length > 0 && (
        <div className={`mt-4 text-sm ${dark ? 'text-slate-300' : 'text-slate-700'}`}>
          <CheckList items={item.points} dark={dark} />
        </div>
      )}
    </>
  );
}

/** Entries without boxes, each under a rule: icon, title, text; the icon beside the title while they stack. */
export function FeatureList({ section, level, headingId }: SectionProps<'features'>) {
  const dark = section.tone === 'dark' || section.tone === 'brand';
  const layout = cardLayout(section.items.length);
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} dark={dark} />
      <ul className={`grid gap-x-10 gap-y-8 ${layout.list} ${gridColumns(section.items.length, section.columns)}`} data-features="list">
        {section.items.map((item, i) => (
          <li key={i} className={`border-t-2 pt-5 sm:pt-6 ${dark ? 'border-brand-400/60' : 'border-brand-600'}`}>
            <div className={layout.head}>
              {item.icon && (
                <IconBadge name={item.icon} className={`inline-flex size-7 flex-none items-center ${dark ? 'text-brand-300' : 'text-brand-600'}`} />
              )}
              <h3 className={`text-h3 font-semibold ${layout.title} ${dark ? 'text-white' : 'text-slate-900'}`}>
                <KeepTogether text={item.title} />
              </h3>
            </div>
            <ItemText item={item} dark={dark} className={`mt-2 ${dark ? 'text-slate-300' : 'text-slate-600'}`} />
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}

/** Rows the spotlight's tile spans beside the others from 1024 px (written out, so Tailwind finds them). */
const ROW_SPAN: Record<number, string> = { 2: 'lg:row-span-2', 3: 'lg:row-span-3', 4: 'lg:row-span-4', 5: 'lg:row-span-5', 6: 'lg:row-span-6' };

/**
 * The first item as a large tile in the brand colour, the others as the rows of one panel beside it (below
 * it on phones). One list: the tile spans the rows of the panel's column.
 */
export function FeatureSpotlight({ section, ctx, level, headingId }: SectionProps<'features'>) {
  const dark = section.tone === 'dark' || section.tone === 'brand';
  const [first, ...rest] = section.items;
  if (!first) return null;
  const picker = first.drawing === 'model-choice' ? platformMockOf(ctx.entry.page) : undefined;
  const row = dark ? 'border-white/10 bg-white/5' : 'border-slate-200 bg-white';
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} dark={dark} />
      <ul className="grid lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-x-6" data-features="spotlight">
        <li
          className={`mb-4 flex flex-col rounded-panel bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-mock sm:mb-6 sm:p-8 lg:mb-0 lg:p-10 ${ROW_SPAN[rest.length] ?? ''}`}
        >
          {first.icon && (
            <IconBadge
              name={first.icon}
              className="inline-flex size-12 flex-none items-center justify-center rounded-control bg-white/10 text-white ring-1 ring-white/20"
            />
          )}
          <h3 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">
            <KeepTogether text={first.title} />
          </h3>
          <ItemText item={first} dark className="mt-3 text-lead text-brand-100" />
          {picker && <ModelChoice mock={picker} />}
        </li>
        {rest.map((item, i) => (
          <li
            key={i}
            className={`flex gap-4 border-x border-b px-5 py-5 sm:px-8 sm:py-6 lg:col-start-2 ${row} ${i === 0 ? 'rounded-t-panel border-t' : ''} ${i === rest.length - 1 ? 'rounded-b-panel' : ''}`}
          >
            {item.icon && (
              <IconBadge
                name={item.icon}
                className={`inline-flex size-10 flex-none items-center justify-center rounded-control ${dark ? 'bg-brand-500/20 text-brand-200' : 'bg-brand-50 text-brand-700'}`}
              />
            )}
            <div>
              <h3 className={`text-h3 font-semibold ${dark ? 'text-white' : 'text-slate-900'}`}>
                <KeepTogether text={item.title} />
              </h3>
              <ItemText item={item} dark={dark} className={`mt-1 ${dark ? 'text-slate-300' : 'text-slate-600'}`} />
            </div>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
