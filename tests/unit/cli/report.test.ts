/** The per-route table `site build` prints: columns as wide as their widest cell, over-budget figures marked. */
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../../src/cli/report.ts';
import type { RouteReport } from '../../../src/output/build.ts';

const weight = { html: 5224, css: 900, jsBeforeInteraction: 0, jsHydrated: 0, jsSubmit: 0, islandProps: 0 };
const routes: RouteReport[] = [
  { route: '/', file: 'index.html', weight, overBudget: [] },
  {
    route: '/en/contact',
    file: 'en/contact/index.html',
    weight: { html: 20_480, css: 900, jsBeforeInteraction: 1500, jsHydrated: 60_000, jsSubmit: 2048, islandProps: 300 },
    overBudget: [
      { kind: 'html', bytes: 20_480, limit: 14 },
      { kind: 'jsAtMost', bytes: 60_000, limit: 50 },
    ],
  },
];

describe('routeTable', () => {
  it('pads each column to its widest cell, routes and files left, figures right, and marks the figures over budget', () => {
    const lines = routeTable(routes).split('\n');
    expect(lines).toEqual([
      'route        file                        html    css  js before interaction  js hydrated  island props  js submit',
      '/            index.html                5.1 KB  900 B                    0 B          0 B             –          –',
      '/en/contact  en/contact/index.html  20.0 KB !  900 B                 1.5 KB    58.6 KB !        +300 B    +2.0 KB',
      'sizes are gzip -9; ! = over budget (content/check.yaml)',
    ]);
  });

  it('marks an HTML size that is a bound (not compressed) with ≤ and says what ≤ means', () => {
    const lines = routeTable([{ route: '/', file: 'index.html', weight: { ...weight, htmlAtMost: true }, overBudget: [] }]).split('\n');
    expect(lines[1]).toBe('/      index.html  ≤ 5.1 KB  900 B                    0 B          0 B             –          –');
    expect(lines[2]).toBe(
      'sizes are gzip -9; ≤ = html not compressed: at most its bytes plus gzip framing, within its budget without compressing it; ! = over budget (content/check.yaml)',
    );
  });

  it('prints the header alone for no routes', () => {
    expect(routeTable([]).split('\n')).toHaveLength(2);
  });
});
