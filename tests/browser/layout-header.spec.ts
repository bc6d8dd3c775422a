/**
 * The phone and tablet header (design review 15): below 1024 px it offers the other languages in a menu beside the
 * chat button, on the pages another language has, and keeps the logo's mark at every width; it stays one row.
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, localeFile, pageAt } from './support/site-content.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

const TRANSLATED = ['/', '/fr', '/es', '/education', '/es/education'];
const GERMAN_ONLY = ['/chatbot', '/impressum', '/faq'];
const LANGUAGES = ['de', 'fr', 'en', 'es'];

const menu = (page: Page) => page.locator('header details.language-menu');

/** The header's controls all lie on one row of the 64 px bar, inside the window. */
async function oneRow(page: Page, width: number): Promise<string[]> {
  return page.locator('header').evaluate((header, width) => {
    const problems: string[] = [];
    const bar = header.firstElementChild!.getBoundingClientRect();
    if (Math.round(bar.height) !== 64) problems.push(`the bar is ${Math.round(bar.height)} px tall`);
    for (const control of header.querySelectorAll<HTMLElement>('a, summary, button')) {
      if (control.closest('details:not([open]) > ul')) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.top < bar.top - 1 || box.bottom > bar.bottom + 1) problems.push(`"${control.textContent}" leaves the bar`);
      if (box.right > width || box.left < 0) problems.push(`"${control.textContent}" leaves the window`);
    }
    return problems;
  }, width);
}

for (const width of [360, 390, 768]) {
  test(`at ${width} px the header offers the languages on translated pages only, one row, mark shown`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const route of TRANSLATED) {
      await page.goto(route);
      const { locale } = await pageAt(route);
      const summary = menu(page).locator('summary');
      await expect(summary, route).toBeVisible();
      await expect(summary, route).toHaveAccessibleName(localeFile(locale).header.languageMenu);
      await expect(menu(page), route).not.toHaveAttribute('open');
      await expect(menu(page).locator('a[hreflang]').first(), route).toBeHidden();
      const box = (await summary.boundingBox())!;
      expect(Math.min(box.width, box.height), `${route}: the menu's button`).toBeGreaterThanOrEqual(44);
      await expect(page.locator('header a[aria-label] svg'), route).toBeVisible();
      expect(await oneRow(page, width), route).toEqual([]);
    }
    for (const route of GERMAN_ONLY) {
      await page.goto(route);
      await expect(menu(page), route).toHaveCount(0);
      await expect(page.locator('header a[hreflang]').filter({ visible: true }), route).toHaveCount(0);
      await expect(page.locator('header a[aria-label] svg'), route).toBeVisible();
      expect(await oneRow(page, width), route).toEqual([]);
    }
  });
}

test('the language menu opens by keyboard, reaches every language, and leads to the page in the chosen one', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/fr/education');
  const summary = menu(page).locator('summary');
  for (let presses = 0; presses < 20 && !(await summary.evaluate((s) => s === document.activeElement)); presses++) await page.keyboard.press('Tab');
  await expect(summary).toBeFocused();
  expect(await summary.evaluate((s) => getComputedStyle(s).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(menu(page)).toHaveAttribute('open');

  const reached: { lang: string | null; hreflang: string | null; current: string | null; height: number; covered: boolean }[] = [];
  for (let i = 0; i < LANGUAGES.length; i++) {
    await page.keyboard.press('Tab');
    reached.push(
      await page.evaluate(() => {
        const a = document.activeElement as HTMLAnchorElement;
        const box = a.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return {
          lang: a.getAttribute('lang'),
          hreflang: a.getAttribute('hreflang'),
          current: a.getAttribute('aria-current'),
          height: box.height,
          covered: !a.contains(hit) || box.right > window.innerWidth,
        };
      }),
    );
  }
  expect(reached.map((r) => r.hreflang)).toEqual(LANGUAGES);
  expect(reached.map((r) => r.lang)).toEqual(LANGUAGES);
  expect(reached.map((r) => r.current)).toEqual([null, 'page', null, null]);
  expect(reached.filter((r) => r.height < 44 || r.covered)).toEqual([]);

  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/education$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('from 1024 px the header lists the languages in its row and has no menu', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto('/fr');
  await expect(menu(page)).toBeHidden();
  await expect(page.locator('header a[hreflang]').filter({ visible: true })).toHaveCount(4);
});
