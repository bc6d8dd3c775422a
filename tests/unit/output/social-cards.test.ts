import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryCache, type BuildCache } from '../../../src/cache/build-cache.ts';
import { buildSite } from '../../../src/output/build.ts';
import { imageSize } from '../../../src/output/social-cards.ts';
import { loadFixture, lineOf } from '../../support/fixture.ts';
import { withSharedCodeAssets } from '../../support/shared-code-assets.ts';
import { scaled } from '../../support/time-scale.ts';

/**
 * Social cards on the fixture site (tests/fixtures/content/base: one German home page): each indexable page
 * announces its own 1200 × 630 PNG, drawn from its title and description, under a URL that changes with them;
 * an image of the author's own replaces it; warm builds neither draw nor read a card whose page is unchanged.
 */

const repo = path.resolve(import.meta.dirname, '../../..');
let work: string;
let cacheDir: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'site-cards-'));
  cacheDir = path.join(work, 'cache');
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** The build cache, counting what is asked of it by kind. */
function countingCache(): { cache: BuildCache; reads: Map<string, number>; writes: Map<string, number> } {
  const inner = withSharedCodeAssets(directoryCache(cacheDir));
  const reads = new Map<string, number>();
  const writes = new Map<string, number>();
  return {
    reads,
    writes,
    cache: {
      read: (kind, key) => (reads.set(kind, (reads.get(kind) ?? 0) + 1), inner.read(kind, key)),
      write: (kind, key, data) => (writes.set(kind, (writes.get(kind) ?? 0) + 1), inner.write(kind, key, data)),
    },
  };
}

async function build(content: string, out: string, cache: BuildCache = withSharedCodeAssets(directoryCache(cacheDir)), pageCache = false) {
  const built = await buildSite({ contentDir: content, outDir: out, cache, pageCache, generator: 'test' });
  if (!built.ok) throw new Error(built.errors.map((e) => `${e.location?.file}:${e.location?.line}:${e.location?.column} ${e.message}`).join('\n'));
  return built.value;
}

