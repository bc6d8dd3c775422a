/**
 * The layout gate (issue #15): every route of the spec's route table and the not-found page, at the five
 * widths a visitor brings, on a first visit (cookie bar showing) and a returning one, checked in one
 * `page.evaluate` per width (support/layout-gate.ts lists the rules). One test per route, so a failure
 * names the route, and the findings of both visits and all widths are reported together. Both visits share
 * the test's page: the returning visit is the same browser after consent (the cookie added between them), as
 * a visitor has it, and a second context and page per route cost Chromium a renderer process each.
 *
 * Each visit is one load, then resizes: the first visit loads at the narrowest width and widens, the
 * returning one loads at the widest and narrows, so the load-time rules (layout shift, the cookie bar and
 * lazy images as loaded) are judged on a phone and on a wide screen. A resize lays these pages out as a
 * load at that width would: their layout is CSS alone (islands change nothing they render, the only thing
 * the checks' scrolling wakes), and with every element's box and every finding compared, fresh loads
 * against resizes on all routes, widths and both visits, nothing differed but the shifts a resize itself
 * records, which the layout-shift rule leaves out after a resize. A load cost 0.4 CPU-s of the home page's
 * 0.6 per width. tests/browser/layout-gate-rules.spec.ts proves each rule fails on a page broken that way,
 * after a load and after a resize.
 */
import { expect, test } from '@playwright/test';
import { acceptCookies } from './support/forms.ts';
import { layoutFindings } from './support/layout-gate.ts';
import { LAYOUT_ROUTES, LAYOUT_VIEWPORTS } from './support/layout-routes.ts';

const VISITS = [
  { visit: 'first visit', viewports: LAYOUT_VIEWPORTS },
  { visit: 'returning visitor', viewports: [...LAYOUT_VIEWPORTS].reverse() },
] as const;

for (const route of LAYOUT_ROUTES) {
  test(`layout gate ${route} (first visit, then returning visitor) at ${LAYOUT_VIEWPORTS.map((v) => v.width).join(', ')} px`, async ({ page, baseURL }) => {
    // A page with the chat button is swept at every scroll position where it could lie on something.
    test.setTimeout(test.info().timeout * 3);
    const failures: string[] = [];
    for (const { visit, viewports } of VISITS) {
      if (visit === 'returning visitor') await acceptCookies(page, baseURL!);
      for (const [i, viewport] of viewports.entries()) {
        await page.setViewportSize(viewport);
        if (i === 0) await page.goto(route);
        for (const f of await layoutFindings(page, { resized: i > 0 })) failures.push(`${visit} ${viewport.width}px ${f.rule}: ${f.element} — ${f.detail}`);
      }
    }
    expect(failures, route).toEqual([]);
  });
}
