/**
 * Card grids (issue #36 item 6). The ten learning modes: five across in two rows on wide screens, two columns
 * on tablets and phones, where they are a compact list (at most one and a half screens at 360 px, against
 * almost two as cards) whose titles never break inside a word. And no grid on any route leaves one card alone
 * at any width from 360 to 1440 px: between two of the stylesheet's width breakpoints a grid keeps its
 * columns, so both ends of every such interval stand for all the widths in it (the layout gate looks at the
 * five widths visitors bring, with every rule).
 */
import { expect, test, type Page } from '@playwright/test';
import { layoutFindings } from './support/layout-gate.ts';
import { LAYOUT_ROUTES, LAYOUT_VIEWPORTS } from './support/layout-routes.ts';
import { findingsAtEveryWidth } from './support/layout-widths.ts';

const EDUCATION = ['/education', '/fr/education', '/en/education', '/es/education'];
/** Items per row of the modes list, by width. */
const MODES_PER_ROW: Record<number, number> = { 360: 2, 390: 2, 768: 2, 1280: 5, 1440: 5 };
/** On phones the list is at most this many screens tall. */
const PHONE_SCREENS = 1.5;

interface ModesLayout {
  rows: number[];
  height: number;
  brokenTitles: string[];
}

async function modesLayout(page: Page): Promise<ModesLayout> {
  return page.evaluate(() => {
    const list = document.querySelector('#learning-modes ul');
    if (!list) throw new Error('no #learning-modes list');
    const tops: number[] = [];
    const rows: number[] = [];
    for (const item of list.children) {
      const top = item.getBoundingClientRect().top;
      const row = tops.findIndex((t) => Math.abs(t - top) <= 2);
      if (row < 0) {
        tops.push(top);
        rows.push(1);
      } else rows[row] = (rows[row] ?? 0) + 1;
    }
    // A title may break between words and after a hyphen it shows ("Fremdsprachen-Chat"), never inside a word.
    const brokenTitles: string[] = [];
    const range = document.createRange();
    for (const title of list.querySelectorAll('h3')) {
      const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (const m of node.data.matchAll(/[^\s-]+-?/g)) {
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top / 4)));
          if (lines.size > 1) brokenTitles.push(`${m[0].replace(/\u00ad/g, '')} in "${title.textContent?.replace(/\u00ad/g, '')}"`);
        }
      }
    }
    return { rows, height: list.getBoundingClientRect().height, brokenTitles };
  });
}

for (const route of EDUCATION) {
  test(`${route}: the ten learning modes, 5 × 2 on wide screens, a compact two-column list on phones, titles whole, at ${LAYOUT_VIEWPORTS.map((v) => v.width).join(', ')} px`, async ({
    page,
  }) => {
    await page.goto(route);
    const failures = await findingsAtEveryWidth(page, async (viewport) => {
      const { rows, height, brokenTitles } = await modesLayout(page);
      const perRow = MODES_PER_ROW[viewport.width] ?? 0;
      const found: string[] = [];
      if (rows.some((n) => n !== perRow)) found.push(`rows of ${rows.join(', ')}, expected rows of ${perRow}`);
      if (viewport.width < 480 && height > viewport.height * PHONE_SCREENS)
        found.push(`the list is ${Math.round(height)}px tall, over ${PHONE_SCREENS} screens (${viewport.height * PHONE_SCREENS}px)`);
      for (const title of brokenTitles) found.push(`title word broken across lines: ${title}`);
      return found;
    });
    expect(failures, route).toEqual([]);
  });
}

/** Both ends of every interval between the stylesheet's width breakpoints, from 360 to 1440 px. */
async function widthsOfEveryLayout(page: Page): Promise<number[]> {
  const edges = await page.evaluate(() => {
    const found = new Set<number>();
    const px = (value: string, unit: string) => parseFloat(value) * (unit === 'rem' || unit === 'em' ? 16 : 1);
    const visit = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSMediaRule) {
          for (const m of rule.conditionText.matchAll(/(min-width:|max-width:|width\s*(?:>=|<=|<|>))\s*([\d.]+)(px|rem|em)/g)) {
            const [, kind = '', value = '', unit = ''] = m;
            // The first width of the wider layout: `min-width`/`>=`/`<` at the value, `max-width`/`<=`/`>` just above it.
            found.add(Math.ceil(/max-width|<=|^width\s*>$/.test(kind.replace(/\s+/g, ' ')) ? px(value, unit) + 1 : px(value, unit)));
          }
        }
        if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) visit(sheet.cssRules);
    return [...found];
  });
  const inside = edges.filter((e) => e > 360 && e <= 1440).sort((a, b) => a - b);
  const widths = new Set([360, 1440]);
  for (const edge of inside) {
    widths.add(edge - 1);
    widths.add(edge);
  }
  return [...widths].sort((a, b) => a - b);
}

test('the width sweep covers every breakpoint of the stylesheet', async ({ page }) => {
  await page.goto('/');
  // Tailwind's sm, md, lg and xl at least: a stylesheet read wrongly would leave the sweep at its two ends.
  expect(await widthsOfEveryLayout(page)).toEqual(expect.arrayContaining([639, 640, 767, 768, 1023, 1024, 1279, 1280]));
});

