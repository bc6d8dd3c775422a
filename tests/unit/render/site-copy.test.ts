/**
 * Rules for the text of the real site, checked on every rendered route: slips an audit found once and
 * that a content edit could bring back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../../src/content/model.ts';
import { renderRealSite, visibleTexts, type RenderedPage } from './page-text.ts';

let model: SiteModel;
let pages: RenderedPage[];

beforeAll(async () => {
  ({ model, pages } = await renderRealSite());
});

/** Fragments of every route matching `pattern`, as "route: fragment" (an empty list passes). */
function offending(pattern: RegExp, only: (page: RenderedPage) => boolean = () => true): string[] {
  return pages.filter(only).flatMap(({ entry, html }) => visibleTexts(html).filter((text) => pattern.test(text)).map((text) => `${entry.route}: ${text.trim()}`));
}

describe('copy of the real site', () => {
  it('renders every route', () => {
    expect(pages.map((p) => p.entry.route)).toContain('/fr/education');
  });

  // "über 12+ Modelle": the "+" already says "more than".
  it('never puts "more than" in front of a figure that ends in +', () => {
    expect(offending(/(?<!\p{L})(über|mehr als|over|more than|plus de|más de)\s+\d+\+/iu)).toEqual([]);
  });

  it('prints the founding year without a thousands separator in every footer', () => {
    const year = String(model.site.company.foundedYear);
    for (const { entry, html } of pages) expect(visibleTexts(html).some((t) => t.includes(`© ${year} `)), entry.route).toBe(true);
  });
});
