import { mkdtemp, readFile, rm, stat, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputThread } from '../../../src/output/output-thread.ts';
import type { BuildCache } from '../../../src/cache/build-cache.ts';
import { ASSET_EFFORT, encode, encodeAhead } from '../../../src/output/precompress.ts';
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
      // Past the thread-pool pages, the output thread starts: once it is up, the later pages are written there.
      if (i === 20) expect(await outputThread.whenOnline()).toBe(true);
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
    // No count of calls: on a busy thread pool the stat takes longer. If ready() never yields, this never ends and the
    // test's deadline fails it.
    let calls = 0;
    while (!done) {
      await writer.ready();
      calls += 1;
    }
    expect(done).toBe(true);
    expect(calls).toBeGreaterThan(0);
  });

  it('with ifChanged, leaves a file that holds the same bytes as it is and rewrites one that differs', async () => {
    const out = path.join(dir, 'again');
    const old = new Date('2020-01-01T00:00:00Z');
    for (let i = 0; i < 40; i++) {
      await mkdir(path.join(out, `p${i}`), { recursive: true });
      await writeFile(path.join(out, `p${i}/index.html`), page(i, i % 2 ? 'old' : 'a'));
      await utimes(path.join(out, `p${i}/index.html`), old, old);
    }
    const writer = new OutputWriter(out, { intoEarlierBuild: true });
    await Promise.all(Array.from({ length: 40 }, (_, i) => writer.page(`/p${i}/index.html`, page(i))));
    for (let i = 0; i < 40; i++) {
      const file = path.join(out, `p${i}/index.html`);
      expect(await readFile(file)).toEqual(Buffer.from(page(i)));
      expect((await stat(file)).mtimeMs === old.getTime()).toBe(i % 2 === 0);
    }
  });
});

describe('OutputWriter.asset', () => {
  /** A cache that keeps entries in memory and counts its reads by kind. */
  const countingCache = () => {
    const entries = new Map<string, Uint8Array>();
    const reads = new Map<string, number>();
    const cache: BuildCache = {
      read: async (kind, key) => (reads.set(kind, (reads.get(kind) ?? 0) + 1), entries.get(`${kind}/${key}`)),
      write: async (kind, key, data) => void entries.set(`${kind}/${key}`, data as Uint8Array),
    };
    return { cache, reads, entries };
  };
  const script = encoder.encode(`export const words = ${JSON.stringify('Wort '.repeat(4000))};`);

  it('resolves to the gzip size with the file and its .gz written, and writes the .br by encoded(): both at ASSET_EFFORT', async () => {
    const out = path.join(dir, 'asset');
    const writer = new OutputWriter(out);
    const { cache, entries } = countingCache();
    const written = new Set<string>();
    const gzip = await encode(script, 'gzip', ASSET_EFFORT);
    expect(await writer.asset('/assets/words.js', script, cache, written)).toBe(gzip.byteLength);
    expect(await readFile(path.join(out, 'assets/words.js.gz'))).toEqual(Buffer.from(gzip));
    await writer.encoded();
    const brotli = await readFile(path.join(out, 'assets/words.js.br'));
    expect(brotli).toEqual(Buffer.from(await encode(script, 'br', ASSET_EFFORT)));
    expect(brotliDecompressSync(brotli)).toEqual(Buffer.from(script));
    expect([...written].sort()).toEqual(['assets/words.js', 'assets/words.js.br', 'assets/words.js.gz']);
    // Both encodings are kept for the next build.
    expect([...entries.keys()].map((key) => key.split('/')[0]).sort()).toEqual(['br', 'gz']);
  });

  it('takes the brotli encoding encodeAhead started instead of making it again', async () => {
    const writer = new OutputWriter(path.join(dir, 'ahead'));
    const { cache, reads } = countingCache();
    const ahead = encoder.encode(`${script.byteLength} ${'Satz '.repeat(3000)}`);
    encodeAhead(
      new Map([
        ['/assets/ahead.js', ahead],
        ['/assets/font.woff2', ahead.slice()],
      ]),
      cache,
    );
    await writer.asset('/assets/ahead.js', ahead, cache);
    await writer.encoded();
    // One brotli lookup (encodeAhead's; the font is not compressible) and the writer's gzip lookup.
    expect(Object.fromEntries(reads)).toEqual({ br: 1, gz: 1 });
  });
});
