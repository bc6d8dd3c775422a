import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryCache } from '../../../src/cache/build-cache.ts';
import { buildFonts } from '../../../src/assets/fonts.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-fonts-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('buildFonts', () => {
  it('subsets the files in a child process on a miss, and a hit gives the same files, rules and preload', async () => {
    const cache = directoryCache(dir);
    const miss = await buildFonts(cache);
    expect(miss.files.map((f) => f.url)).toEqual([expect.stringMatching(/^\/assets\/inter-latin-[0-9a-f]{10}\.woff2$/), expect.stringMatching(/^\/assets\/inter-latin-ext-[0-9a-f]{10}\.woff2$/)]);
    for (const file of miss.files) {
      expect(Buffer.from(file.bytes.subarray(0, 4)).toString('latin1')).toBe('wOF2');
      expect(file.url).toContain(createHash('sha256').update(file.bytes).digest('hex').slice(0, 10));
      expect(miss.css).toContain(`src:url(${file.url}) format("woff2")`);
    }
    expect(miss.preload).toBe(miss.files[0]!.url);
    // A hit reads the files back as Buffers: the bytes are compared, not the class.
    const plain = (fonts: typeof miss) => ({ ...fonts, files: fonts.files.map((f) => ({ url: f.url, bytes: Buffer.from(f.bytes) })) });
    expect(plain(await buildFonts(cache))).toEqual(plain(miss));
  }, 120_000);
});
