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

/** SPEC §2's route table: 14 routes, and an unknown path for the not-found page. */
export const GATE_ROUTES = [
  '/', '/fr', '/en', '/es',
  '/education', '/fr/education', '/en/education', '/es/education',
  '/chatbot', '/impressum', '/agb', '/datenschutz', '/faq', '/leitfaden',
  '/diese-seite-gibt-es-nicht',
];

/** Phones (360, 390), a tablet, a laptop and a wide screen, each with a height that device has. */
export const GATE_VIEWPORTS = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];

for (const route of GATE_ROUTES) {
  for (const visit of ['first visit', 'returning visitor'] as const) {
    test(`layout gate ${route} (${visit}) at ${GATE_VIEWPORTS.map((v) => v.width).join(', ')} px`, async ({ page, baseURL }) => {
      if (visit === 'returning visitor') await acceptCookies(page, baseURL!);
      const failures: string[] = [];
      for (const viewport of GATE_VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(route);
        for (const f of await layoutFindings(page)) failures.push(`${viewport.width}px ${f.rule}: ${f.element} — ${f.detail}`);
      }
      expect(failures, `${route} (${visit})`).toEqual([]);
    });
  }
}
