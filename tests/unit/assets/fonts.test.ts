import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryCache, noCache } from '../../../src/cache/build-cache.ts';
import { buildFonts, SHIPPED_FONTS, type SiteFonts } from '../../../src/assets/fonts.ts';
import { scaled } from '../../support/time-scale.ts';

let dir: string;
/** The fonts made now, in the child process: no shipped files, an empty cache. */
let subset: SiteFonts;
// A hit reads the files back as Buffers: the bytes are compared, not the class.
const plain = (fonts: SiteFonts) => ({ ...fonts, files: fonts.files.map((f) => ({ url: f.url, bytes: Buffer.from(f.bytes) })) });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-fonts-'));
  subset = await buildFonts(directoryCache(path.join(dir, 'cache')), path.join(dir, 'nothing-shipped'));
}, scaled(120_000));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('buildFonts', () => {
  it('subsets the files in a child process when nothing is shipped or cached, and a cache hit gives the same files, rules and preload', async () => {
    expect(subset.files.map((f) => f.url)).toEqual([
      expect.stringMatching(/^\/assets\/inter-latin-[0-9a-f]{10}\.woff2$/),
      expect.stringMatching(/^\/assets\/inter-latin-ext-[0-9a-f]{10}\.woff2$/),
      expect.stringMatching(/^\/assets\/inter-latin-ext-b-[0-9a-f]{10}\.woff2$/),
    ]);
    for (const file of subset.files) {
      expect(Buffer.from(file.bytes.subarray(0, 4)).toString('latin1')).toBe('wOF2');
      expect(file.url).toContain(createHash('sha256').update(file.bytes).digest('hex').slice(0, 10));
      expect(subset.css).toContain(`src:url(${file.url}) format("woff2")`);
    }
    expect(subset.preload).toBe(subset.files[0]!.url);
    expect(plain(await buildFonts(directoryCache(path.join(dir, 'cache')), path.join(dir, 'nothing-shipped')))).toEqual(plain(subset));
  });

  it('keeps a page with a Latin Extended-A name within the 40 KB of fonts of a first visit, and still covers all of Latin Extended', () => {
    const faces = [...subset.css.matchAll(/src:url\(([^)]+)\) format\("woff2"\);unicode-range:([^;}]+)/g)].map(([, url, ranges]) => ({
      bytes: subset.files.find((file) => file.url === url)?.bytes.byteLength ?? NaN,
      ranges: (ranges ?? '').split(',').map((range) =>
        range
          .slice(2)
          .split('-')
          .map((hex) => parseInt(hex, 16)),
      ),
    }));
    const faceOf = (codePoint: number) => faces.find((face) => face.ranges.some(([a = NaN, b = a]) => codePoint >= a && codePoint <= b));
    const latin = faceOf(0x61)?.bytes ?? NaN;
    // Turkish, Polish, Czech and Romanian names: the latin file and one more, ≤ 40 KB together (#15's font budget).
    for (const letter of 'ıİğşŁłśżČřžȘț') expect(latin + (faceOf(letter.codePointAt(0) ?? 0)?.bytes ?? NaN), letter).toBeLessThanOrEqual(40 * 1024);
    for (const [a, b] of [
      [0x100, 0x24f],
      [0x1e00, 0x1eff],
      [0x20a0, 0x20c0],
    ] as const) {
      for (let codePoint = a; codePoint <= b; codePoint++) expect(faceOf(codePoint), codePoint.toString(16)).toBeDefined();
    }
  });

  it('ships the subsets that the current Inter and settings make (when this fails, run `npm run fonts`)', async () => {
    expect(plain(await buildFonts(noCache))).toEqual(plain(subset));
  });

  it(
    'takes a shipped file made under the current key as it is, and subsets again for one made under another',
    async () => {
      const shipped = path.join(dir, 'shipped');
      await cp(SHIPPED_FONTS, shipped, { recursive: true });
      const latin = path.join(shipped, 'inter-latin.woff2');
      // Bytes no subsetting makes: the build can only have them from the shipped file.
      const marked = Buffer.concat([await readFile(latin), Buffer.from('shipped')]);
      await writeFile(latin, marked);
      expect(Buffer.from((await buildFonts(noCache, shipped)).files[0]!.bytes)).toEqual(marked);

      const keys = JSON.parse(await readFile(path.join(shipped, 'subsets.json'), 'utf8')) as Record<string, string>;
      await writeFile(path.join(shipped, 'subsets.json'), JSON.stringify({ ...keys, latin: 'made-from-an-older-inter' }));
      expect(plain(await buildFonts(noCache, shipped))).toEqual(plain(subset));
    },
    scaled(120_000),
  );
});
