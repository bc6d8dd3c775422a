/**
 * Layout findings of design reviews 10a/10b (issue #36): the hero's figures on an equal column grid, the footer's
 * plain entries one a line, no model chip alone on a line of the hero drawing, the /chatbot claims as items that
 * never split, and the not-found page's English title followed by a line in the page's language.
 */
import { expect, test } from '@playwright/test';
import { findingsAtEveryWidth } from './support/layout-widths.ts';
import { readAs } from './support/site-content.ts';

test.describe.configure({ timeout: 180_000 });

const LANDINGS = ['/', '/fr', '/en', '/es', '/education', '/fr/education', '/en/education', '/es/education', '/chatbot'];

test('hero figures: from 1024 px one row of equal, left-aligned columns starting at the row’s left edge', async ({ page }) => {
  const failures: string[] = [];
  for (const route of LANDINGS) {
    await page.goto(route);
    failures.push(
      ...(
        await findingsAtEveryWidth(page, async (viewport) => {
          if (viewport.width < 1024) return [];
          return page.evaluate(() => {
            const row = document.querySelector('[data-hero-stats]');
            if (!row) return ['no figures row'];
            const left = row.getBoundingClientRect().left + parseFloat(getComputedStyle(row).paddingLeft);
            const items = [...row.children].map((item) => ({ box: item.getBoundingClientRect(), align: getComputedStyle(item).textAlign }));
            const found: string[] = [];
            if (Math.abs(items[0]!.box.left - left) > 1) found.push(`first figure at ${items[0]!.box.left}, row starts at ${left}`);
            if (new Set(items.map((i) => Math.round(i.box.top))).size > 1) found.push('figures on more than one row');
            const widths = items.map((i) => Math.round(i.box.width));
            if (Math.max(...widths) - Math.min(...widths) > 1) found.push(`column widths ${widths.join(', ')}`);
            for (const i of items) if (i.align !== 'left' && i.align !== 'start') found.push(`a figure aligned ${i.align}`);
            return found;
          });
        })
      ).map((f) => `${route} ${f}`),
    );
  }
  expect(failures).toEqual([]);
});

test('footer: the plain entries (industries) stand one a line from 640 px, like the link columns', async ({ page }) => {
  await page.goto('/');
  const failures = await findingsAtEveryWidth(page, async (viewport) => {
    if (viewport.width < 640) return [];
    const tops = await page.locator('[data-plain-entries] > li').evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
    return new Set(tops).size === tops.length ? [] : [`entries share lines: tops ${tops.join(', ')}`];
  });
  expect(failures).toEqual([]);
});

test('hero drawing: no model chip stands alone on a line at any width', async ({ page }) => {
  const failures: string[] = [];
  for (const route of ['/', '/fr', '/en', '/es']) {
    await page.goto(route);
    failures.push(
      ...(
        await findingsAtEveryWidth(page, () =>
          page.evaluate(() => {
            const picker = document.querySelector('[data-model-picker]');
            if (!picker) return ['no model picker'];
            const chips = [...picker.querySelectorAll('.rounded-full')].map((chip) => ({
              text: chip.textContent,
              top: Math.round(chip.getBoundingClientRect().top + chip.getBoundingClientRect().height / 2),
            }));
            const lines = new Map<number, string[]>();
            for (const chip of chips) lines.set(chip.top, [...(lines.get(chip.top) ?? []), chip.text ?? '']);
            return [...lines.values()].filter((line) => line.length === 1).map((line) => `"${line[0]}" alone on a line`);
          }),
        )
      ).map((f) => `${route} ${f}`),
    );
  }
  expect(failures).toEqual([]);
});

test('/chatbot hero claims: each claim on one line, no separator left at a line’s end', async ({ page }) => {
  await page.goto('/chatbot');
  const claims = page.locator('[data-hero-claims] > li');
  await expect(claims).toHaveCount(3);
  await expect(claims.nth(1)).toHaveText(readAs('auch monatlich kündbar'));
  const failures = await findingsAtEveryWidth(page, async () => {
    const found = await claims.evaluateAll((items) =>
      items
        .filter((li) => li.getClientRects().length !== 1 || li.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(li).lineHeight))
        .map((li) => `"${li.textContent}" splits`),
    );
    const text = await page.locator('[data-hero-claims]').textContent();
    if (text?.includes('·')) found.push('a middle dot in the claims');
    return found;
  });
  expect(failures).toEqual([]);
});

test('not-found: SPEC’s English title, then a line in the page’s language (none on /en)', async ({ page }) => {
  for (const [route, subtitle] of [
    ['/this-does-not-exist', 'Seite nicht gefunden'],
    ['/fr/nope', 'Page introuvable'],
    ['/es/nope', 'Página no encontrada'],
    ['/en/nope', null],
  ] as const) {
    await page.goto(route);
    if (subtitle) await expect(page.locator('h1')).toHaveAttribute('lang', 'en');
    await expect(page.locator('h1')).toHaveText(readAs('Oops! Page not found'));
    const line = page.locator('h1 + [data-subtitle]');
    if (subtitle) await expect(line).toHaveText(readAs(subtitle));
    else await expect(line).toHaveCount(0);
  }
});
