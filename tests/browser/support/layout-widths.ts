/** The measuring loop the layout specs share: one page at each of the widths visitors bring, in turn. */
import type { Page } from '@playwright/test';
import { LAYOUT_VIEWPORTS } from './layout-routes.ts';

type Viewport = (typeof LAYOUT_VIEWPORTS)[number];

/**
 * Sets the page to each viewport in turn (fonts loaded, so lines are measured in the page's own face) and
 * collects what `measure` finds wrong there, each finding prefixed with its width. An empty list is a pass;
 * a spec asserts it with `expect(findings).toEqual([])`, so a failure names every width at once.
 */
export async function findingsAtEveryWidth(
  page: Page,
  measure: (viewport: Viewport) => Promise<string[]>,
  viewports: readonly Viewport[] = LAYOUT_VIEWPORTS,
): Promise<string[]> {
  const findings: string[] = [];
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => document.fonts.ready);
    for (const found of await measure(viewport)) findings.push(`${viewport.width}px: ${found}`);
  }
  return findings;
}
