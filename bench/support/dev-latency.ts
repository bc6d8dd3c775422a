/**
 * `site dev` edit-to-screen latency: an open page in Chromium, one page's YAML edited, and the time from
 * the write to the animation frame that shows the new text.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { BIN, repo } from './measure.ts';
import { startSiteDev } from './site-dev.ts';

export interface DevLatency {
  runs: number[];
  /** What the dev server reported per rebuild (pages rendered). */
  rendered: number[];
}

const PAGE = 'pages/faq/de.yaml';
const TITLE = 'title: Häufig gestellte Fragen';

export async function devEditLatency(browser: Browser, runs: number): Promise<DevLatency> {
  const dev = await startSiteDev(BIN, path.join(repo, 'content'));
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${dev.url}/faq`);
    const original = await readFile(path.join(dev.content, PAGE), 'utf8');
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      // Let the page's event stream connect (after a reload too) before editing.
      await page.waitForTimeout(400);
      const text = `Häufig gestellte Fragen – Messung ${run}`;
      // The frame in which the new heading is on screen (checked on every animation frame), whether the
      // page swapped its body in place or reloaded; browser clock = this machine's clock.
      const shown = page.waitForFunction(
        (title) => (document.querySelector('h1')?.textContent?.replace(/\s+/g, ' ') === title ? performance.timeOrigin + performance.now() : false),
        text,
        { polling: 'raf', timeout: 10_000 },
      );
      const wrote = Date.now();
      await writeFile(path.join(dev.content, PAGE), original.replace(TITLE, `title: ${text}`));
      const painted = Number(await (await shown).jsonValue());
      times.push(painted - wrote);
    }
    const rendered = [...dev.output().matchAll(/\((\d+) rendered\)/g)].slice(1).map((m) => Number(m[1]));
    return { runs: times, rendered };
  } finally {
    await dev.stop();
  }
}
