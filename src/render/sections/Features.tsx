import { cardLayout, gridColumns, isCompactList } from '../grid.ts';
import { IconBadge } from '../icons.tsx';
import { KeepTogether } from '../keep-together.tsx';
import { MarkedInline } from '../rich-text.tsx';
import { cardClass, SectionHeading, SectionShell } from '../ui.tsx';
import { FoldedRow, foldedListClass, foldedTilesClass, type FoldShape } from './FoldedRow.tsx';
import { addonLine } from '../offer.tsx';
import type { RenderContext } from '../context.ts';
import { FeatureList, FeatureSpotlight, ItemText } from './FeatureLayouts.tsx';
import type { SectionProps } from './props.ts';

/** An add-on's prices from the offer data, so the panel and every other page quote the same figures. */
function AddonPrice({ ctx, addon }: { ctx: RenderContext; addon: string }) {
  const line = addonLine(ctx, addon);
  return line ? (
    <p className="mt-1 text-sm font-medium text-brand-800" data-addon={addon}>
      <KeepTogether text={line} />
    </p>
  ) : null;
}

export function Features(props: SectionProps<'features'>) {
  switch (props.section.layout) {
    case 'addons':
      return <AddOns {...props} />;
    case 'plain':
      return <FeatureList {...props} />;
    case 'spotlight':
      return <FeatureSpotlight {...props} />;
    case 'folded':
      return <FoldedFeatures {...props} />;
    default:
      return <FeatureCards {...props} />;
  }
}

/** A card from 640 px only: below it the item is an entry of a list (the two variants below). */
const CARD_FROM_SM =
  'sm:rounded-card sm:bg-white sm:shadow-card sm:ring-1 sm:ring-slate-200 transition duration-300 ease-out-soft hover:-translate-y-0.5 hover:shadow-raised';

/**
 * An item of a compact list (the ten learning modes): on phones two columns of plain entries under a hairline,
 * no box, so a column keeps its whole width for titles like "Geschichtenerzähler". Titles wrap greedily: balancing
 * broke words that fit ("Conver-sation practice") to even out the lines. On phones the entries are their titles
 * alone: the descriptions in 13 px beside each other, a hyphen every few lines, were hard to read (review 10b #11). In
 * rows of five (from 1280 px) a card is 211 px wide: with 16 px padding that word fits a 16 px title, not an 18 px one.
 */
const COMPACT_ITEM = `border-t border-slate-200 pt-3 sm:border-0 sm:p-5 xl:p-4 ${CARD_FROM_SM}`;

/**
 * Six or more cards (what a chatbot includes, its technical features) are on phones the rows of one panel,
 * not a stack of boxes: the same words in about half the height (/chatbot was 19 screens at 390 px).
 */
const LONG_LIST = 'max-sm:gap-0 max-sm:rounded-card max-sm:bg-white max-sm:px-4 max-sm:shadow-card max-sm:ring-1 max-sm:ring-slate-200';
const LONG_ITEM = `border-t border-slate-200 py-4 first:border-t-0 sm:border-t-0 sm:p-6 ${CARD_FROM_SM}`;
const isLongList = (count: number) => count >= 6;

/**
 * `layout: folded`: on phones two columns (an even count) of icon-and-title tiles, each opening to its text in a panel
 * beneath its row, where the text is detail the title already announces (as rows, /chatbot's two lists were 24 rows
 * of a screen's width); the cards from 640 px. One markup (FoldedRow): each title and text is in the page once.
 */
function FoldedFeatures({ section, level, headingId }: SectionProps<'features'>) {
  const dark = section.tone === 'dark' || section.tone === 'brand';
  // An odd count would leave one tile alone in the last row: those stay rows.
  const shape: FoldShape = section.items.length % 2 === 0 ? 'tile' : 'row';
  const grid = gridColumns(section.items.length, section.columns);
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} dark={dark} />
      <ul className={shape === 'tile' ? foldedTilesClass(grid) : foldedListClass(grid)} data-folded={shape === 'tile' ? 'tiles' : ''}>
        {section.items.map((item, i) => (
          <FoldedRow key={i} id={`${headingId}-${i}`} icon={item.icon} title={<KeepTogether text={item.title} />} shape={shape}>
            <ItemText item={item} dark={false} className="text-[0.9375rem] text-slate-600 sm:mt-2 sm:text-base" />
          </FoldedRow>
        ))}
      </ul>
    </SectionShell>
  );
}

