/**
 * Every route the build wrote, loaded once on a first visit (cookie banner showing): axe finds no serious or
 * critical violation (WCAG 2.x A/AA including colour contrast), and the page works under its Content
 * Security Policy (the consent probe and the islands run, accepting hides the banner, no violation).
 * One load serves both checks, and on the business and education pages the language checks of issue 4
 * (support/language-pages.ts) too: a test each cost a second browser context and page load per route.
 * A route the build's `_redirects` moves (an old address kept for visitors' bookmarks) is answered with its
 * redirect before any file, so the browser lands on another route of this list: its test checks the
 * redirect and the landing address, and the landing page gets the full checks under its own name (scanning
 * it again cost a whole axe run of a home page per redirect, for the same DOM).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { parseRedirectsFile } from '../../src/server/redirects-file.ts';
import { blockingRules } from './support/axe.ts';
import { checkLanguagePage, LANGUAGE_ROUTES } from './support/language-pages.ts';
import { builtRoutes, DIST, watchViolations } from './support/policy.ts';
import { pageAtRest } from './support/motion.ts';
import { expectHydrated } from './support/hydration.ts';

const routes = builtRoutes();
/** WCAG 2.x A/AA and best practice: of these, the rules that can find a serious or critical violation. */
const AXE_RULES = blockingRules(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
const redirects = parseRedirectsFile(readFileSync(path.join(DIST, '_redirects'), 'utf8'));

test('the build has routes to check, the language pages among those scanned in full', () => {
  expect(routes).toContain('/');
  expect(routes.filter((r) => !redirects.has(r))).toEqual(expect.arrayContaining(LANGUAGE_ROUTES.map((c) => c.route)));
});

test('the axe scan runs the serious and critical rules of its tags, not the minor and moderate ones', () => {
  expect(AXE_RULES).toEqual(expect.arrayContaining(['color-contrast', 'image-alt', 'target-size', 'link-name']));
  for (const rule of ['region', 'heading-order']) expect(AXE_RULES).not.toContain(rule); // moderate
  expect(AXE_RULES).not.toContain('p-as-heading'); // experimental: withTags leaves it out
});

for (const route of routes.filter((r) => redirects.has(r))) {
  const { status, location } = redirects.get(route)!;
  test(`${route}: answers ${status} to ${location}, a route this spec checks in full, and the browser lands there`, async ({ page, request, baseURL }) => {
    const answer = await request.get(route, { maxRedirects: 0 });
    expect([answer.status(), answer.headers().location]).toEqual([status, location]);
    const landing = new URL(location, baseURL);
    expect(
      routes.filter((r) => !redirects.has(r)),
      `${route} lands on ${landing.pathname}`,
    ).toContain(landing.pathname);
    await page.goto(route);
    expect(page.url()).toBe(landing.href);
  });
}

for (const route of routes.filter((r) => !redirects.has(r))) {
  const language = LANGUAGE_ROUTES.find((c) => c.route === route);
  const languageTitle = language ? '; renders in its language with its labels, in-page links have targets, JSON-LD and reciprocal hreflang' : '';
  test(`${route}: axe finds no serious or critical violation; under the policy the banner and islands work, no violation${languageTitle}`, async ({
    page,
    request,
  }) => {
    const violations = await watchViolations(page);
    const response = await page.goto(route, { waitUntil: 'networkidle' });
    if (language) await checkLanguagePage(page, request, language, response);
    await test.step('works under the policy: the consent probe ran and the islands that wake at once hydrated', async () => {
      await expect(page.locator('html')).toHaveAttribute('data-consent', 'ask');
      for (const island of await page.locator('[data-island][data-hydrate="load"], [data-island][data-hydrate="idle"]').all()) {
        await expectHydrated(island);
      }
    });
    await test.step("axe: no serious or critical violations, checked in the first visit's state, with colour contrast", async () => {
      await pageAtRest(page);
      const results = await new AxeBuilder({ page }).withRules(AXE_RULES).analyze();
      const blocking = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          rule: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
        }));
      expect(blocking, `${route}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
      expect(results.passes.some((p) => p.id === 'color-contrast') || results.incomplete.some((p) => p.id === 'color-contrast')).toBe(true);
    });
    await test.step("the probe's click handler runs under the policy: accepting hides the banner; no violation", async () => {
      await page.locator('.cookie-banner [data-consent-choice="accepted"]').click();
      await expect(page.locator('html')).not.toHaveAttribute('data-consent');
      expect(violations, route).toEqual([]);
    });
  });
}
