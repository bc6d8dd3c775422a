/**
 * /chatbot on phones (issue #36): the page was 19 screens at 390 px and 21.5 at 360 px. The extras are on phones one
 * panel of titles, what the chatbots include and their technical features two columns of icon-and-title tiles
 * (review 15: as rows they were 24 folded rows); each opens to the rest (native <details>, no JavaScript), every
 * item and word on the page once, in SPEC §2's order; from 640 px the same markup is the cards. The page's height on phones is held under a ceiling (21.5 and 19 screens in review
 * 5, 17.2 at 390 px before the extras folded, now about 17.2 and 15.3), so it does not grow back unnoticed.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { foldedFindings, foldedTitles } from './support/folded.ts';
import { LAYOUT_VIEWPORTS } from './support/layout-routes.ts';
import { findingsAtEveryWidth } from './support/layout-widths.ts';
import { acceptCookies } from './support/site-content.ts';

/** The page every test here measures, its web fonts loaded so lines are measured in the page's own face. */
async function openChatbot(page: Page): Promise<void> {
  await page.goto('/chatbot');
  await page.evaluate(() => document.fonts.ready);
}

/** Screens (of the phone's own height) the page may take at most, first visit with the cookie bar. */
const MAX_SCREENS: Record<number, number> = { 360: 17.5, 390: 15.5 };

test('/chatbot on phones: long lists fold to titles that open to their text; cards from 640 px; the page under its ceiling at 360 and 390 px', async ({
  page,
}) => {
  await openChatbot(page);
  const lists = page.locator('main > section [data-folded]');
  await expect(lists).toHaveCount(3);
  for (const list of await lists.all()) expect((await foldedTitles(list)).length).toBeGreaterThanOrEqual(4);
  const failures = await findingsAtEveryWidth(page, async (viewport) => {
    const found: string[] = [];
    for (const list of await lists.all()) found.push(...(await foldedFindings(list, viewport.width < 640)));
    const ceiling = MAX_SCREENS[viewport.width];
    if (ceiling) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      if (height / viewport.height > ceiling) found.push(`page ${height}px = ${(height / viewport.height).toFixed(1)} screens, over ${ceiling}`);
    }
    return found;
  });
  expect(failures).toEqual([]);
});

test('/chatbot hero: the website behind the chat widget is drawn as a site (its name, a headline, a button, a picture) beside the widget at 768 px and from 1280 px (from 1024 to 1279 px the widget alone)', async ({
  page,
}) => {
  await openChatbot(page);
  const drawing = page.locator('main [data-mock="chatWidget"]').first();
  const sketch = drawing.locator('[data-site-sketch]');
  const failures = await findingsAtEveryWidth(page, async (viewport) => {
    if (viewport.width < 768) return (await sketch.isVisible()) ? ['the site sketch shows on a phone, under the widget'] : [];
    const found: string[] = [];
    // The address in the drawing's browser bar.
    const address = (await drawing.locator(':scope > div > div').first().innerText()).trim();
    if (!(await sketch.getByText(address, { exact: true }).isVisible())) found.push(`the sketched site is not named "${address}"`);
    if ((await sketch.locator('svg').count()) !== 1) found.push('no picture in the sketched site');
    const widget = await drawing.locator('[data-site-sketch] ~ div').boundingBox();
    const parts = await sketch.locator(':scope > *').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
    if (!widget || parts.some((right) => right > widget.x)) found.push('a part of the sketched site lies under the widget');
    return found;
  });
  expect(failures).toEqual([]);
});

