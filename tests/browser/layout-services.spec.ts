/**
 * The home pages' services on phones (design review 6 #7): six cards of about 450 px made three phone screens.
 * Below 640 px they are one panel of titles (with their price) that open to the rest of the card, native
 * <details> without JavaScript; the card with a page of its own keeps its button to it in sight. From 640 px
 * they are the cards. Every home page stays under a height ceiling on phones (first visit, cookie bar shown).
 */
import { expect, test } from '@playwright/test';
import { findingsAtEveryWidth } from './support/layout-widths.ts';

const HOMES = ['/', '/fr', '/en', '/es'];
/** Screens (of the phone's own height) a home page may take at most: 19.1–21.8 and 17.9–19.3 before the fold. */
const MAX_SCREENS: Record<number, number> = { 360: 19.5, 390: 17.5 };

for (const route of HOMES) {
  test(`${route}: services fold to titles on phones, the link onward in sight; cards from 640 px; the page under its ceiling`, async ({ page }) => {
    await page.goto(route);
    const section = page.locator('main > section', { has: page.locator('[data-folded]') });
    await expect(section).toHaveCount(1);
    const failures = await findingsAtEveryWidth(page, async (viewport) => {
      const found: string[] = [];
      const phone = viewport.width < 640;
      const folded = section.locator('[data-folded]');
      const cards = section.locator('ul:not([data-folded])').first().locator(':scope > li');
      const titles = (await cards.locator('h3').allTextContents()).map((t) => t.replace(/\u00ad/g, '').trim());
      const summaries = (await folded.locator('summary [data-fold-title]').allTextContents()).map((t) => t.replace(/\u00ad/g, '').trim());
      if (titles.length < 4 || summaries.join('|') !== titles.join('|')) found.push(`summaries ${summaries.join(', ')} against cards ${titles.join(', ')}`);
      if (phone !== (await folded.isVisible())) found.push(`the folded list is ${phone ? 'hidden' : 'shown'}`);
      if (phone === (await cards.first().isVisible())) found.push(`the cards are ${phone ? 'shown' : 'hidden'}`);
      if (phone) {
        // The way to a page of its own stays in sight, outside the fold; the contact buttons are inside it.
        const onward = folded.locator(':scope > li > a[href^="/"], :scope > li > div > a[href^="/"]');
        if ((await onward.count()) < 1 || !(await onward.first().isVisible())) found.push('no link onward in sight');
        if (await folded.locator('details a').first().isVisible()) found.push('a closed fold shows its button');
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const ceiling = MAX_SCREENS[viewport.width];
        if (ceiling && height / viewport.height > ceiling) found.push(`page ${height}px = ${(height / viewport.height).toFixed(1)} screens, over ${ceiling}`);
      }
      return found;
    });
    expect(failures, route).toEqual([]);
  });
}
