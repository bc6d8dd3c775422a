/**
 * The layout gate (issue #15): every route of the spec's route table and the not-found page, at the five
 * widths a visitor brings, on a first visit (cookie bar showing) and a returning one, each loaded once and
 * checked in one `page.evaluate` (support/layout-gate.ts lists the rules). One test per route, so a failure
 * names the route, and the findings of both visits and all widths are reported together. Both visits share
 * the test's page: the returning visit is the same browser after consent (the cookie added between them), as
 * a visitor has it, and a second context and page per route cost Chromium a renderer process each.
 * tests/browser/layout-gate-rules.spec.ts proves each rule fails on a page broken that way.
 */
import { expect, test } from '@playwright/test';
import { acceptCookies } from './support/forms.ts';
import { layoutFindings } from './support/layout-gate.ts';
import { LAYOUT_ROUTES, LAYOUT_VIEWPORTS } from './support/layout-routes.ts';

for (const route of LAYOUT_ROUTES) {
  test(`layout gate ${route} (first visit, then returning visitor) at ${LAYOUT_VIEWPORTS.map((v) => v.width).join(', ')} px`, async ({ page, baseURL }) => {
    test.setTimeout(60_000); // ten loads, each measured: twice what one load of the default allows for
    const failures: string[] = [];
    for (const visit of ['first visit', 'returning visitor'] as const) {
      if (visit === 'returning visitor') await acceptCookies(page, baseURL!);
      for (const viewport of LAYOUT_VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(route);
        for (const f of await layoutFindings(page)) failures.push(`${visit} ${viewport.width}px ${f.rule}: ${f.element} — ${f.detail}`);
      }
    }
    expect(failures, route).toEqual([]);
  });
}
