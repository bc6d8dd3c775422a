/**
 * Plan cards (design reviews 5 #13 and 6 #3, #5): where cards stand side by side their names line up (a badge is
 * a tab on the card's top edge, not a second line under a name) and every badge is one line; from 640 px until
 * three cards fit (1024 px) a card is one wide row with its points in a column beside its price, not three
 * 230 px columns that wrapped every point; from 1024 px the buttons line up under the prices, above the points.
 * On every page with plans, at every layout width.
 */
import { expect, test } from '@playwright/test';
import { acceptCookies } from './support/forms.ts';
import { findingsAtEveryWidth } from './support/layout-widths.ts';

const ROUTES = ['/', '/fr', '/en', '/es', '/leitfaden'];

for (const route of ROUTES) {
  test(`${route}: plan names in line, badges on one line, one card a row with its points beside the price from 640 to 1023 px`, async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!);
    await page.goto(route);
    const failures = await findingsAtEveryWidth(page, async (viewport) =>
      page.evaluate((width) => {
        const found: string[] = [];
        const cards = [...document.querySelectorAll('li[data-plan]')];
        if (cards.length < 2) return [`${cards.length} plan cards`];
        const list = cards[0]?.parentElement?.getBoundingClientRect();
        const box = (el: Element | null | undefined) => el?.getBoundingClientRect();
        const byRow = new Map<number, Element[]>();
        for (const card of cards) {
          const top = Math.round(card.getBoundingClientRect().top);
          const row = [...byRow.keys()].find((t) => Math.abs(t - top) <= 2) ?? top;
          byRow.set(row, [...(byRow.get(row) ?? []), card]);
        }
        for (const row of byRow.values()) {
          const names = row.map((card) => Math.round(box(card.querySelector('h3'))?.top ?? 0));
          if (row.length > 1 && Math.max(...names) - Math.min(...names) > 1)
            found.push(`names side by side at tops ${names.join(', ')} (${row.map((c) => c.getAttribute('data-plan')).join(', ')})`);
        }
        for (const row of byRow.values()) {
          const buttons = row.map((card) => Math.round(box(card.querySelector('a'))?.top ?? 0));
          if (row.length > 1 && Math.max(...buttons) - Math.min(...buttons) > 1) found.push(`buttons side by side at tops ${buttons.join(', ')}`);
        }
        // Where cards stand side by side the button sits under the price, so a card with fewer points ends in space
        // below its list rather than in a gap above its button (design review 13).
        if (width >= 1024) {
          for (const card of cards) {
            const button = box(card.querySelector('a'));
            const points = box(card.querySelector('ul'));
            if (!button || !points || button.bottom > points.top) found.push(`${card.getAttribute('data-plan')}: the button is not above the points`);
          }
        }
        for (const badge of document.querySelectorAll('[data-badge]')) {
          const lines = Math.round(badge.getBoundingClientRect().height / (parseFloat(getComputedStyle(badge).lineHeight) + 4));
          if (lines > 1) found.push(`the badge "${badge.textContent}" takes ${lines} lines`);
        }
        if (width >= 640 && width < 1024 && list) {
          for (const card of cards) {
            const plan = card.getAttribute('data-plan');
            const cardBox = card.getBoundingClientRect();
            const price = box(card.querySelector('[data-price]'));
            const points = box(card.querySelector('ul'));
            if (cardBox.width < list.width * 0.9) found.push(`${plan}: ${Math.round(cardBox.width)} of ${Math.round(list.width)}px wide`);
            if (!price || !points || points.left < price.right) found.push(`${plan}: the points are not beside the price`);
          }
        }
        return found;
      }, viewport.width),
    );
    expect(failures, route).toEqual([]);
  });
}

// Design review 15 #7: the trial terms under the plans were small, centred grey text; they read as terms in a box,
// set left like the cards' text, at 14 px or more, at every width.
test('the trial terms under the plans stand in a box, left-aligned, at 14 px or more', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
  for (const route of ['/', '/fr', '/en', '/es']) {
    await page.goto(route);
    const failures = await findingsAtEveryWidth(page, async () =>
      page.evaluate(() => {
        const trial = document.querySelector('#pricing [data-trial]');
        if (!trial) return ['no trial terms under the plans'];
        const found: string[] = [];
        const style = getComputedStyle(trial);
        const box = getComputedStyle(trial.parentElement!);
        if (style.textAlign === 'center') found.push('centred');
        if (parseFloat(style.fontSize) < 14) found.push(`${style.fontSize} text`);
        if (box.boxShadow === 'none' && box.borderTopWidth === '0px') found.push('no box around it');
        return found;
      }),
    );
    expect(failures, route).toEqual([]);
  }
});