// One test per route, as the layout gate has it: a failure names the route, and each sweep has its own time budget.
for (const route of LAYOUT_ROUTES) {
  test(`${route}: no grid leaves one card alone at any width from 360 to 1440 px (both ends of every breakpoint interval)`, async ({ page }) => {
    test.setTimeout(test.info().timeout * 3);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(route);
    const widths = await widthsOfEveryLayout(page);
    const failures: string[] = [];
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      for (const f of await layoutFindings(page, { resized: true, rules: ['lonely-card'] })) failures.push(`${route} ${width}px: ${f.element} — ${f.detail}`);
    }
    expect(failures).toEqual([]);
  });
}

test('contact forms from 768 px: no field alone in half a row, no product interest alone on its row', async ({ page }) => {
  const failures: string[] = [];
  for (const route of ['/', '/fr', '/en', '/es', '/education', '/fr/education', '/chatbot']) {
    await page.goto(route);
    await page.locator('form[data-contact-form]').first().waitFor();
    for (const width of [768, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const found = await page
        .locator('form[data-contact-form]')
        .first()
        .evaluate((form) => {
          const rowsOf = (items: Element[]) => {
            const rows: { top: number; items: DOMRect[] }[] = [];
            for (const item of items) {
              const r = item.getBoundingClientRect();
              const row = rows.find((x) => Math.abs(x.top - r.top) <= 2);
              if (row) row.items.push(r);
              else rows.push({ top: r.top, items: [r] });
            }
            return rows.sort((a, b) => a.top - b.top);
          };
          const out: string[] = [];
          const fields = form.querySelector(':scope > div');
          if (fields) {
            const width = fields.getBoundingClientRect().width;
            for (const row of rowsOf([...fields.children]))
              if (row.items.length === 1 && (row.items[0]?.width ?? 0) < width * 0.9)
                out.push(`a field alone in ${Math.round(row.items[0]?.width ?? 0)} of ${Math.round(width)}px`);
          }
          const interests = [...form.querySelectorAll('fieldset label')];
          const rows = rowsOf(interests);
          rows.forEach((row, i) => {
            if (i > 0 && row.items.length === 1 && (rows[i - 1]?.items.length ?? 0) >= 2)
              out.push(`an interest alone on row ${i + 1} (rows: ${rows.map((r) => r.items.length).join(', ')})`);
          });
          return out;
        });
      for (const f of found) failures.push(`${route} ${width}px: ${f}`);
    }
  }
  expect(failures).toEqual([]);
});

/**
 * Card fill (review 7a #10, 7b N4): the data-protection card of a row ("Warum", "Vorteile") says "hosted in Europe"
 * and links to where the data goes; the US-processing sentence in it made it twice as tall as its row-mates.
 */
const FILL_SLACK_LINES = 2;

test('the "hosted in Europe" card fills its row like its neighbours at 768, 1280 and 1440 px', async ({ page }) => {
  const failures: string[] = [];
  for (const route of ['/', '/fr', '/en', '/es', '/education', '/fr/education', '/en/education', '/es/education']) {
    await page.goto(route);
    for (const width of [768, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const rows = await page.evaluate(() => {
        const lines = (li: Element) => {
          const p = li.querySelector(':scope > p');
          return p ? Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)) : 0;
        };
        const hosted = /(Hosting|Hébergement|hébergée?|Hosted|Gehostet|alojad[oa]|Alojamiento) (in|en) Europ/i;
        return [...document.querySelectorAll('main ul.grid > li')]
          .filter((li) => hosted.test(li.querySelector(':scope > p')?.textContent?.replace(/\u00ad/g, '') ?? ''))
          .map((card) => {
            const top = card.getBoundingClientRect().top;
            const mates = [...(card.parentElement?.children ?? [])].filter((li) => li !== card && Math.abs(li.getBoundingClientRect().top - top) <= 2);
            return { card: lines(card), mates: mates.map(lines) };
          });
      });
      if (rows.length === 0) failures.push(`${route} ${width}px: no card says "hosted in Europe"`);
      for (const { card, mates } of rows)
        if (mates.length > 0 && card > Math.max(...mates) + FILL_SLACK_LINES)
          failures.push(`${route} ${width}px: the card has ${card} lines of text, its row-mates ${mates.join('/')}`);
    }
  }
  expect(failures).toEqual([]);
});

test('home at 1280 and 1440 px: the call-to-action band has the edges of the plans and the add-ons (review 7a #14)', async ({ page }) => {
  await page.goto('/');
  const failures: string[] = [];
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const edges = await page.evaluate(() => {
      const box = (selector: string) => {
        const r = document.querySelector(selector)?.getBoundingClientRect();
        return r ? `${Math.round(r.left)}–${Math.round(r.right)}` : 'none';
      };
      return {
        plans: box('#pricing ul'),
        addons: box('main section:has([data-addon]) .rounded-panel'),
        cta: box('main section[aria-labelledby^="cta"] .rounded-panel'),
      };
    });
    if (new Set(Object.values(edges)).size > 1) failures.push(`${width}px: ${JSON.stringify(edges)}`);
  }
  expect(failures).toEqual([]);
});

test('the Spanish closing band keeps "de IA" on one line at every width (design review 9b N7)', async ({ page }) => {
  await page.goto('/es');
  const heading = page.locator('main section[aria-labelledby^="cta"] h2');
  for (const width of [360, 390, 768, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const tops = await heading.evaluate((h) => {
      const top = (word: string) => {
        const walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          const start = node.data.search(new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'u'));
          if (start < 0) continue;
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, start + word.length);
          return Math.round(range.getBoundingClientRect().top);
        }
        return -1;
      };
      return [top('de'), top('IA')];
    });
    expect(tops[0], `${width} px`).toBeGreaterThan(0);
    expect(tops[0], `${width} px`).toBe(tops[1]);
  }
});
