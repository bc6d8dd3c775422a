/**
 * Static routes (legal pages, FAQ, sales guide, 404) download no script at all, on a first visit too: the
 * cookie banner is static HTML that the inline consent probe runs (SPEC §4; performance target "static
 * routes load no island JS").
 */
import { expect, test, type Page } from '@playwright/test';
import { storedCookie } from './support/cookies.ts';
import { acceptCookies, site, siteModel } from './support/site-content.ts';

/** The German banner's wording, as content/locales/de.yaml has it (SPEC quotes none of it). */
const bannerCopy = async () => (await siteModel()).locales.de!.cookieBanner;

const STATIC_ROUTES = ['/impressum', '/agb', '/datenschutz', '/faq', '/leitfaden', '/no-such-page'];

function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

// Both visits in one test and page: the returning visit is that browser after consent, as a visitor has it
// (a page of its own cost Chromium a renderer process).
for (const route of STATIC_ROUTES) {
  test(`${route}: a first visit downloads no script and shows the banner; a returning visitor downloads no script and sees no banner`, async ({
    page,
    context,
    baseURL,
  }) => {
    const scripts = scriptRequests(page);
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.cookie-banner')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts, 'first visit').toEqual([]);

    await acceptCookies(context, baseURL);
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts, 'returning visitor').toEqual([]);
    await expect(page.locator('.cookie-banner')).toBeHidden();
  });
}

test('/impressum on a first visit: accepting stores consent for a year and hides the banner, with no script downloaded', async ({ page, context }) => {
  const scripts = scriptRequests(page);
  await page.goto('/impressum');
  const copy = await bannerCopy();
  const banner = page.getByRole('region', { name: copy.title });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: copy.accept }).click();
  await expect(banner).toBeHidden();
  await expect(page.locator('html')).not.toHaveAttribute('data-consent');
  const cookie = await storedCookie(context, site.constants.cookies.consentName);
  expect(cookie).toMatchObject({ value: 'accepted', path: '/', sameSite: 'Lax', secure: false });
  expect(Math.abs(cookie.expires - Date.now() / 1000 - site.constants.cookies.consentMaxAgeSeconds)).toBeLessThan(120);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.cookie-banner')).toBeHidden();
  expect(scripts).toEqual([]);
});

test('/faq on a first visit: the details panel opens and closes by keyboard, and declining by keyboard stores nothing', async ({ page, context }) => {
  await page.goto('/faq');
  const copy = await bannerCopy();
  const banner = page.getByRole('region', { name: copy.title });
  const toggle = banner.getByRole('button', { name: copy.details!.show });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // The panel the toggle controls (its text is copy: each cookie with its lifetime from the constants).
  const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
  await expect(panel).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  const hide = banner.getByRole('button', { name: copy.details!.hide });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  await expect(hide).toBeFocused();
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(site.constants.cookies.sidebarStateName);
  await page.keyboard.press('Space');
  await expect(banner.getByRole('button', { name: copy.details!.show })).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
  await banner.getByRole('button', { name: copy.decline }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  expect((await context.cookies()).filter((c) => c.name === site.constants.cookies.consentName)).toEqual([]);
});
