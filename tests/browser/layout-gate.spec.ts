/**
 * The layout gate (issue #15): every route of the spec's route table and the not-found page, at the five
 * widths a visitor brings, on a first visit (cookie bar showing) and a returning one, each loaded once and
 * checked in one `page.evaluate` (support/layout-gate.ts lists the rules). One test per route and visit, so
 * a failure names the route, and the findings of all widths are reported together.
 * tests/browser/layout-gate-rules.spec.ts proves each rule fails on a page broken that way.
 */
import { expect, test } from '@playwright/test';
import { acceptCookies } from './support/forms.ts';
import { layoutFindings } from './support/layout-gate.ts';
import { LAYOUT_ROUTES, LAYOUT_VIEWPORTS } from './support/layout-routes.ts';

for (const route of LAYOUT_ROUTES) {
  for (const visit of ['first visit', 'returning visitor'] as const) {
    test(`layout gate ${route} (${visit}) at ${LAYOUT_VIEWPORTS.map((v) => v.width).join(', ')} px`, async ({ page, baseURL }) => {
      if (visit === 'returning visitor') await acceptCookies(page, baseURL!);
      const failures: string[] = [];
      for (const viewport of LAYOUT_VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(route);
        for (const f of await layoutFindings(page)) failures.push(`${viewport.width}px ${f.rule}: ${f.element} — ${f.detail}`);
      }
      expect(failures, `${route} (${visit})`).toEqual([]);
    });
  }
}
