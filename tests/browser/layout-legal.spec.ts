/**
 * Wayfinding on the long legal pages (issue #36, design review 3): the terms and the privacy policy list their
 * parts, without any script: a closed "Inhalt" disclosure under the title on phones and tablets, a sticky index
 * beside the text from 1280 px. Each entry reads as its part's heading and leads to it.
 */
import { expect, test } from '@playwright/test';
import { acceptCookies } from './support/forms.ts';
import { linesOf } from './support/text-lines.ts';

const ROUTES = ['/agb', '/datenschutz'];

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL!));

for (const route of ROUTES) {
  test(`${route} at 360 px: a closed contents disclosure lists every part and leads to it`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(route);
    const headings = await page.locator('[data-legal-part] > :is(h2, h3)').allTextContents();
    expect(headings.length).toBeGreaterThan(10);
    const disclosure = page.locator('details[data-legal-contents="compact"]');
    await expect(disclosure).toBeVisible();
    await expect(page.locator('nav[data-legal-contents="index"]')).toBeHidden();
    await expect(disclosure).not.toHaveAttribute('open', '');
    await disclosure.locator('summary').click();
    const links = disclosure.getByRole('link');
    await expect(links).toHaveText(headings);
    const last = links.last();
    const target = (await last.getAttribute('href')) ?? '';
    await last.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.locator(`${target} > :is(h2, h3)`)).toBeInViewport();
  });

  test(`${route} at 1280 px: a sticky index beside the text, still in view at the end of the page`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(route);
    const headings = await page.locator('[data-legal-part] > :is(h2, h3)').allTextContents();
    const index = page.getByRole('navigation', { name: 'Inhalt' });
    await expect(index).toBeVisible();
    await expect(page.locator('details[data-legal-contents="compact"]')).toBeHidden();
    await expect(index.getByRole('link')).toHaveText(headings);
    // Beside the text, not above or below it.
    const [text, nav] = await Promise.all([page.locator('article[data-legal]').boundingBox(), index.boundingBox()]);
    expect(nav!.x).toBeGreaterThan(text!.x + text!.width);
    await page.locator('[data-legal-part]').last().scrollIntoViewIfNeeded();
    await expect(index.getByRole('link').first()).toBeInViewport();
  });
}

test('the legal notice, a short page, has no table of contents', async ({ page }) => {
  await page.goto('/impressum');
  await expect(page.locator('[data-legal-contents]')).toHaveCount(0);
});

test('the legal index beside the text at 1280 and 1440 px breaks its entries between words only', async ({ page }) => {
  const failures: string[] = [];
  for (const route of ['/agb', '/datenschutz']) {
    await page.goto(route);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => document.fonts.ready);
      const broken = await page.locator('nav[data-legal-contents="index"] a').evaluateAll((links) => {
        const found: string[] = [];
        const range = document.createRange();
        for (const link of links) {
          const text = link.firstChild;
          if (!(text instanceof Text)) continue;
          for (const m of text.data.matchAll(/\S+/g)) {
            range.setStart(text, m.index);
            range.setEnd(text, m.index + m[0].length);
            if (new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top / 4))).size > 1)
              found.push(m[0].replace(/\u00ad/g, ''));
          }
        }
        return found;
      });
      for (const word of broken) failures.push(`${route} at ${width}px: "${word}" breaks inside the index`);
    }
  }
  expect(failures).toEqual([]);
});

test('legal prose reads at a measure of about 70 characters a line, none over 80, at 1280 and 1440 px (design review 6 #18)', async ({ page }) => {
  const failures: string[] = [];
  for (const route of ['/agb', '/datenschutz', '/impressum']) {
    await page.goto(route);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => document.fonts.ready);
      // The characters on each line of the running text (its paragraphs and list items), counted by where each one is drawn.
      const measures = await page.locator('article[data-legal]').evaluate((article) => {
        const range = document.createRange();
        const counts = new Map<number, number>();
        const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          if (!node.parentElement?.closest('p, li') || node.parentElement.closest('details, nav, [data-legal-facts]')) continue;
          for (let i = 0; i < node.data.length; i++) {
            if (node.data[i] === '\u00ad') continue;
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const box = [...range.getClientRects()].filter((r) => r.height > 0).sort((a, b) => b.top - a.top)[0];
            const line = box && Math.round(box.top + window.scrollY);
            if (line !== undefined) counts.set(line, (counts.get(line) ?? 0) + 1);
          }
        }
        return [...counts.values()];
      });
      expect(measures.length, route).toBeGreaterThan(0);
      const widest = Math.max(...measures);
      if (widest > 80) failures.push(`${route} at ${width}px: a line of running text holds ${widest} characters`);
    }
  }
  expect(failures).toEqual([]);
});

