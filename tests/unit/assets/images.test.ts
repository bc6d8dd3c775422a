/**
 * Responsive images on the `images` fixture site (tests/fixtures/content/images): a hero image (first in view)
 * and a cropped decorative image further down, both from one 1600×900 PNG.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImages, candidateWidths, cropAround } from '../../../src/assets/images.ts';
import { directoryCache } from '../../../src/cache/build-cache.ts';
import { loadContent } from '../../../src/content/load.ts';
import { buildSite } from '../../../src/output/build.ts';
import { loadFixture } from '../../support/fixture.ts';
import { withSharedCodeAssets } from '../../support/shared-code-assets.ts';
import { scaled } from '../../support/time-scale.ts';

let work: string;
let content: string;
let out: string;
let html: string;
const cacheDir = () => path.join(work, 'cache');

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'site-images-'));
  content = (await loadFixture('content/images')).content;
  out = path.join(work, 'dist');
  const built = await buildSite({ contentDir: content, outDir: out, cache: withSharedCodeAssets(directoryCache(cacheDir())) });
  if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
  html = await readFile(path.join(out, 'index.html'), 'utf8');
}, scaled(180_000));

afterAll(() => Promise.all([rm(work, { recursive: true, force: true }), rm(content, { recursive: true, force: true })]));

const pictures = () => [...html.matchAll(/<picture>(.*?)<\/picture>/g)].map((m) => m[1]!);
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
const urls = (srcset: string) => srcset.split(', ').map((c) => c.split(' ')[0]!);

describe('<picture> output', () => {
  it('writes AVIF, then WebP, then the fallback <img> with srcset, sizes and the intrinsic size of the largest candidate', () => {
    const [hero] = pictures();
    const sources = [...hero!.matchAll(/<source [^>]*>/g)].map((m) => m[0]);
    expect(sources.map((s) => attr(s, 'type'))).toEqual(['image/avif', 'image/webp']);
    expect(attr(sources[0]!, 'srcSet')).toMatch(
      /^\/assets\/images\/werkstatt-\w{10}-480\.avif 480w, \S+-800\.avif 800w, \S+-1200\.avif 1200w, \S+-1600\.avif 1600w$/,
    );
    const img = /<img [^>]*>/.exec(hero!)![0];
    expect(attr(img, 'src')).toMatch(/^\/assets\/images\/werkstatt-\w{10}-1600\.jpg$/);
    expect([attr(img, 'width'), attr(img, 'height')]).toEqual(['1600', '900']);
    expect(attr(img, 'alt')).toBe('Drei Tafeln unter einer Sonne');
    expect(attr(img, 'sizes')).toBe('(min-width: 1088px) 1024px, calc(100vw - 2rem)');
  });

  it('loads the first image in view at once with high priority, and the others lazily', () => {
    const [hero, about] = pictures().map((p) => /<img [^>]*>/.exec(p)![0]);
    expect(attr(hero!, 'fetchPriority')).toBe('high');
    expect(attr(hero!, 'loading')).toBeUndefined();
    expect(attr(about!, 'loading')).toBe('lazy');
    expect(attr(about!, 'fetchPriority')).toBeUndefined();
  });

  it('crops to the aspect around the focus point; a decorative image has an empty alt', () => {
    const about = /<img [^>]*>/.exec(pictures()[1]!)![0];
    expect([attr(about, 'width'), attr(about, 'height')]).toEqual(['1200', '900']);
    expect(attr(about, 'alt')).toBe('');
    // 4:3 of 1600×900 is 1200×900; its centre at 20 % of the width would start left of the image, so it starts at 0.
    expect(cropAround(1600, 900, 4 / 3, { x: 20, y: 50 })).toEqual({ left: 0, top: 0, width: 1200, height: 900 });
    expect(cropAround(1600, 900, 4 / 3, { x: 80, y: 50 })).toEqual({ left: 400, top: 0, width: 1200, height: 900 });
    expect(cropAround(1600, 900, 3, { x: 50, y: 10 })).toEqual({ left: 0, top: 0, width: 1600, height: 533 });
  });

  it('writes every candidate, each in its format and at its width', async () => {
    const all = pictures().flatMap((p) => [...p.matchAll(/srcSet="([^"]+)"/g)].flatMap((m) => urls(m[1]!)));
    expect(all).toHaveLength(3 * 4 + 3 * 3);
    for (const url of all) {
      const meta = await sharp(path.join(out, url)).metadata();
      expect(meta.width, url).toBe(Number(/-(\d+)\.\w+$/.exec(url)![1]));
      expect(meta.format, url).toBe({ avif: 'heif', webp: 'webp', jpg: 'jpeg' }[url.split('.').pop()!]);
    }
  });

  it('makes candidates up to the source width or twice the widest slot, whichever is smaller', () => {
    expect(candidateWidths(1600, 1024)).toEqual([480, 800, 1200, 1600]);
    expect(candidateWidths(3000, 1024)).toEqual([480, 800, 1200, 1600, 2048]);
    expect(candidateWidths(300, 704)).toEqual([300]);
  });
});

describe('build cache', () => {
  it(
    'encodes nothing when the images are cached (keyed by content hash), and again once the file changes',
    async () => {
      const loaded = await loadContent(content);
      if (!loaded.ok) throw new Error('fixture does not load');
      const cache = withSharedCodeAssets(directoryCache(cacheDir()));
      const warm = await buildImages(loaded.value, content, cache);
      expect(warm.errors).toEqual([]);
      expect(warm.encoded).toBe(0);
      expect(warm.files.size).toBe(21);

      const changed = (await loadFixture('content/images')).content;
      try {
        const file = path.join(changed, 'images/werkstatt.png');
        await writeFile(file, await sharp(file).negate({ alpha: false }).png().toBuffer());
        const again = await loadContent(changed);
        if (!again.ok) throw new Error('fixture does not load');
        const rebuilt = await buildImages(again.value, changed, cache);
        expect(rebuilt.encoded).toBe(2);
        expect([...rebuilt.files.keys()].filter((url) => warm.files.has(url))).toEqual([]);
      } finally {
        await rm(changed, { recursive: true, force: true });
      }
    },
    scaled(120_000),
  );

  it(
    're-renders a page whose image file changed and reuses it otherwise (the page cache keys on the image)',
    async () => {
      const site = (await loadFixture('content/images')).content;
      const target = path.join(work, 'warm');
      const cache = withSharedCodeAssets(directoryCache(cacheDir()));
      const build = async () => {
        const built = await buildSite({ contentDir: site, outDir: target, cache, pageCache: true, generator: 'images-test' });
        if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
        return built.value;
      };
      try {
        await build();
        expect((await build()).pages).toEqual({ rendered: 0, reused: 1, removed: 0 });
        const before = await readFile(path.join(target, 'index.html'), 'utf8');
        const file = path.join(site, 'images/werkstatt.png');
        await writeFile(file, await sharp(file).flop().png().toBuffer());
        expect((await build()).pages).toEqual({ rendered: 1, reused: 0, removed: 0 });
        const after = await readFile(path.join(target, 'index.html'), 'utf8');
        expect(after).not.toBe(before);
        // The old candidates are gone from the output: only what the page links stays.
        const oldUrl = /src="(\/assets\/images\/[^"]+)"/.exec(before)![1]!;
        await expect(stat(path.join(target, oldUrl))).rejects.toThrow();
      } finally {
        await rm(site, { recursive: true, force: true });
      }
    },
    scaled(180_000),
  );
});
