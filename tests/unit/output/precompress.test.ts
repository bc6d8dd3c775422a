import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { outputThread } from '../../../src/output/output-thread.ts';
import { gzipSize } from '../../../src/output/precompress.ts';

const encoder = new TextEncoder();

describe('gzipSize', () => {
  it('is the gzip -9 size on the thread pool and, once the worker runs, from the worker', async () => {
    // Pages of different lengths and contents, some sliced out of a larger buffer (a view with an offset).
    const pages = Array.from({ length: 120 }, (_, i) => encoder.encode(`<p>${'Seite '.repeat(i * 7)}${i}</p>`.repeat(1 + (i % 5))));
    const viewed = pages.map((page, i) => (i % 3 === 0 ? new Uint8Array([1, 2, ...page, 3]).subarray(2, 2 + page.byteLength) : page));
    const sizes: number[] = [];
    for (const [i, page] of viewed.entries()) {
      sizes.push(await gzipSize(page));
      // Past the thread-pool pages, the worker starts: once it is up, the later pages are sized there.
      if (i === 20) expect(await outputThread.whenOnline()).toBe(true);
    }
    expect(sizes).toEqual(pages.map((page) => gzipSync(page, { level: 9 }).byteLength));
  });

  it('sizes pages asked for at once, each with its own size', async () => {
    const pages = Array.from({ length: 64 }, (_, i) => encoder.encode(`${i}:${'x'.repeat(i * 31)}`));
    expect(await Promise.all(pages.map(gzipSize))).toEqual(pages.map((page) => gzipSync(page, { level: 9 }).byteLength));
  });
});
