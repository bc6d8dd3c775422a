/**
 * Responsive images in a real browser, on the built `images` fixture site (tests/fixtures/content/images):
 * at a phone and a desktop width the browser picks the AVIF candidate that fits the slot (`currentSrc`),
 * only that candidate is fetched, each box has its image's shape before it loads, and nothing shifts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { buildSite } from '../../src/output/build.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';
import { loadFixture } from '../support/fixture.ts';

/** Starts recording layout shifts before the page's first byte; `shifts()` reads them (value and what moved). */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: string[] };
    w.__shifts = [];
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        // What moved, so a failure says whether an image or something else (a late font) shifted the page.
        if (!entry.hadRecentInput)
          w.__shifts.push(
            `${entry.value.toFixed(4)}: ${entry.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? s.node?.nodeName).join(' | ')}`,
          );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);

const loadedSrc = (page: Page, index: number) =>
  page
    .locator('picture img')
    .nth(index)
    .evaluate(async (img: HTMLImageElement) => {
      if (!img.complete || img.naturalWidth === 0) await new Promise((resolve) => img.addEventListener('load', resolve, { once: true }));
      return { src: new URL(img.currentSrc).pathname, box: img.getBoundingClientRect().height / img.getBoundingClientRect().width };
    });

// One built site for the file: its tests run in one worker, one after another (a test each at once, on two
// workers, built the site twice; a worker fixture gave the file workers of its own, started after every other
// spec's tests had run, at the end of the suite).
test.describe('the images fixture site', () => {
  test.describe.configure({ mode: 'default' });
  let root: string;
  let content: string;
  let server: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    root = await mkdtemp(path.join(tmpdir(), 'site-images-'));
    content = (await loadFixture('content/images')).content;
    const built = await buildSite({ contentDir: content, outDir: path.join(root, 'dist') });
    if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
    // An ephemeral port: this server lives only inside this test worker.
    server = await startServer({ root: path.join(root, 'dist'), port: 0, host: '127.0.0.1', handlers: [] });
  });

  test.afterAll(async () => {
    await server?.close();
    await Promise.all([root && rm(root, { recursive: true, force: true }), content && rm(content, { recursive: true, force: true })]);
  });

  for (const { width, hero, lower } of [
    // 390 px: the slot is 100vw - 2rem = 358 px, so the 480 px candidate; 1280 px: the 1024 px slot, so 1200.
    { width: 390, hero: 480, lower: 480 },
    { width: 1280, hero: 1200, lower: 1200 },
  ]) {
    test(`at ${width} px the browser loads the ${hero} px AVIF candidate of each image, with no layout shift`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await recordShifts(page);
      const requested: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/assets/images/')) requested.push(new URL(request.url()).pathname);
      });
      await page.goto(server.url);
      const first = await loadedSrc(page, 0);
      expect(first.src).toMatch(new RegExp(`^/assets/images/werkstatt-\\w{10}-${hero}\\.avif$`));
      // The box had the image's shape before it loaded (width/height attributes): 900/1600.
      expect(first.box).toBeCloseTo(900 / 1600, 2);
      // Chromium fetches a lazy image once it is within 1250–2500 px of the viewport, which this short page always
      // is; that the lower image is lazy and the first is not is asserted on the HTML (tests/unit/assets/images.test.ts).

      await page.locator('#about picture').scrollIntoViewIfNeeded();
      const second = await loadedSrc(page, 1);
      expect(second.src).toMatch(new RegExp(`^/assets/images/werkstatt-\\w{10}-${lower}\\.avif$`));
      expect(second.box).toBeCloseTo(3 / 4, 2);
      // One candidate per image: the browser never fetched a second size or format.
      expect(requested.sort()).toEqual([first.src, second.src].sort());
      await page.evaluate(() => new Promise(requestAnimationFrame));
      expect(await shifts(page)).toEqual([]);
    });
  }
});
