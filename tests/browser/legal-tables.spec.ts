/**
 * The privacy policy's processor table and its right-to-object callout (design review 6 #13), at the five widths:
 * from 640 px a table whose rows read across; below, each row a block with every cell under its head, never
 * scrolling sideways, and still a table to screen readers (heads and cells by role). The right to object
 * (Art. 21 GDPR) is a bordered box in the text's weight, its first sentence bold.
 */
import { expect, test } from '@playwright/test';
import { acceptCookies } from './support/forms.ts';
import { findingsAtEveryWidth } from './support/layout-widths.ts';

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL!));

test('/datenschutz: the processors read across as a table from 640 px, as stacked rows below, never sideways', async ({ page }) => {
  await page.goto('/datenschutz');
  const table = page.locator('#empfaenger table[data-rich-table]');
  const findings = await findingsAtEveryWidth(page, async ({ width }) => {
    const found: string[] = [];
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) found.push(`the page is ${scrollWidth} px wide`);
    // Still a table to assistive technology at every width: four column heads, a row header and three cells a row.
    const heads = await table.getByRole('columnheader').count();
    const rows = await table.locator('tbody').getByRole('row').all();
    if (heads !== 4) found.push(`${heads} column heads`);
    for (const row of rows) {
      const name = (await row.getByRole('rowheader').innerText()).trim();
      const cells = await row.locator('th, td').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          const label = el.querySelector('[aria-hidden="true"]');
          return { top: r.top, bottom: r.bottom, left: r.left, label: label ? getComputedStyle(label).display !== 'none' : false };
        }),
      );
      const [first, ...rest] = cells;
      if (!first || rest.length !== 3 || (await row.getByRole('cell').count()) !== 3) found.push(`${name}: not a row header and three cells`);
      if (!first) continue;
      const stacked = rest.every((c, i) => c.top >= (cells[i]?.bottom ?? 0) - 1 && Math.abs(c.left - first.left) < 1);
      const across = rest.every((c) => Math.abs(c.top - first.top) < 1 && c.left > first.left);
      if (width < 640 && !(stacked && rest.every((c) => c.label))) found.push(`${name}: cells not stacked under their heads`);
      if (width >= 640 && !(across && rest.every((c) => !c.label))) found.push(`${name}: cells not side by side in one row`);
    }
    if (width >= 640 && !(await table.locator('thead').isVisible())) found.push('the column heads are not shown');
    return found;
  });
  expect(findings).toEqual([]);
});

test('/datenschutz: the right to object is a bordered box in the text weight, its first sentence bold', async ({ page }) => {
  await page.goto('/datenschutz');
  const callout = page.locator('#widerspruch [data-callout]');
  const findings = await findingsAtEveryWidth(page, async () => {
    const found: string[] = [];
    const box = await callout.evaluate((el) => {
      const s = getComputedStyle(el);
      return [s.borderTopWidth, s.borderRightWidth, s.borderBottomWidth, s.borderLeftWidth].map(parseFloat);
    });
    if (box.some((w) => w < 1)) found.push(`border ${box.join('/')}`);
    const paragraphs = await callout.locator('p').evaluateAll((ps) =>
      ps.map((p) => ({
        weight: getComputedStyle(p).fontWeight,
        text: p.textContent ?? '',
        strong: [...p.querySelectorAll('strong')].map((s) => s.textContent ?? ''),
      })),
    );
    if (paragraphs.length !== 2) found.push(`${paragraphs.length} paragraphs`);
    if (paragraphs.some((p) => p.weight !== '400')) found.push(`paragraph weights ${paragraphs.map((p) => p.weight).join(', ')}`);
    const [first, ...others] = paragraphs;
    const sentence = first?.strong[0] ?? '';
    // Bold: the first sentence and nothing else.
    if (!(first?.strong.length === 1 && sentence.endsWith('.') && first.text.startsWith(sentence) && first.text.length > sentence.length + 20))
      found.push(`the bold part is not the first sentence: "${sentence}"`);
    if (others.some((p) => p.strong.length > 0)) found.push('bold beyond the first sentence');
    return found;
  });
  expect(findings).toEqual([]);
});
