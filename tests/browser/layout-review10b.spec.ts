/**
 * Layout findings of design review 10b (issue #36): the cookie bar’s link never alone on a line and its buttons on
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

test('Smart Select tile: no empty field in the tile or the rows beside it, its drawing naming the chosen model', async ({ page }) => {
  const failures: string[] = [];
  for (const route of HOMES) {
    await page.goto(route);
    const found = await findingsAtEveryWidth(page, (viewport) =>
      page.evaluate((width) => {
        const items = [...document.querySelectorAll('[data-features="spotlight"] > li')];
        if (items.length < 2) return ['no spotlight'];
        const found: string[] = [];
        for (const [i, li] of items.entries()) {
          // Lines of text only: a box stretched by the grid has no text in the field it leaves empty.
          const lines: DOMRect[] = [];
          const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            lines.push(...[...range.getClientRects()].filter((r) => r.width > 0));
          }
          lines.sort((a, b) => a.top - b.top);
          let bottom = lines[0]!.bottom;
          let gap = 0;
          for (const line of lines) {
            gap = Math.max(gap, line.top - bottom);
            bottom = Math.max(bottom, line.bottom);
          }
          const s = getComputedStyle(li);
          const below = li.getBoundingClientRect().bottom - parseFloat(s.paddingBottom) - parseFloat(s.borderBottomWidth) - bottom;
          if (gap > 64) found.push(`item ${i}: ${Math.round(gap)}px without text between its lines`);
          if (below > 32) found.push(`item ${i}: ${Math.round(below)}px empty below its text`);
        }
        const drawing = items[0]!.querySelector('[data-model-choice]');
        const shown = !!drawing && drawing.getClientRects().length > 0;
        if (width >= 1024 && !shown) found.push('no model-choice drawing in the tile');
        if (shown && drawing.getAttribute('aria-hidden') !== 'true') found.push('the drawing is not hidden from screen readers');
        return found;
      }, viewport.width),
    );
    failures.push(...found.map((f) => `${route} ${f}`));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('[data-model-choice] [data-chosen]')).toHaveText('Claude');
  expect(failures).toEqual([]);
});

test('learning modes: titles alone of 15 px or more on phones, five columns of two rows with descriptions on desktop', async ({ page }) => {
  const failures: string[] = [];
  for (const route of ['/education', '/fr/education', '/en/education', '/es/education']) {
    await page.goto(route);
    const found = await findingsAtEveryWidth(page, (viewport) =>
      page.evaluate((width) => {
        const items = [...document.querySelectorAll('#learning-modes ul > li')];
        if (items.length !== 10) return [`${items.length} learning modes`];
        const found: string[] = [];
        for (const li of items) {
          const title = li.querySelector('h3')!;
          const text = li.querySelector('p');
          const shown = !!text && text.getClientRects().length > 0;
          if (width < 640) {
            if (parseFloat(getComputedStyle(title).fontSize) < 15) found.push(`"${title.textContent}" set below 15px`);
            if (shown) found.push(`"${title.textContent}" shows its description`);
          } else if (!shown) found.push(`"${title.textContent}" without its description`);
        }
        if (width >= 1280) {
          const rows = new Set(items.map((li) => Math.round(li.getBoundingClientRect().top)));
          const columns = new Set(items.map((li) => Math.round(li.getBoundingClientRect().left)));
          if (rows.size !== 2 || columns.size !== 5) found.push(`${columns.size} columns × ${rows.size} rows`);
        }
        return found;
      }, viewport.width),
    );
    failures.push(...found.map((f) => `${route} ${f}`));
  }
  expect(failures).toEqual([]);
});
