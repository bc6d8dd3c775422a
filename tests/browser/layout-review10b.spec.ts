/**
 * Layout findings of design review 10b (issue #36): the cookie bar's link never alone on a line and its buttons on
 * one row on phones, the Smart Select tile without an empty field beside the rows it spans, and the learning modes
 * on phones as titles of at least 15 px (their descriptions from 640 px), in five columns of two rows on desktop.
 */
import { expect, test } from '@playwright/test';
import { findingsAtEveryWidth } from './support/layout-widths.ts';

test.describe.configure({ timeout: 180_000 });

const HOMES = ['/', '/fr', '/en', '/es'];
const BAR_WIDTHS = [360, 390, 768, 1024, 1280].map((width) => ({ width, height: 800 }));

test('cookie bar: no link alone on a line of its text, and on phones the buttons on one row', async ({ page }) => {
  const failures: string[] = [];
  for (const route of HOMES) {
    await page.goto(route);
    const found = await findingsAtEveryWidth(
      page,
      (viewport) =>
        page.evaluate((width) => {
          const text = document.querySelector('.cookie-banner [data-cookie-text]');
          if (!text) return ['no cookie bar text'];
          const inLink = (node: Node) => !!node.parentElement?.closest('a');
          const others: DOMRect[] = [];
          const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (inLink(node) || !node.textContent?.trim() || !node.parentElement?.getClientRects().length) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            others.push(...[...range.getClientRects()].filter((r) => r.width > 0));
          }
          const found: string[] = [];
          for (const link of text.querySelectorAll('a'))
            for (const box of link.getClientRects()) {
              const shared = others.some((o) => Math.min(o.bottom, box.bottom) - Math.max(o.top, box.top) > box.height / 2);
              if (!shared) found.push(`"${link.textContent}" alone on a line`);
            }
          if (width < 640) {
            const tops = [...document.querySelectorAll('.cookie-banner button')].map((b) => Math.round(b.getBoundingClientRect().top));
            if (new Set(tops).size > 1) found.push(`buttons on ${new Set(tops).size} rows`);
          }
          return found;
        }, viewport.width),
      BAR_WIDTHS,
    );
    failures.push(...found.map((f) => `${route} ${f}`));
  }
  expect(failures).toEqual([]);
});
