/**
 * `site dev` edit-to-screen latency: an open page in Chromium, one page's YAML edited, and the time from
 * the write to the animation frame that shows the new text.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { BIN, repo } from './measure.ts';

export interface DevLatency {
  runs: number[];
  /** What the dev server reported per rebuild (pages rendered). */
  rendered: number[];
}

const PAGE = 'pages/faq/de.yaml';
const TITLE = 'title: Häufig gestellte Fragen';

export async function devEditLatency(browser: Browser, runs: number): Promise<DevLatency> {
  const work = await mkdtemp(path.join(tmpdir(), 'site-bench-dev-'));
  const content = path.join(work, 'content');
  await cp(path.join(repo, 'content'), content, { recursive: true });
  const child = spawn(process.execPath, [BIN, 'dev', '--content', content, '--port', '0', '--data', path.join(work, 'data')], { env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /dev server at (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`site dev exited with ${code}: ${out}`)));
    });
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${url}/faq`);
    const original = await readFile(path.join(content, PAGE), 'utf8');
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
      await writeFile(path.join(content, PAGE), original.replace(TITLE, `title: ${text}`));
      const painted = Number(await (await shown).jsonValue());
      times.push(painted - wrote);
    }
    const rendered = [...out.matchAll(/\((\d+) rendered\)/g)].slice(1).map((m) => Number(m[1]));
    return { runs: times, rendered };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(work, { recursive: true, force: true });
  }
}
