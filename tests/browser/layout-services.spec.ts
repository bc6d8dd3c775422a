/**
 * The home pages' services (design review 6 #7): six cards of about 450 px made three phone screens. Below
 * 640 px they are one panel of titles (with their price) that open to the rest of the card, native <details>
 * without JavaScript; the card with a page of its own keeps its button to it in sight. From 640 px the same
 * markup is the cards, with no toggle left. Every home page stays under a height ceiling on phones (first
 * visit, cookie bar shown).
 */
import { expect, test } from '@playwright/test';
import { foldedFindings, foldedTitles } from './support/folded.ts';
import { findingsAtEveryWidth } from './support/layout-widths.ts';

const HOMES = ['/', '/fr', '/en', '/es'];
/** Screens (of the phone's own height) a home page may take at most: 19.1–21.8 and 17.9–19.3 before the fold. */
const MAX_SCREENS: Record<number, number> = { 360: 19.5, 390: 17.5 };

for (const route of HOMES) {
  test(`${route}: services fold to titles on phones, the link onward in sight; cards from 640 px; the page under its ceiling`, async ({ page }) => {
    await page.goto(route);
    const folded = page.locator('main > section [data-folded]');
    await expect(folded).toHaveCount(1);
    const titles = await foldedTitles(folded);
    expect(titles.length, titles.join(', ')).toBeGreaterThanOrEqual(4);
    const failures = await findingsAtEveryWidth(page, async (viewport) => {
      const phone = viewport.width < 640;
      const found = await foldedFindings(folded, phone);
      // The way to a page of its own stays in sight, outside the fold; the contact buttons are inside it.
      const onward = folded.locator(':scope > li > details ~ * a[href^="/"]');
      if ((await onward.count()) < 1 || !(await onward.first().isVisible())) found.push('no link onward in sight');
      const inside = folded.locator('details a').first();
      if (phone === (await inside.isVisible())) found.push(`the buttons inside the fold are ${phone ? 'shown while it is closed' : 'hidden'}`);
      if (phone) {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const ceiling = MAX_SCREENS[viewport.width];
        if (ceiling && height / viewport.height > ceiling) found.push(`page ${height}px = ${(height / viewport.height).toFixed(1)} screens, over ${ceiling}`);
      }
      return found;
    });
    expect(failures, route).toEqual([]);
  });
}