const meta = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property.replace(/:/g, ':')}" content="([^"]*)">`).exec(html)?.[1];

async function cardOf(out: string, file = 'index.html') {
  const html = await readFile(path.join(out, file), 'utf8');
  const url = meta(html, 'og:image')!;
  const local = new URL(url).pathname;
  const bytes = new Uint8Array(await readFile(path.join(out, local)));
  return { html, url, local, bytes };
}

async function editFile(file: string, from: string | RegExp, to: string) {
  const text = await readFile(file, 'utf8');
  const next = text.replace(from, to);
  expect(next).not.toBe(text);
  await writeFile(file, next);
}

describe('social cards', () => {
  it(
    'gives a page its own 1200 × 630 PNG, announced with its size, type and alt text, which changes with the title',
    async () => {
      const content = (await loadFixture('content/base')).content;
      const first = await cardOf((await build(content, path.join(work, 'a'))).outDir);
      expect(first.local).toMatch(/^\/social\/home-[0-9a-f]{10}\.png$/);
      expect(imageSize(first.bytes)).toEqual({ width: 1200, height: 630, type: 'image/png' });
      expect(meta(first.html, 'og:image:width')).toBe('1200');
      expect(meta(first.html, 'og:image:height')).toBe('630');
      expect(meta(first.html, 'og:image:type')).toBe('image/png');
      expect(meta(first.html, 'og:image:alt')).toBe('Fixture\u00a0– Größe &amp; Maß');
      expect(meta(first.html, 'twitter:image')).toBe(first.url);
      expect(first.html).not.toContain('/og-image.png');

      await editFile(path.join(content, 'pages/home/de.yaml'), 'title: Fixture – Größe & Maß', 'title: Ein anderer Titel');
      const second = await cardOf((await build(content, path.join(work, 'b'))).outDir);
      expect(second.local).not.toBe(first.local);
      expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(false);
      expect(imageSize(second.bytes)).toMatchObject({ width: 1200, height: 630 });
    },
    scaled(120_000),
  );

  it(
    'a warm build of an unchanged page neither draws nor reads its card; a new title draws one card',
    async () => {
      const content = (await loadFixture('content/base')).content;
      const out = path.join(work, 'warm');
      await build(content, out, withSharedCodeAssets(directoryCache(cacheDir)), true);
      const warm = countingCache();
      const report = await build(content, out, warm.cache, true);
      expect(report.pages).toMatchObject({ rendered: 0, reused: 1 });
      expect(warm.reads.get('social-card') ?? 0).toBe(0);
      // Damaged by hand: the next warm build writes it again.
      const { local, bytes } = await cardOf(out);
      await writeFile(path.join(out, local), 'not a card');
      await build(content, out, withSharedCodeAssets(directoryCache(cacheDir)), true);
      expect(Buffer.from(await readFile(path.join(out, local))).equals(Buffer.from(bytes))).toBe(true);

      await editFile(path.join(content, 'pages/home/de.yaml'), 'title: Fixture – Größe & Maß', 'title: Noch ein Titel');
      const edited = countingCache();
      await build(content, out, edited.cache, true);
      expect(edited.writes.get('social-card')).toBe(1);
      const files = (await import('node:fs')).readdirSync(path.join(out, 'social'));
      expect(files).toHaveLength(1);
    },
    scaled(120_000),
  );

  it(
    'uses an image the page names in meta.socialImage, with its own size and alt text',
    async () => {
      const content = (await loadFixture('content/base')).content;
      await mkdir(path.join(content, 'social'));
      const own = await readFile(path.join(repo, 'templates/og-image.png'));
      await writeFile(path.join(content, 'social/home.png'), own);
      await editFile(
        path.join(content, 'pages/home/de.yaml'),
        /^meta:\n/m,
        'meta:\n  socialImage: { src: social/home.png, alt: Das Dashboard der Plattform }\n',
      );
      const card = await cardOf((await build(content, path.join(work, 'own'))).outDir);
      expect(card.local).toMatch(/^\/social\/home-[0-9a-f]{10}\.png$/);
      expect(Buffer.from(card.bytes).equals(own)).toBe(true);
      expect(meta(card.html, 'og:image:alt')).toBe('Das Dashboard der Plattform');
      expect(meta(card.html, 'og:image:width')).toBe('1200');
    },
    scaled(60_000),
  );

  it(
    'keeps the shared image for a page that is not indexable',
    async () => {
      const content = (await loadFixture('content/base')).content;
      await editFile(path.join(content, 'pages/home/de.yaml'), /^meta:\n/m, 'meta:\n  noindex: true\n');
      const out = (await build(content, path.join(work, 'noindex'))).outDir;
      const html = await readFile(path.join(out, 'index.html'), 'utf8');
      expect(new URL(meta(html, 'og:image')!).pathname).toBe('/og-image.png');
    },
    scaled(60_000),
  );

  it(
    'reports a missing or unreadable own image with file, line, column and message',
    async () => {
      const content = await withSocialImage('social/nowhere.png');
      const line = await lineOf(content, 'pages/home/de.yaml', 'socialImage');
      const missing = await buildErrors(content, 'missing');
      expect(missing).toHaveLength(1);
      expect(missing[0]).toMatchObject({
        code: 'social-image-missing',
        message: 'the social image social/nowhere.png does not exist',
        location: { file: 'pages/home/de.yaml', line, column: 23, path: 'meta.socialImage.src' },
      });

      await mkdir(path.join(content, 'social'));
      await writeFile(path.join(content, 'social/nowhere.png'), 'GIF89a not a png');
      const wrong = await buildErrors(content, 'wrong');
      expect(wrong.map((e) => [e.code, e.message, e.location?.line, e.location?.column])).toEqual([
        ['social-image-format', 'the social image social/nowhere.png is not a PNG or JPEG file', line, 23],
      ]);
    },
    scaled(60_000),
  );

  it(
    'refuses an image path outside the content folder or of another type, at its place',
    async () => {
      const content = await withSocialImage('../secret.gif');
      const errors = await buildErrors(content, 'schema');
      expect(errors[0]).toMatchObject({
        message: expect.stringContaining('expected a PNG or JPEG file inside the content folder'),
        location: { file: 'pages/home/de.yaml', line: await lineOf(content, 'pages/home/de.yaml', 'socialImage'), column: 23 },
      });
    },
    scaled(60_000),
  );
});

/** The base fixture whose home page names `src` as its social image. */
async function withSocialImage(src: string): Promise<string> {
  const content = (await loadFixture('content/base')).content;
  await editFile(path.join(content, 'pages/home/de.yaml'), /^meta:\n/m, `meta:\n  socialImage: { src: ${src}, alt: Ein Bild }\n`);
  return content;
}

/** The errors of a build that must fail. */
async function buildErrors(content: string, out: string) {
  const built = await buildSite({ contentDir: content, outDir: path.join(work, out), cache: withSharedCodeAssets(directoryCache(cacheDir)) });
  expect(built.ok).toBe(false);
  return built.ok ? [] : built.errors;
}

describe('imageSize', () => {
  it('reads PNG and JPEG sizes and refuses anything else', async () => {
    expect(imageSize(new Uint8Array(await readFile(path.join(repo, 'templates/og-image.png'))))).toEqual({ width: 1200, height: 630, type: 'image/png' });
    // A JPEG: SOI, an APP0 segment, then SOF0 with height 630 and width 1200.
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x76, 0x04, 0xb0, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(imageSize(jpeg)).toEqual({ width: 1200, height: 630, type: 'image/jpeg' });
    expect(imageSize(new TextEncoder().encode('GIF89a'))).toBeUndefined();
  });
});
