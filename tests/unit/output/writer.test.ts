import { mkdtemp, readFile, rm, stat, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutputWriter } from '../../../src/output/writer.ts';

const encoder = new TextEncoder();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-writer-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const page = (i: number, version = 'a') => encoder.encode(`<!doctype html><p>${version} ${'Seite '.repeat(i * 3)}${i}</p>`);

describe('OutputWriter.page', () => {
  it('writes each page into its folder and resolves to its gzip -9 size, on the thread pool and on the output thread alike', async () => {
    const writer = new OutputWriter(dir);
    const sizes: number[] = [];
    for (let i = 0; i < 80; i++) {
      sizes.push(await writer.page(`/p${i}/index.html`, page(i)));
      // Past the thread-pool pages, give the output thread time to come up, so the later pages are written there.
      if (i === 20) await sleep(500);
    }
    expect(sizes).toEqual(Array.from({ length: 80 }, (_, i) => gzipSync(page(i), { level: 9 }).byteLength));
    for (let i = 0; i < 80; i++) expect(await readFile(path.join(dir, `p${i}/index.html`))).toEqual(Buffer.from(page(i)));
  });

  it('lets the event loop run at each ready(): file-system work a producer started ends while it produces', async () => {
    // A producer whose awaits all resolve at once (a build rendering page after page) reaches the event loop only here;
    // a cold build held every page it rendered until it stopped, waiting for a folder made on the thread pool.
    let done = false;
    void stat(dir).then(() => (done = true));
    const writer = new OutputWriter(dir);
    for (let i = 0; i < 1000 && !done; i++) await writer.ready();
    expect(done).toBe(true);
  });

  it('with ifChanged, leaves a file that holds the same bytes as it is and rewrites one that differs', async () => {
    const out = path.join(dir, 'again');
    const old = new Date('2020-01-01T00:00:00Z');
    for (let i = 0; i < 40; i++) {
      await mkdir(path.join(out, `p${i}`), { recursive: true });
      await writeFile(path.join(out, `p${i}/index.html`), page(i, i % 2 ? 'old' : 'a'));
      await utimes(path.join(out, `p${i}/index.html`), old, old);
    }
    const writer = new OutputWriter(out);
    await Promise.all(Array.from({ length: 40 }, (_, i) => writer.page(`/p${i}/index.html`, page(i), true)));
    for (let i = 0; i < 40; i++) {
      const file = path.join(out, `p${i}/index.html`);
      expect(await readFile(file)).toEqual(Buffer.from(page(i)));
      expect((await stat(file)).mtimeMs === old.getTime()).toBe(i % 2 === 0);
    }
  });
});
