import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const DIST = path.resolve(import.meta.dirname, '../../dist');

/** Every route the last build wrote (`site build` first): index.html files, plus the 404 page at an unknown path. */
function builtRoutes(dir = DIST, prefix = ''): string[] {
  const routes: string[] = [];
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    if (item.isDirectory() && item.name !== 'assets') routes.push(...builtRoutes(path.join(dir, item.name), `${prefix}/${item.name}`));
    else if (item.name === 'index.html') routes.push(prefix || '/');
    else if (item.name === '404.html' && !prefix) routes.push('/this-page-does-not-exist');
  }
  return routes.sort();
}

const routes = builtRoutes();

test('the build has routes to check', () => {
  expect(routes).toContain('/');
});

for (const route of routes) {
  test(`axe: no serious or critical violations on ${route}`, async ({ page }) => {
    await page.goto(route, { waitUntil: 'networkidle' });
    // The first visit shows the cookie banner (no consent cookie yet): checked in that state, with colour contrast.
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`) }));
    expect(blocking, `${route}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
    expect(results.passes.some((p) => p.id === 'color-contrast') || results.incomplete.some((p) => p.id === 'color-contrast')).toBe(true);
  });
}
