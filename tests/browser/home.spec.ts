import { expect, test, type Page } from '@playwright/test';
import { storedCookie } from './support/cookies.ts';
import type { Section } from '../../src/schema/sections/index.ts';
import { headerLabels, localeFile, pageAt, siteModel } from './support/site-content.ts';
import { expectHydrated } from './support/hydration.ts';

/** Console errors, warnings (React reports hydration mismatches there) and uncaught exceptions. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The German UI strings as content/locales/de.yaml has them: SPEC quotes none of the banner's or the header's words but 'Jetzt starten' and 'Kontakt'. */
const de = localeFile('de');
const banner = (page: Page) => page.getByRole('region', { name: de.cookieBanner.title });
/** The home page's section of a type, as loaded from content/pages/home/de.yaml. */
async function homeSection<T extends Section['type']>(type: T): Promise<Extract<Section, { type: T }>> {
  const found = (await pageAt('/')).page.sections.find((s): s is Extract<Section, { type: T }> => s.type === type);
  if (!found) throw new Error(`no ${type} section on /`);
  return found;
}

test.describe('German home page', () => {
  test('every in-page link has its target', async ({ page }) => {
    await page.goto('/');
    const targets = await page
      .locator('a[href^="#"], a[href^="/#"]')
      .evaluateAll((links) => links.map((a) => (a.getAttribute('href') ?? '').replace(/^\/?#/, '')));
    expect(targets.length).toBeGreaterThan(10);
    for (const id of new Set(targets)) {
      await expect(page.locator(`[id="${id}"]`), `#${id}`).toHaveCount(1);
    }
  });

  test('the start button lands on the contact section', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: de.header.navLabel }).getByRole('link', { name: 'Jetzt starten' }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.getByRole('heading', { name: (await homeSection('contact')).title })).toBeInViewport();
  });

  test('accepting cookies stores consent for a year and the banner stays away after a reload', async ({ page, context }) => {
    const problems = recordProblems(page);
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: de.cookieBanner.accept }).click();
    await expect(banner(page)).toBeHidden();
    const cookie = await storedCookie(context, 'cookie-consent');
    expect(cookie).toMatchObject({ value: 'accepted', path: '/', sameSite: 'Lax' });
    const days = (cookie.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('declining hides the banner without a cookie, so it returns on the next visit', async ({ page, context }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: de.cookieBanner.decline }).click();
    await expect(banner(page)).toBeHidden();
    expect((await context.cookies()).filter((c) => c.name === 'cookie-consent')).toEqual([]);
    await page.reload();
    await expect(banner(page)).toBeVisible();
  });

  test('the details panel opens and closes', async ({ page }) => {
    await page.goto('/');
    const toggle = banner(page).getByRole('button', { name: de.cookieBanner.details!.show });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The panel the toggle controls: each cookie by its name (SPEC §3), with its lifetime from the constants.
    const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    await expect(banner(page).getByText('sidebar-state')).toBeHidden();
    await toggle.click();
    await expect(banner(page).getByRole('button', { name: de.cookieBanner.details!.hide })).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('sidebar-state');
    await banner(page).getByRole('button', { name: de.cookieBanner.details!.hide }).click();
    await expect(panel).toBeHidden();
  });

  test('loads without console errors or hydration warnings', async ({ page }) => {
    const problems = recordProblems(page);
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await page.locator('#contact').scrollIntoViewIfNeeded();
    // Scrolled into view, the contact form hydrates: React would report a mismatch as a console error.
    await expectHydrated(page.locator('[data-island="contact-form"]'));
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test('shows the data the spec requires: plans, savings, stats', async ({ page }) => {
    await page.goto('/');
    const plan = (name: string) => page.locator('#pricing li').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(plan('Standard')).toContainText('17 €');
    await expect(plan('Plus')).toContainText('21 €');
    await expect(plan('Smart')).toContainText('19 €');
    // Each plan's term as the page words it, and its badge from the offer data in the page's language
    // (SPEC §9: monthly, 6 and 12 months; Plus recommended, Smart best value).
    const model = await siteModel();
    const badges = model.locales.de!.offer!.badges;
    for (const { name, term, plan: key } of (await homeSection('plans')).plans) {
      await expect(plan(name)).toContainText(term);
      const badge = model.site.offer?.plans[key]?.badge;
      if (badge) await expect(plan(name).locator('[data-badge]')).toHaveText(badges[badge]);
    }
    expect(model.site.offer?.plans.plus?.badge).toBe('recommended');
    expect(model.site.offer?.plans.smart?.badge).toBe('bestValue');
    await expect(page.locator('main [data-total]')).toHaveText('44,98 €');
    await expect(page.locator('main')).toContainText('12+');
    await expect(page.locator('main')).toContainText('24/7');
  });
});

test.describe('German home page on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the header shows only contact, pricing and extras', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: de.header.navLabel });
    const visible = await nav
      .getByRole('link')
      .evaluateAll((links) => links.filter((a) => (a as HTMLElement).offsetParent !== null).map((a) => a.textContent?.trim()));
    const labels = await headerLabels('/');
    expect(visible).toEqual([labels.products, labels.pricing, 'Kontakt']);
    const header = await page.locator('header').boundingBox();
    expect(header!.width).toBeLessThanOrEqual(375);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);
  });
});
