import type { ReactNode } from 'react';
import type { IconName } from '../../schema/text.ts';
import { IconBadge } from '../icons.tsx';
import { KeepTogether } from '../keep-together.tsx';
import { DisclosureChevron } from '../ui.tsx';

/**
 * A `layout: folded` list: on phones one panel whose items are rows, from 640 px a grid of cards. `grid` is the
 * list's column classes from 640 px (render/grid.ts).
 */
export function foldedListClass(grid: string): string {
  return `grid gap-0 divide-y divide-slate-200 rounded-card bg-white shadow-card ring-1 ring-slate-200 sm:gap-6 sm:divide-y-0 sm:rounded-none sm:bg-transparent sm:shadow-none sm:ring-0 ${grid}`;
}

/**
 * A list of tiles: on phones two columns of icon-and-title tiles, each opening to its text beneath its row
 * (styles.css, "Folded rows", which also sets their gaps), from 640 px the same cards as `foldedListClass`.
 */
export function foldedTilesClass(grid: string): string {
  return `grid grid-cols-2 sm:gap-6 ${grid}`;
}

/** The card's surface from 640 px; a row of the panel below. */
const CARD_FROM_SM =
  'sm:flex sm:flex-col sm:p-6 sm:rounded-card sm:bg-white sm:shadow-card sm:ring-1 sm:ring-slate-200 sm:transition sm:duration-300 sm:ease-out-soft sm:hover:-translate-y-0.5 sm:hover:shadow-raised';
const ROW = `px-4 ${CARD_FROM_SM}`;
const TILE = CARD_FROM_SM;

/** What a folded list's items are on phones: the rows of one panel, or tiles two to a row. */
export type FoldShape = 'row' | 'tile';

/**
 * One item of a folded list, one markup at every width (styles.css, "Folded rows"). On phones: a row of icon,
 * title and an optional line under it (a price) that opens to `children`, a native <details> without JavaScript
 * whose summary lies over the whole row. From 640 px: a card showing everything, its summary gone, so a screen
 * reader or a keyboard meets no toggle that does nothing. `after` stays in sight on phones, outside the fold
 * (a card's way to a page of its own). `id` names the title, which names the summary. `shape` is what it is on
 * phones: a `row` of a `foldedListClass` panel, or a `tile` of icon and title in a `foldedTilesClass` list, whose
 * text opens beneath its row of two.
 */
export function FoldedRow({
  id,
  icon,
  title,
  sub,
  after,
  shape = 'row',
  children,
}: {
  id: string;
  icon?: IconName;
  title: ReactNode;
  sub?: string;
  after?: ReactNode;
  shape?: FoldShape;
  children: ReactNode;
}) {
  const subId = `${id}-sub`;
  return (
    <li className={shape === 'tile' ? TILE : ROW} data-fold={shape}>
      {icon && (
        <IconBadge
          name={icon}
          className="inline-flex size-8 flex-none items-center justify-center self-start rounded-control bg-brand-50 text-brand-700 sm:size-11"
        />
      )}
      <h3 id={id} className="font-semibold text-slate-900 sm:mt-4 sm:text-h3" data-fold-title="">
        {title}
      </h3>
      {/* From 640 px the line comes after the card's text, before its checks (styles.css orders it). */}
      {sub && (
        <p id={subId} className="text-sm font-medium text-brand-700 sm:mt-3 sm:font-semibold" data-fold-sub="">
          <KeepTogether text={sub} />
        </p>
      )}
      <details className="group">
        <summary aria-labelledby={sub ? `${id} ${subId}` : id}>
          <DisclosureChevron className="flex-none transition-transform duration-300 ease-out-soft" />
        </summary>
        {children}
      </details>
      {after}
    </li>
  );
}