test('/chatbot price cards on phones: the prices of a row share one baseline, whether their label wraps or not (review 7a #4)', async ({ page }) => {
  await openChatbot(page);
  const failures: string[] = [];
  for (const width of [360, 390, 480]) {
    await page.setViewportSize({ width, height: 844 });
    const rows = await page
      .locator('main ul[aria-labelledby$="-caption"] dl')
      .evaluateAll((lists) => lists.map((dl) => [...dl.querySelectorAll('dd')].map((dd) => Math.round(dd.getBoundingClientRect().bottom))));
    expect(rows.length, `${width}px`).toBeGreaterThanOrEqual(3);
    for (const [i, bottoms] of rows.entries())
      if (Math.max(...bottoms) - Math.min(...bottoms) > 1) failures.push(`${width}px row ${i + 1}: price bottoms at ${bottoms.join(', ')}`);
  }
  expect(failures).toEqual([]);
});

test('/chatbot footnotes from 1024 px: the container and two columns of the home page notes, not a narrow box (review 7a #8)', async ({ page }) => {
  const box = async (route: string) => {
    await page.goto(route);
    const list = await page.locator('[data-claim-notes] ol').first().boundingBox();
    if (!list) throw new Error(`no notes on ${route}`);
    return list;
  };
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const home = await box('/');
    const chatbot = await box('/chatbot');
    expect(Math.abs(chatbot.x - home.x), `${width}px left edge`).toBeLessThanOrEqual(2);
    expect(Math.abs(chatbot.width - home.width), `${width}px width`).toBeLessThanOrEqual(2);
  }
});

test('/chatbot at 360 and 390 px: what the chatbots include and their technical features are two columns of tiles, not a stack of rows (review 15 #1)', async ({
  page,
}) => {
  await openChatbot(page);
  const failures: string[] = [];
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    for (const id of ['leistungsumfang', 'technik']) {
      const list = page.locator(`#${id} ul[data-folded]`);
      const listBox = await list.boundingBox();
      const boxes = await list.locator(':scope > li').evaluateAll((items) =>
        items.map((item) => {
          const box = item.getBoundingClientRect();
          return { left: Math.round(box.left), top: Math.round(box.top), width: box.width };
        }),
      );
      if (!listBox || boxes.length < 6) {
        failures.push(`${width}px #${id}: ${boxes.length} items`);
        continue;
      }
      const columns = new Set(boxes.map((box) => box.left)).size;
      const rows = new Map<number, number>();
      for (const box of boxes) rows.set(box.top, (rows.get(box.top) ?? 0) + 1);
      if (columns !== 2) failures.push(`${width}px #${id}: ${columns} column(s)`);
      if ([...rows.values()].some((count) => count !== 2)) failures.push(`${width}px #${id}: rows of ${[...rows.values()].join(', ')}`);
      if (boxes.some((box) => box.width > listBox.width / 2)) failures.push(`${width}px #${id}: a tile wider than half the list`);
    }
  }
  expect(failures).toEqual([]);
});

/**
 * Where each tile of a list and its text lie on the page: the tile's face is its summary, which covers it; an open
 * tile's text shows if the middle of its first line is the text, not something drawn over it.
 */
async function tileLayout(list: Locator) {
  return list.locator(':scope > li').evaluateAll((items) =>
    items.map((item) => {
      const open = item.querySelector('details')!.open;
      const text = item.querySelector('details p')!;
      // In the middle of the window, clear of the sticky header, so the hit test finds what is drawn there.
      if (open) text.scrollIntoView({ block: 'center', behavior: 'instant' });
      const line = text.getClientRects()[0];
      const hit = line && document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
      const onPage = (box: DOMRect) => ({
        left: Math.round(box.left),
        top: Math.round(box.top + window.scrollY),
        right: Math.round(box.right),
        bottom: Math.round(box.bottom + window.scrollY),
      });
      return {
        title: [...item.querySelector('[data-fold-title]')!.childNodes]
          .filter((node) => node.nodeName !== 'SUP')
          .map((node) => node.textContent)
          .join('')
          .replace(/\u00ad/g, ''),
        face: onPage(item.querySelector('summary')!.getBoundingClientRect()),
        open,
        text: onPage(text.getBoundingClientRect()),
        textShows: open && !!line && !!hit && text.contains(hit),
      };
    }),
  );
}

