import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { acceptCookies } from './support/site-content.ts';
import { pageAtRest } from './support/motion.ts';

test.beforeEach(async ({ context, baseURL }) => acceptCookies(context, baseURL));

const PHONE = { width: 375, height: 740 };

/** Each route and the screens it is scanned on. A route's phone scan reuses its desktop scan's page: a page of its own cost a renderer process. */
const SCANS: [route: string, screens: ('desktop' | 'phone')[]][] = [
  ['/chatbot', ['desktop', 'phone']],
  ['/faq', ['desktop']],
  ['/impressum', ['desktop']],
  ['/agb', ['desktop', 'phone']],
  ['/datenschutz', ['desktop']],
  ['/leitfaden', ['desktop']],
  ['/gibt-es-nicht', ['desktop']],
];

for (const [route, screens] of SCANS) {
  test(`${route} has no axe violations (WCAG 2 A/AA) on ${screens.join(' and ')}`, async ({ page }) => {
    for (const screen of screens) {
      if (screen === 'phone') await page.setViewportSize(PHONE);
      await page.goto(route);
      await pageAtRest(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `${route} on ${screen}`,
      ).toEqual([]);
    }
  });
}
