import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputThread } from '../../../src/output/output-thread.ts';
import { cacheKey, directoryCache, type BuildCache } from '../../../src/cache/build-cache.ts';
import { PAGE_KIND, pageCacheEntry, storedPage, storePage, type StoredPage } from '../../../src/output/page-cache.ts';
import { OutputWriter } from '../../../src/output/writer.ts';

const encoder = new TextEncoder();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-page-cache-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A page as a build stores it: its HTML (some pages non-ASCII) and what its report and `site check` need. */
function page(i: number): StoredPage {
  const bytes = encoder.encode(`<!doctype html><p>Seite ${i} ${'Größe '.repeat(i * 5)}</p>`);
  return {
    bytes,
    htmlGzip: gzipSync(bytes, { level: 9 }).byteLength,
    refs: { scripts: [`/assets/p${i}.js`], stylesheets: ['/assets/site.css'], islands: [] },
    inline: { scripts: [`'sha256-${i}'`], styles: [], styleAttributes: i % 2 === 0 },
    sources: { hash: `h${i}`, elements: [{ at: i, file: `pages/p${i}/de.yaml`, path: ['sections', i, 'title'] }] },
    islandProps: i % 3 ? {} : { [`/_islands/p${i}.json`]: `{"n":${i}}` },
  };
}

/** Each page written by an OutputWriter with its entry, as the build writes a rendered page. */
async function writeWithEntries(cache: BuildCache, out: string, count: number): Promise<void> {
  const writer = new OutputWriter(out);
  for (let i = 0; i < count; i++) {
    const { bytes, refs, inline, islandProps, sources } = page(i);
    await writer.page(
      `/p${i}/index.html`,
      bytes,
      await pageCacheEntry(cache, cacheKey(`page ${i}`), bytes, { refs, inline, islandProps }, JSON.stringify(sources)),
    );
    // Past the thread-pool pages, the output thread starts: once it is up, the later pages are stored there.
    if (i === 20) expect(await outputThread.whenOnline()).toBe(true);
  }
}

describe('page entries', () => {
  it('are stored alike by the output thread, through the cache and by storePage, and read back as stored', async () => {
    // A cache that keeps entries as files (the output thread writes them) and one that only has write (the writer stores through it).
    const files = directoryCache(path.join(dir, 'files'));
    const { entryFile: _, keys: __, ...writeOnly } = directoryCache(path.join(dir, 'write-only'));
    const direct = directoryCache(path.join(dir, 'direct'));
    await writeWithEntries(files, path.join(dir, 'out-files'), 60);
    await writeWithEntries(writeOnly, path.join(dir, 'out-write-only'), 60);
    for (let i = 0; i < 60; i++) await storePage(direct, cacheKey(`page ${i}`), page(i));
    for (let i = 0; i < 60; i++) {
      const key = cacheKey(`page ${i}`);
      const stored = await readFile(path.join(dir, 'direct', PAGE_KIND, key));
      expect(await readFile(path.join(dir, 'files', PAGE_KIND, key))).toEqual(stored);
      expect(await readFile(path.join(dir, 'write-only', PAGE_KIND, key))).toEqual(stored);
      const { bytes, ...rest } = page(i);
      const read = await storedPage(files, key);
      expect(read && { ...read, bytes: Buffer.from(read.bytes) }).toEqual({ ...rest, bytes: Buffer.from(bytes) });
    }
    expect((await files.keys!(PAGE_KIND)).sort()).toEqual(Array.from({ length: 60 }, (_, i) => cacheKey(`page ${i}`)).sort());
  });

  it('keep the entry already there (the same page) and are refused, then removed, when damaged', async () => {
    const cache = directoryCache(path.join(dir, 'damage'));
    const key = cacheKey('page 7');
    const file = path.join(dir, 'damage', PAGE_KIND, key);
    await storePage(cache, key, page(7));
    const first = await readFile(file);
    await storePage(cache, key, page(8));
    expect(await readFile(file)).toEqual(first);
    // The HTML altered in place, same length: its digest no longer matches.
    await writeFile(file, Buffer.from(first.toString('latin1').replace('Seite 7', 'Seite X'), 'latin1'));
    expect(await storedPage(cache, key)).toBeUndefined();
    expect(await readdir(path.join(dir, 'damage', PAGE_KIND))).toEqual([]);
    expect(await cache.keys!('no-such-kind')).toEqual([]);
  });
});