/** Findings for a tile list in its current state: rows of two tiles, and each open text beneath its row, across the pair. */
function tileFindings(tiles: Awaited<ReturnType<typeof tileLayout>>, listWidth: number): string[] {
  const found: string[] = [];
  const rows = new Map<number, typeof tiles>();
  for (const tile of tiles) rows.set(tile.face.top, [...(rows.get(tile.face.top) ?? []), tile]);
  for (const row of rows.values()) if (row.length !== 2) found.push(`a row of ${row.length}: ${row.map((t) => `"${t.title}"`).join(', ')}`);
  for (const tile of tiles) if (tile.face.right - tile.face.left > listWidth / 2) found.push(`"${tile.title}" is wider than half the list`);
  for (const row of rows.values()) {
    if (row.length !== 2) continue;
    const [left, right] = [...row].sort((a, b) => a.face.left - b.face.left) as [(typeof tiles)[number], (typeof tiles)[number]];
    const under = Math.max(left.face.bottom, right.face.bottom);
    for (const tile of row.filter((t) => t.open)) {
      if (!tile.textShows) found.push(`"${tile.title}" is open but its text does not show`);
      if (tile.text.top < under) found.push(`"${tile.title}": its text starts at ${tile.text.top}, above the bottom of its row (${under})`);
      if (tile.text.left > (left.face.left + left.face.right) / 2 || tile.text.right < (right.face.left + right.face.right) / 2)
        found.push(`"${tile.title}": its text (${tile.text.left}–${tile.text.right}) does not span the pair`);
    }
    if (left.open && right.open && left.text.bottom > right.text.top) found.push(`"${left.title}" and "${right.title}": their texts overlap`);
  }
  return found;
}

test('/chatbot tiles at 360 and 390 px: opening a tile, left or right, keeps every tile in a row of two; its text opens beneath the pair, across both (review 16 #1)', async ({
  page,
}) => {
  await openChatbot(page);
  const failures: string[] = [];
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.evaluate(() => document.fonts.ready);
    for (const id of ['leistungsumfang', 'technik']) {
      const list = page.locator(`#${id} ul[data-folded="tiles"]`);
      const items = list.locator(':scope > li');
      const listWidth = (await list.boundingBox())?.width ?? 0;
      const count = await items.count();
      if (count < 6) failures.push(`${width}px #${id}: ${count} tiles`);
      const check = async (state: string) => {
        for (const f of tileFindings(await tileLayout(list), listWidth)) failures.push(`${width}px #${id} ${state}: ${f}`);
      };
      await check('closed');
      // The tiles of the first two rows alone (a left and a right one each), then the two of the first row together.
      for (let i = 0; i < Math.min(count, 4); i++) {
        const summary = items.nth(i).locator('summary');
        await summary.click();
        await expect(summary.locator('xpath=..')).toHaveAttribute('open', '');
        await check(`tile ${i + 1} open`);
        await summary.click();
        await expect(summary.locator('xpath=..')).not.toHaveAttribute('open', '');
      }
      for (const i of [0, 1]) await items.nth(i).locator('summary').click();
      await check('tiles 1 and 2 open');
      for (const i of [0, 1]) await items.nth(i).locator('summary').click();
    }
  }
  expect(failures).toEqual([]);
});

/** WCAG's relative luminance of an sRGB colour given as 0–255 channels. */
const luminance = ([r, g, b]: number[]) =>
  [r!, g!, b!]
    .map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

