import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { acceptCookies } from './support/site-content.ts';
import { pageAtRest } from './support/motion.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

for (const route of ['/chatbot', '/faq', '/impressum', '/agb', '/datenschutz', '/leitfaden', '/gibt-es-nicht']) {
  test(`${route} has no axe violations (WCAG 2 A/AA)`, async ({ page }) => {
    await page.goto(route);
    await pageAtRest(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

for (const route of ['/chatbot', '/agb']) {
  test(`${route} has no axe violations on a phone`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(route);
    await pageAtRest(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