test('legal pages from 1280 px share one frame: text at its measure, the side column one gap from it, the two centred in the container (review 15 #8)', async ({
  page,
}) => {
  const failures: string[] = [];
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const starts: Record<string, number> = {};
    for (const route of ['/agb', '/datenschutz', '/impressum']) {
      await page.goto(route);
      const frame = await page.evaluate(() => {
        const grid = document.querySelector('[data-legal-grid]')!;
        const container = grid.parentElement!;
        const box = container.getBoundingClientRect();
        const style = getComputedStyle(container);
        const side = document.querySelector('nav[data-legal-contents="index"], [data-legal-facts]')!.getBoundingClientRect();
        const paragraphs = [...document.querySelectorAll('[data-legal-part=""] p')].filter((p) => !p.closest('table'));
        return {
          heading: document.querySelector('main h1')!.getBoundingClientRect().left,
          left: document.querySelector('article[data-legal]')!.getBoundingClientRect().left - (box.left + parseFloat(style.paddingLeft)),
          right: box.right - parseFloat(style.paddingRight) - side.right,
          gap: side.left - Math.max(...paragraphs.map((p) => p.getBoundingClientRect().right)),
        };
      });
      starts[route] = Math.round(frame.heading);
      if (Math.abs(frame.left - frame.right) > 2)
        failures.push(`${route} at ${width}px: ${Math.round(frame.left)} px left of the text, ${Math.round(frame.right)} px right of the side column`);
      if (frame.gap > 80) failures.push(`${route} at ${width}px: ${Math.round(frame.gap)} px between the text's measure and the side column`);
    }
    if (new Set(Object.values(starts)).size > 1) failures.push(`${width}px: headings start at ${JSON.stringify(starts)}`);
  }
  expect(failures).toEqual([]);
});

test('/agb and /datenschutz at 1280 and 1440 px: the first part keeps the space above it it has at 768 px (review 15 #2)', async ({ page }) => {
  const failures: string[] = [];
  for (const route of ['/agb', '/datenschutz']) {
    await page.goto(route);
    const gaps: Record<number, number> = {};
    for (const width of [768, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      // From the lowest thing drawn before the first part (the "Stand" line, the intro or the closed contents disclosure,
      // whose hidden list Chromium still gives boxes) to its heading.
      gaps[width] = await page.evaluate(() => {
        const heading = document.querySelector('[data-legal-part] > :is(h2, h3)')!;
        const before = [...document.querySelectorAll('article[data-legal] *')].filter(
          (el) =>
            !el.contains(heading) &&
            el.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING &&
            el.getClientRects().length > 0 &&
            !el.closest('details:not([open]) > :not(summary)'),
        );
        return heading.getBoundingClientRect().top - Math.max(...before.map((el) => el.getBoundingClientRect().bottom));
      });
    }
    for (const width of [1280, 1440])
      if (gaps[width]! < Math.max(32, gaps[768]! - 1))
        failures.push(`${route} at ${width}px: ${Math.round(gaps[width]!)} px above the first part (${Math.round(gaps[768]!)} px at 768)`);
  }
  expect(failures).toEqual([]);
});

test('/impressum at 1280 and 1440 px: the facts card stands right of the running text and stays in view beside it; on phones it comes first (review 15 #3)', async ({
  page,
}) => {
  await page.goto('/impressum');
  const facts = page.locator('[data-legal-facts]');
  const running = page.locator('[data-legal-part=""]');
  await expect(facts.locator('[data-legal-part="fact"]')).toHaveCount(6);
  await expect(running).toHaveCount(4);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const prose = await running.evaluateAll((parts) => Math.max(...parts.map((part) => part.getBoundingClientRect().right)));
    const [card, first] = await Promise.all([facts.boundingBox(), running.first().boundingBox()]);
    expect(card!.x, `${width}px: the card's left edge against the text's right edge`).toBeGreaterThan(prose);
    expect(Math.abs(card!.y - first!.y), `${width}px: the card starts beside the first part`).toBeLessThanOrEqual(8);
    await running.last().scrollIntoViewIfNeeded();
    await expect(facts).toBeInViewport();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  const [card, first] = await Promise.all([facts.boundingBox(), running.first().boundingBox()]);
  expect(card!.y + card!.height).toBeLessThanOrEqual(first!.y);
});

test('/impressum at every width: a section of a law stays on one line with the law ("§ 27a / UStG" at 1280 px, review 16 #3)', async ({ page }) => {
  await page.goto('/impressum');
  const text = page.locator('main');
  const failures: string[] = [];
  for (const width of [360, 390, 768, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const reference of ['§ 27a UStG', '§ 18 Abs. 2 MStV', '§ 14 BGB']) {
      const lines = await text.evaluate(linesOf, reference);
      if (lines.length !== 1) failures.push(`${width}px: "${reference}" on ${lines.length} lines`);
    }
  }
  expect(failures).toEqual([]);
});

test('legal pages at 768 and 1024 px: the text column at its measure stands centred, no empty band on its right (review 16 #4)', async ({ page }) => {
  const failures: string[] = [];
  for (const route of ['/agb', '/datenschutz', '/impressum']) {
    await page.goto(route);
    for (const width of [768, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      const [left, right] = await page
        .locator('[data-legal-part=""] p')
        .evaluateAll((paragraphs) => [
          Math.min(...paragraphs.map((p) => p.getBoundingClientRect().left)),
          Math.max(...paragraphs.map((p) => p.getBoundingClientRect().right)),
        ]);
      const bands = { left: left!, right: width - right! };
      if (Math.abs(bands.left - bands.right) > 24)
        failures.push(`${route} at ${width}px: ${Math.round(bands.left)} px left of the text, ${Math.round(bands.right)} px right of it`);
    }
  }
  expect(failures).toEqual([]);
});