function FeatureCards({ section, level, headingId }: SectionProps<'features'>) {
  const dark = section.tone === 'dark' || section.tone === 'brand';
  const layout = cardLayout(section.items.length);
  // A compact list (the ten learning modes) keeps its cards small while two share a phone's row.
  const compact = isCompactList(section.items.length);
  const long = !compact && !dark && isLongList(section.items.length);
  const itemClass = compact && !dark ? COMPACT_ITEM : long ? LONG_ITEM : `${compact ? 'p-4 sm:p-5' : 'p-5 sm:p-6'} ${cardClass(dark)}`;
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} dark={dark} />
      <ul
        className={`grid ${compact ? 'gap-x-4 gap-y-5 sm:gap-4' : 'gap-4 sm:gap-6'} ${long ? LONG_LIST : ''} ${layout.list} ${gridColumns(section.items.length, section.columns)}`}
      >
        {section.items.map((item, i) => (
          <li key={i} className={itemClass}>
            {/* One column: icon beside the title (a row saved per card); side by side: icon above. */}
            <div className={layout.head}>
              {item.icon && (
                <IconBadge
                  name={item.icon}
                  className={`inline-flex flex-none items-center justify-center rounded-control sm:size-11 ${compact || long ? 'size-8' : 'size-10'} ${dark ? 'bg-brand-500/20 text-brand-200' : 'bg-brand-50 text-brand-700'}`}
                />
              )}
              <h3
                className={`${compact ? 'text-[0.9375rem] leading-snug text-wrap sm:text-lg xl:text-base' : 'text-h3'} font-semibold ${layout.title} ${dark ? 'text-white' : 'text-slate-900'}`}
              >
                <KeepTogether text={item.title} />
              </h3>
            </div>
            <ItemText
              item={item}
              dark={dark}
              className={`${compact ? 'hidden sm:mt-2 sm:block sm:text-sm' : long ? 'mt-1 text-[0.9375rem] sm:mt-2 sm:text-base' : 'mt-2'} ${dark ? 'text-slate-300' : 'text-slate-600'}`}
            />
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}

/** Optional add-ons as one compact panel of rows (icon, name, text): part of the offer, not a product catalogue. */
function AddOns({ section, ctx, level, headingId }: SectionProps<'features'>) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <div className="grid gap-6 rounded-panel bg-brand-50/60 p-5 ring-1 ring-brand-100 sm:p-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-10">
        <div>
          {section.eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{section.eyebrow}</p>}
          <Heading id={headingId} className="mt-2 text-h3 font-bold text-slate-900 sm:text-2xl">
            <KeepTogether text={section.title} />
          </Heading>
          {section.lead && (
            <p className="mt-3 text-slate-600">
              <KeepTogether text={section.lead} />
            </p>
          )}
        </div>
        <ul className="divide-y divide-brand-100">
          {section.items.map((item, i) => (
            <li key={i} className="flex gap-4 py-4 first:pt-0 last:pb-0">
              {item.icon && (
                <IconBadge
                  name={item.icon}
                  className="inline-flex size-10 flex-none items-center justify-center rounded-control bg-white text-brand-700 shadow-card"
                />
              )}
              <div>
                <h3 className="font-semibold text-slate-900">
                  <KeepTogether text={item.title} />
                </h3>
                <p className="mt-1 text-sm text-slate-600">
                  <MarkedInline owner={item} field="text" />
                </p>
                {item.addon && <AddonPrice ctx={ctx} addon={item.addon} />}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </SectionShell>
  );
}
