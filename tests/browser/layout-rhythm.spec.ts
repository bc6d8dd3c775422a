/**
 * Page rhythm (issue #36, design review 3): the long pages do not repeat one module section after section.
 * On the home and education pages in every language, at every width, at most two sections are icon-card
 * grids (a grid of boxed, fully rounded cards, each with an icon above or beside its title), and no two of
 * them follow each other; the other feature sections use other treatments (a spotlight, a plain list, the
 * add-on panel). Measured on the page as drawn, not on class names.
 */
import { expect, test, type Page } from '@playwright/test';
import { LAYOUT_VIEWPORTS } from './support/layout-routes.ts';
import { findingsAtEveryWidth } from './support/layout-widths.ts';

const ROUTES = ['/', '/fr', '/en', '/es', '/education', '/fr/education', '/en/education', '/es/education'];
const MAX_CARD_GRIDS = 2;

/** For each section of main, in order: its heading and whether it is an icon-card grid. */
async function sections(page: Page): Promise<{ heading: string; cardGrid: boolean }[]> {
  return page.evaluate(() => {
    const isCard = (el: Element) => {
      const s = getComputedStyle(el);
      const boxed = !/^(transparent|rgba\(0, 0, 0, 0\))$/.test(s.backgroundColor) || s.boxShadow !== 'none';
      const rounded = [s.borderTopLeftRadius, s.borderTopRightRadius, s.borderBottomLeftRadius, s.borderBottomRightRadius].every((r) => parseFloat(r) > 0);
      const iconBeforeTitle = [...el.querySelectorAll('svg')].some((svg) => {
        const title = el.querySelector('h3');
        return title !== null && (svg.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      });
      return boxed && rounded && iconBeforeTitle;
    };
    return [...document.querySelectorAll('main > section')].map((section) => {
      const grids = [...section.querySelectorAll('ul, ol')].filter((list) => getComputedStyle(list).display === 'grid' && list.children.length >= 2);
      const cardGrid = grids.some((list) => {
        const items = [...list.children];
        const widths = new Set(items.map((item) => Math.round(item.getBoundingClientRect().width)));
        return widths.size === 1 && items.every(isCard);
      });
      return { heading: (section.querySelector('h1, h2')?.textContent ?? '').replace(/\u00ad/g, '').trim(), cardGrid };
    });
  });
}

for (const route of ROUTES) {
  test(`${route}: at most ${MAX_CARD_GRIDS} icon-card grids, never two in a row, at ${LAYOUT_VIEWPORTS.map((v) => v.width).join(', ')} px`, async ({
    page,
  }) => {
    await page.goto(route);
    const failures = await findingsAtEveryWidth(page, async () => {
      const list = await sections(page);
      const grids = list.filter((s) => s.cardGrid);
      const found: string[] = [];
      if (grids.length > MAX_CARD_GRIDS) found.push(`${grids.length} icon-card grids: ${grids.map((s) => `"${s.heading}"`).join(', ')}`);
      list.forEach((s, i) => {
        const next = list[i + 1];
        if (s.cardGrid && next?.cardGrid) found.push(`"${s.heading}" and "${next.heading}" are icon-card grids in a row`);
      });
      return found;
    });
    expect(failures, route).toEqual([]);
  });
}

const EDUCATION = ['/education', '/fr/education', '/en/education', '/es/education'];

for (const route of EDUCATION) {
  test(`${route}: the short statement between centred sections ("Zukunft der Bildung") is centred from 640 px, left-aligned on phones`, async ({ page }) => {
    await page.goto(route);
    const failures = await findingsAtEveryWidth(page, async (viewport) =>
      page.evaluate((width) => {
        const band = document.querySelector('[data-statement]');
        if (!band) return ['no statement band'];
        const section = band.closest('section')?.getBoundingClientRect();
        const found: string[] = [];
        for (const el of band.querySelectorAll('h2, p')) {
          const align = getComputedStyle(el).textAlign;
          const want = width >= 640 ? 'center' : 'start';
          if (align !== want && !(want === 'start' && align === 'left')) found.push(`"${el.textContent?.slice(0, 30)}" is ${align}, expected ${want}`);
          const r = el.getBoundingClientRect();
          if (width >= 640 && section && Math.abs(r.left - section.left - (section.right - r.right)) > 2)
            found.push(`"${el.textContent?.slice(0, 30)}" sits off centre (${Math.round(r.left - section.left)} | ${Math.round(section.right - r.right)} px)`);
        }
        return found;
      }, viewport.width),
    );
    expect(failures, route).toEqual([]);
  });
}
