/**
 * npm run shots: a contact sheet for people to review: every route of the layout gate at every width,
 * full-page PNGs from Debian's Chromium against `site serve` (first visit, so the cookie bar shows as a new
 * visitor sees it; SHOTS_CONSENT=1 for a returning visitor), plus shots/index.html laying them out in a
 * grid, route by row. Writes into shots/ (git-ignored); not part of `npm test`, which has the layout gate.
 * Build first (`npm run shots` does).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { repo } from '../bench/support/measure.ts';
import { startSiteServe } from '../bench/support/site-serve.ts';
import { LAYOUT_ROUTES, LAYOUT_VIEWPORTS } from '../tests/browser/support/layout-routes.ts';

const out = path.join(repo, 'shots');
const consent = process.env.SHOTS_CONSENT === '1';
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
const work = await mkdtemp(path.join(tmpdir(), 'site-shots-'));
const serve = await startSiteServe({ outDir: path.join(repo, 'dist'), dataDir: path.join(work, 'data') });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const fileName = (route: string, width: number) => `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '-')}-${width}.png`;
try {
  for (const viewport of LAYOUT_VIEWPORTS) {
    const context = await browser.newContext({ viewport });
    if (consent) await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: serve.url }]);
    const page = await context.newPage();
    for (const route of LAYOUT_ROUTES) {
      await page.goto(serve.url + route);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(out, fileName(route, viewport.width)), fullPage: true });
      process.stdout.write(`${route} ${viewport.width}px\n`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await serve.stop();
  await rm(work, { recursive: true, force: true });
}

const cells = (route: string) =>
  LAYOUT_VIEWPORTS.map(
    (v) =>
      `<td><a href="${fileName(route, v.width)}"><img src="${fileName(route, v.width)}" width="${Math.round(v.width / 5)}" alt="${route} at ${v.width}px" loading="lazy"></a></td>`,
  ).join('');
await writeFile(
  path.join(out, 'index.html'),
  `<!DOCTYPE html><meta charset="utf-8"><title>Contact sheet</title>
<style>body{font:14px system-ui;margin:16px}td{vertical-align:top;padding:4px}img{border:1px solid #ccc}th{text-align:left}</style>
<p>${consent ? 'Returning visitor' : 'First visit (cookie bar showing)'}, ${new Date().toISOString()}. Click a shot for full size.</p>
<table><tr><th>route</th>${LAYOUT_VIEWPORTS.map((v) => `<th>${v.width}px</th>`).join('')}</tr>
${LAYOUT_ROUTES.map((r) => `<tr><th>${r}</th>${cells(r)}</tr>`).join('\n')}</table>\n`,
);
console.log(`${LAYOUT_ROUTES.length * LAYOUT_VIEWPORTS.length} shots in ${path.relative(process.cwd(), out)}/ — open shots/index.html`);