test('/chatbot hero claims: their ticks are the mark and the indigo accent of every other list, at 3:1 or more against what lies behind them (review 16 #2)', async ({
  page,
  context,
  baseURL,
}) => {
  // Without the cookie bar, which would lie over the ticks on phones.
  await acceptCookies(context, baseURL);
  await openChatbot(page);
  const ticks = page.locator('[data-hero-claims] > li > svg');
  await expect(ticks).toHaveCount(3);
  // The ticks of a light list of what is included: the plans' features.
  const listTick = page.locator('#pricing ul > li > svg').first();
  const mark = (svg: Locator) =>
    svg.evaluate((el) => {
      // The painted colour as sRGB channels, whatever syntax the computed value is in.
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.fillStyle = getComputedStyle(el).color;
      ctx.fillRect(0, 0, 1, 1);
      return { path: el.querySelector('path')?.getAttribute('d') ?? '', rgb: [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)] };
    });
  const accent = await mark(listTick);
  const failures = await findingsAtEveryWidth(page, async () => {
    const found: string[] = [];
    for (const [i, tick] of (await ticks.all()).entries()) {
      const own = await mark(tick);
      if (own.path !== accent.path) found.push(`tick ${i + 1} is another mark than the lists'`);
      if (own.rgb.join() !== accent.rgb.join()) found.push(`tick ${i + 1} is rgb(${own.rgb.join()}), the lists' ticks rgb(${accent.rgb.join()})`);
      // What lies behind the tick: its box painted without it.
      await tick.scrollIntoViewIfNeeded();
      const clip = (await tick.boundingBox())!;
      await tick.evaluate((el) => ((el as SVGElement).style.visibility = 'hidden'));
      const behind = await page.screenshot({ clip });
      await tick.evaluate((el) => ((el as SVGElement).style.visibility = ''));
      const { data, info } = await sharp(behind).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let worst = Infinity;
      for (let p = 0; p < data.length; p += info.channels) worst = Math.min(worst, contrast(own.rgb, [data[p]!, data[p + 1]!, data[p + 2]!]));
      if (worst < 3) found.push(`tick ${i + 1} has ${worst.toFixed(2)}:1 against its background`);
    }
    return found;
  });
  expect(failures).toEqual([]);
});

test('/chatbot footnotes: their toggle row is the one of every other page, same element and type size (review 16 #3)', async ({ page }) => {
  const toggle = async (route: string) => {
    await page.goto(route);
    await page.evaluate(() => document.fonts.ready);
    return page.locator('[data-fold="notes"] [data-fold-title]').evaluate((title) => {
      const style = getComputedStyle(title);
      return `<${title.tagName.toLowerCase()}> ${style.fontSize}/${style.lineHeight} ${style.fontWeight}, ${Math.round(title.getBoundingClientRect().height)}px high`;
    });
  };
  const failures: string[] = [];
  for (const viewport of LAYOUT_VIEWPORTS) {
    await page.setViewportSize(viewport);
    const chatbot = await toggle('/chatbot');
    for (const route of ['/', '/fr', '/education']) {
      const other = await toggle(route);
      if (other !== chatbot) failures.push(`${viewport.width}px: /chatbot's is ${chatbot}, ${route}'s ${other}`);
    }
  }
  expect(failures).toEqual([]);
});

test('/chatbot scope cards: the cards of one row are of one height at 768, 1280 and 1440 px (review 16 #4)', async ({ page }) => {
  await openChatbot(page);
  const cards = page.locator('#leistungsumfang ul[data-folded] > li');
  await expect(cards).toHaveCount(8);
  const failures = await findingsAtEveryWidth(page, async (viewport) => {
    if (viewport.width < 768) return [];
    const boxes = await cards.evaluateAll((items) =>
      items.map((item) => {
        const box = item.getBoundingClientRect();
        return { top: Math.round(box.top), height: Math.round(box.height) };
      }),
    );
    const rows = new Map<number, number[]>();
    for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box.height]);
    if (rows.size === boxes.length) return [`${boxes.length} cards, each on a row of its own`];
    return [...rows.values()]
      .filter((heights) => Math.max(...heights) - Math.min(...heights) > 1)
      .map((heights) => `a row of cards ${heights.join(', ')} px high`);
  });
  expect(failures).toEqual([]);
});
