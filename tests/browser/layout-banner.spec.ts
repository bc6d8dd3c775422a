/**
 * The cookie strip on a first visit (issue #36, design review 3): on phones one sentence and one row of
 * choices, at most 120 px tall at 360 px in every language (it was 179–219 px, up to 28 % of the first
 * screen), the cookie names set as code chips in the details; and the keyboard meets it first, where it shows.
 */
import { expect, test } from '@playwright/test';
import { linesOf } from './support/text-lines.ts';

const HOMES = ['/', '/fr', '/en', '/es'];
const STRIP_MAX = 120;

for (const route of HOMES) {
  test(`${route}: the cookie strip is at most ${STRIP_MAX} px at 360 px, its choices on one row`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(route);
    const strip = page.locator('.cookie-banner');
    await expect(strip).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const box = await strip.boundingBox();
    expect(box?.height, 'strip height').toBeLessThanOrEqual(STRIP_MAX);
    // One row: every button shares the first one's top.
    const tops = await strip.getByRole('button').evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThanOrEqual(2);
    expect(new Set(tops).size, `button tops ${tops.join(', ')}`).toBe(1);
    // Still named by its heading for screen readers, though the heading shows only from `sm`.
    await expect(page.getByRole('region', { name: (await strip.locator('h2').textContent()) ?? '' })).toBeVisible();
  });
}

test('the first Tab lands in the cookie strip, which shows first on screen', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('.cookie-banner')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.locator('.cookie-banner [data-consent-choice="accepted"]')).toBeFocused();
});

test('the details name each cookie as a code chip, not in bold', async ({ page }) => {
  await page.goto('/en');
  const strip = page.locator('.cookie-banner');
  await strip.locator('[aria-controls="cookie-banner-details"]').click();
  const chips = strip.locator('#cookie-banner-details code');
  await expect(chips).toHaveText(['cookie-consent', 'sidebar-state']);
  await expect(strip.locator('#cookie-banner-details strong')).toHaveCount(0);
});

test('the French strip, which has no details, names both cookies in one plain sentence, without code chips', async ({ page }) => {
  await page.goto('/fr');
  const strip = page.locator('.cookie-banner');
  await expect(strip).toBeVisible();
  await expect(strip).toContainText(/cookie-consent\b.*\bsidebar[-\u2011]state\b/);
  await expect(strip.locator('code')).toHaveCount(0);
});

for (const width of [360, 390, 768, 1280, 1440]) {
  test(`/fr at ${width} px: the cookie names never break at their hyphen (design review 16 #1)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/fr');
    const text = page.locator('.cookie-banner [data-cookie-text]');
    await expect(text).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    for (const name of ['cookie-consent', 'sidebar-state']) {
      const lines = await text.evaluate(linesOf, name);
      expect(lines, `${name}: the tops of its lines`).toHaveLength(1);
    }
  });
}
