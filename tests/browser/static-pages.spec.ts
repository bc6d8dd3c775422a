/**
 * Static routes (legal pages, FAQ, sales guide, 404) ship no island JS: only the consent probe, which adds
 * the island loader when the cookie banner must show (SPEC §4; performance target "static routes load no
 * island JS except the banner when it must show").
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies } from './support/site-content.ts';

const STATIC_ROUTES = ['/impressum', '/agb', '/datenschutz', '/faq', '/leitfaden', '/no-such-page'];

function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

for (const route of STATIC_ROUTES) {
  test(`${route}: a returning visitor downloads no script`, async ({ page, context, baseURL }) => {
    await acceptCookies(context, baseURL);
    const scripts = scriptRequests(page);
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    await expect(page.locator('.cookie-banner')).toBeHidden();
  });
}

test('/impressum on a first visit: the probe loads the banner, which works', async ({ page, context }) => {
  const scripts = scriptRequests(page);
  await page.goto('/impressum');
  const banner = page.locator('.cookie-banner');
  await expect(banner).toBeVisible();
  await expect(page.locator('[data-island="cookie-banner"][data-hydrated]')).toHaveCount(1);
  expect(scripts.some((url) => /^\/assets\/islands-\w+\.js$/.test(url))).toBe(true);
  expect(scripts.some((url) => /^\/assets\/CookieBanner-\w+\.js$/.test(url))).toBe(true);
  await banner.getByRole('button', { name: 'Akzeptieren' }).click();
  await expect(banner).toBeHidden();
  expect((await context.cookies()).find((c) => c.name === 'cookie-consent')?.value).toBe('accepted');
});
