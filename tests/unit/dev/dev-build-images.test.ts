/** `site dev` builds images like `site build`: served from memory, and a page re-rendered when its image file changes. */
import { mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { directoryCache } from '../../../src/cache/build-cache.ts';
import { DevBuilder } from '../../../src/dev/dev-build.ts';
import { loadFixture } from '../../support/fixture.ts';
import { scaled } from '../../support/time-scale.ts';

let content: string;
let cacheDir: string;
beforeAll(async () => {
  content = (await loadFixture('content/images')).content;
  cacheDir = await mkdtemp(path.join(tmpdir(), 'site-dev-images-'));
});
afterAll(() => Promise.all([rm(content, { recursive: true, force: true }), rm(cacheDir, { recursive: true, force: true })]));

it(
  'serves every candidate the page links, re-renders the page when its image file changes, and reports a missing file at its src',
  async () => {
    const dev = new DevBuilder(content, {}, directoryCache(cacheDir));
    const first = await dev.rebuild();
    if (!first.ok) throw new Error(first.errors.map((e) => e.message).join('\n'));
    const html = new TextDecoder().decode(first.files.get('/index.html'));
    const linked = [...html.matchAll(/(\/assets\/images\/[^\s"]+)/g)].map((m) => m[1]!);
    expect(linked.length).toBeGreaterThan(0);
    for (const url of linked) expect(first.files.has(url), url).toBe(true);

    const again = await dev.rebuild();
    expect(again.ok && [again.rendered, again.changed]).toEqual([0, []]);

    // A second start of `site dev` over the same build cache takes the pages from it, byte for byte.
    await dev.stored();
    const restarted = await new DevBuilder(content, {}, directoryCache(cacheDir)).rebuild();
    if (!restarted.ok) throw new Error(restarted.errors.map((e) => e.message).join('\n'));
    expect(restarted.rendered).toBe(0);
    const pageFiles = [...first.files.keys()].filter((url) => url.endsWith('.html'));
    for (const url of pageFiles) expect(Buffer.from(restarted.files.get(url)!).equals(first.files.get(url)!), url).toBe(true);

    const file = path.join(content, 'images/werkstatt.png');
    const original = await readFile(file);
    await writeFile(file, await sharp(original).flop().png().toBuffer());
    const edited = await dev.rebuild();
    expect(edited.ok && [edited.rendered, edited.changed]).toEqual([1, ['/']]);
    // The page's earlier version left the build cache: one stored version per page.
    await dev.stored();
    expect((await readdir(path.join(cacheDir, 'page'))).length).toBe(pageFiles.length);

    await unlink(file);
    const missing = await dev.rebuild();
    expect(missing.ok ? [] : missing.errors.map((e) => [e.code, e.location?.path])).toEqual([
      ['image-missing', 'sections[0].image.src'],
      ['image-missing', 'sections[2].image.src'],
    ]);
  },
  scaled(180_000),
);
