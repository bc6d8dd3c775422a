/**
 * /chatbot on phones (issue #36): the page was 19 screens at 390 px and 21.5 at 360 px. The extras, what the
 * chatbots include and their technical features (`layout: folded`) are on phones one panel of titles that open
 * to the rest (native <details>, no JavaScript), every item and word on the page once, in SPEC §2's order; from
 * 640 px the same markup is the cards. The page's height on phones is held under a ceiling (21.5 and 19 screens in review
 * 5, 17.2 at 390 px before the extras folded, now about 17.2 and 15.3), so it does not grow back unnoticed.
 */
import { expect, test } from '@playwright/test';
import { foldedFindings, foldedTitles } from './support/folded.ts';
import { findingsAtEveryWidth } from './support/layout-widths.ts';

/** Screens (of the phone's own height) the page may take at most, first visit with the cookie bar. */
const MAX_SCREENS: Record<number, number> = { 360: 17.5, 390: 15.5 };

test('/chatbot on phones: long lists fold to titles that open to their text; cards from 640 px; the page under its ceiling at 360 and 390 px', async ({
  page,
}) => {
  await page.goto('/chatbot');
  const lists = page.locator('main > section [data-folded]');
  await expect(lists).toHaveCount(3);
  for (const list of await lists.all()) expect((await foldedTitles(list)).length).toBeGreaterThanOrEqual(4);
  const failures = await findingsAtEveryWidth(page, async (viewport) => {
    const found: string[] = [];
    for (const list of await lists.all()) found.push(...(await foldedFindings(list, viewport.width < 640)));
    const ceiling = MAX_SCREENS[viewport.width];
    if (ceiling) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      if (height / viewport.height > ceiling) found.push(`page ${height}px = ${(height / viewport.height).toFixed(1)} screens, over ${ceiling}`);
    }
    return found;
  });
  expect(failures).toEqual([]);
});
