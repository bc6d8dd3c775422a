/**
 * What the folded lists (`layout: folded`, render/sections/FoldedRow.tsx) must do at one width: one markup that
 * is a panel of rows opening to their text on phones, and cards showing everything from 640 px with no toggle
 * left for a keyboard or a screen reader.
 */
import type { Locator } from '@playwright/test';

/** The titles of a folded list's items, without soft hyphens or footnote marks. */
export async function foldedTitles(list: Locator): Promise<string[]> {
  return list.locator(':scope > li [data-fold-title]').evaluateAll((titles) =>
    titles.map((title) => {
      const copy = title.cloneNode(true) as Element;
      copy.querySelectorAll('sup').forEach((mark) => mark.remove());
      return (copy.textContent ?? '').replace(/\u00ad/g, '').trim();
    }),
  );
}

/**
 * Findings for one folded list at the current width. On phones every row's text is folded away and its summary
 * shows; a tap on the title opens the row (the summary lies over it) and a second closes it. From 640 px no
 * summary is rendered and every item's text shows.
 */
export async function foldedFindings(list: Locator, phone: boolean): Promise<string[]> {
  const found: string[] = [];
  const items = list.locator(':scope > li');
  const count = await items.count();
  if (count < 4) found.push(`${count} items`);
  for (let i = 0; i < count; i++) {
    const item = items.nth(i);
    const summary = item.locator('summary');
    const text = item.locator('details p').first();
    const title = (await item.locator('[data-fold-title]').textContent())?.replace(/\u00ad/g, '');
    if (!phone) {
      if (await summary.isVisible()) found.push(`"${title}": a summary shows from 640 px`);
      if (!(await text.isVisible())) found.push(`"${title}": the card's text is hidden`);
      continue;
    }
    if (!(await summary.isVisible())) found.push(`"${title}": no summary on a phone`);
    if (await text.isVisible()) found.push(`"${title}": the text shows before the row is opened`);
    // A tap where the title is drawn reaches the summary laid over it.
    await item.locator('[data-fold-title]').click({ position: { x: 8, y: 8 }, force: true });
    if (!(await text.isVisible())) found.push(`"${title}": a tap on the title does not open the row`);
    await summary.click();
    if (await text.isVisible()) found.push(`"${title}": a second tap does not close the row`);
  }
  return found;
}
