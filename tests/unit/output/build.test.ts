import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { compile } from '@tailwindcss/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { styleCandidates } from '../../../src/assets/styles.ts';
import { directoryCache } from '../../../src/cache/build-cache.ts';
import { buildSite, type BuildReport } from '../../../src/output/build.ts';
import { htmlGzipBound, needsHtmlGzip } from '../../../src/output/page-weight.ts';
import { isCompressible } from '../../../src/output/precompress.ts';
import { loadFixture, PAGE_TYPES_SITE, type FixtureSite } from '../../support/fixture.ts';
import { scaled } from '../../support/time-scale.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
/** A site with every page type (tests/fixtures/page-types), built into folders of `work`. */
let site: FixtureSite;
let work: string;
let report: BuildReport;

async function files(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'site-build-'));
  site = await loadFixture(PAGE_TYPES_SITE);
  const built = await buildSite({ contentDir: site.content, outDir: path.join(work, 'a'), cache: directoryCache(path.join(work, 'cache')) });
  if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
  report = built.value;
}, scaled(120_000));

afterAll(() => Promise.all([rm(work, { recursive: true, force: true }), site.remove()]));

describe('precompressed output', () => {
  it('writes .gz and .br beside every asset that compresses, each decoding to the file, and pages as they are', async () => {
    const out = path.join(work, 'a');
    const all = await files(out);
    const originals = all.filter((f) => isCompressible(f));
    // One page per route, plus the page left at each old address of content/redirects.yaml (output/redirects.ts).
    const fallbackPages = (await readFile(path.join(out, '_redirects'), 'utf8')).split('\n').filter((line) => /^\/\S*[^/] /.test(line)).length;
    expect(originals.filter((f) => f.endsWith('.html')).length).toBe(report.routes.length + fallbackPages);
    for (const file of originals) {
      const data = await readFile(path.join(out, file));
      const hasGz = all.includes(`${file}.gz`);
      const hasBr = all.includes(`${file}.br`);
      // Pages and SEO files change with every content edit; hosts and `site serve` compress them on request.
      const asset = file.startsWith('assets/') || file === 'favicon.svg';
      if (!asset) expect({ file, hasGz, hasBr }).toEqual({ file, hasGz: false, hasBr: false });
      else if (data.byteLength > 1024) expect({ file, hasGz, hasBr }).toEqual({ file, hasGz: true, hasBr: true });
      if (hasGz) expect(gunzipSync(await readFile(path.join(out, `${file}.gz`))).equals(data)).toBe(true);
      if (hasBr) expect(brotliDecompressSync(await readFile(path.join(out, `${file}.br`))).equals(data)).toBe(true);
    }
  });

  it('reports gzip -9 sizes that match the written files', async () => {
    const home = report.routes.find((r) => r.route === '/')!;
    const html = await readFile(path.join(work, 'a/index.html'));
    expect(home.weight.html).toBe(gzipSync(html, { level: 9 }).byteLength);
    expect(home.weight.htmlAtMost).toBeUndefined();
    const loader = await readFile(path.join(work, 'a', report.loader), 'utf8');
    // A visitor on the home page downloads the island loader and what it imports statically (esbuild's
    // shared helper chunk), nothing else up front: the cookie banner a first visit shows needs no script.
    const imported = [...loader.matchAll(/^import"\.\/([\w-]+\.js)";/g)].map((m) => m[1]!);
    const gz = async (file: string) => gzipSync(await readFile(path.join(work, 'a/assets', file)), { level: 9 }).byteLength;
    let expected = gzipSync(loader, { level: 9 }).byteLength;
    for (const file of imported) expected += await gz(file);
    expect(home.weight.jsBeforeInteraction).toBe(expected);
    expect(home.weight.jsBeforeInteraction).toBeLessThan(5 * 1024);
    // A page without islands downloads no script at all, on a first visit too.
    const impressum = report.routes.find((r) => r.route === '/impressum')!.weight;
    expect([impressum.jsBeforeInteraction, impressum.jsHydrated, impressum.jsSubmit, impressum.islandProps]).toEqual([0, 0, 0, 0]);
    expect(home.weight.jsHydrated).toBeGreaterThan(home.weight.jsBeforeInteraction);
    expect(home.weight.jsSubmit).toBeGreaterThan(0);
    // The islands' props files the page names, each once, as written.
    const props = new Set([...html.toString('utf8').matchAll(/ data-props-src="\/assets\/([^"]+)"/g)].map((m) => m[1]!));
    expect(props.size).toBeGreaterThan(0);
    let propsGzip = 0;
    for (const file of props) propsGzip += await gz(file);
    expect(home.weight.islandProps).toBe(propsGzip);
  });
});

describe('HTML sizes', () => {
  it('compresses a page only when its HTML budget needs the exact size, and reports the others by their bound', async () => {
    // The fixture's check.yaml: `default: { html: 25, … }` and no route of its own.
    const limit = 25;
    const figures = await Promise.all(
      report.routes.map(async ({ file, weight }) => {
        const bytes = await readFile(path.join(work, 'a', file));
        const exact = needsHtmlGzip(bytes.byteLength, limit);
        const gzip = gzipSync(bytes, { level: 9 }).byteLength;
        return { file, exact, atMost: weight.htmlAtMost === true, html: weight.html, expected: exact ? gzip : htmlGzipBound(bytes.byteLength), gzip };
      }),
    );
    // Both kinds occur in this site; each figure is the exact size or the bound, as the rule says, and a bound is never below the size.
    expect(new Set(figures.map((f) => f.exact))).toEqual(new Set([true, false]));
    for (const f of figures) {
      expect({ file: f.file, html: f.html, atMost: f.atMost }).toEqual({ file: f.file, html: f.expected, atMost: !f.exact });
      expect(f.html).toBeGreaterThanOrEqual(f.gzip);
    }
  });

  it(
    'compresses a page reported by its bound once a lowered budget needs the exact size, and keeps it within that budget',
    async () => {
      const content = (await loadFixture(PAGE_TYPES_SITE)).content;
      const out = path.join(work, 'lowered');
      const cache = directoryCache(path.join(work, 'cache-lowered'));
      const first = await buildSite({ contentDir: content, outDir: out, cache, pageCache: true });
      if (!first.ok) throw new Error('the first build failed');
      const bound = first.value.routes.find((r) => r.weight.htmlAtMost);
      if (!bound) throw new Error('no page was reported by its bound');
      const gzip = gzipSync(await readFile(path.join(out, bound.file)), { level: 9 }).byteLength;
      // A budget between the page's gzip size and its bound: only the exact size shows the page is within it.
      const kb = Math.ceil(gzip / 1024);
      expect(kb * 1024).toBeLessThan(bound.weight.html);
      const check = path.join(content, 'check.yaml');
      await writeFile(check, (await readFile(check, 'utf8')).replace('routes: {}', `routes: { "${bound.route}": { html: ${kb} } }`));
      const second = await buildSite({ contentDir: content, outDir: out, cache, pageCache: true });
      if (!second.ok) throw new Error('the second build failed');
      expect(second.value.pages.rendered).toBe(0);
      const line = second.value.routes.find((r) => r.route === bound.route)!;
      expect({ html: line.weight.html, atMost: line.weight.htmlAtMost, over: line?.overBudget, errors: second.value.budgetErrors }).toEqual({
        html: gzip,
        atMost: undefined,
        over: [],
        errors: [],
      });
      // Built afresh under the low budget (its record holds the exact size), then the budget raised again: the page is
      // reported by its bound, as a cold build reports it.
      const fresh = { outDir: path.join(work, 'lowered-fresh'), cache: directoryCache(path.join(work, 'cache-lowered-fresh')), pageCache: true };
      const exact = await buildSite({ contentDir: content, ...fresh });
      if (!exact.ok) throw new Error('the build under the low budget failed');
      await writeFile(check, (await readFile(check, 'utf8')).replace(`{ html: ${kb} }`, `{ html: ${kb * 4} }`));
      const third = await buildSite({ contentDir: content, ...fresh });
      await rm(content, { recursive: true, force: true });
      if (!third.ok) throw new Error('the third build failed');
      expect(third.value.pages.rendered).toBe(0);
      const again = third.value.routes.find((r) => r.route === bound.route)!;
      expect({ html: again.weight.html, atMost: again.weight.htmlAtMost }).toEqual({ html: bound.weight.html, atMost: true });
    },
    scaled(120_000),
  );
});

describe('output directory', () => {
  it(
    'replaces what an earlier build wrote, and removes what a killed build left beside it',
    async () => {
      const out = path.join(work, 'replaced');
      await mkdir(path.join(out, 'gone'), { recursive: true });
      await writeFile(path.join(out, 'gone/index.html'), 'old');
      // What marks the folder as an earlier build's (out-dir.ts claimOutDir).
      await writeFile(path.join(work, '.replaced.sources.json'), '{"version":1,"pages":{}}');
      const leftover = path.join(work, '.replaced.old-1-2');
      await mkdir(leftover);
      const built = await buildSite({ contentDir: site.content, outDir: out, cache: directoryCache(path.join(work, 'cache')) });
      expect(built.ok).toBe(true);
      const written = await files(out);
      expect(written).toContain('index.html');
      expect(written).not.toContain('gone/index.html');
      expect((await readdir(work)).filter((name) => name.startsWith('.replaced.old-'))).toEqual([]);
    },
    scaled(120_000),
  );
});

describe('content security policy', () => {
  it('gives each page a meta policy for its own inline code, and _headers the site-wide one', async () => {
    const out = path.join(work, 'a');
    const header = /Content-Security-Policy: (.+)/.exec(await readFile(path.join(out, '_headers'), 'utf8'))![1]!;
    const hashes = (policy: string) =>
      /script-src ([^;]+)/
        .exec(policy)![1]!
        .split(' ')
        .filter((s) => s.startsWith("'sha256-"));
    const metaOf = async (file: string) =>
      /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(await readFile(path.join(out, file), 'utf8'))![1]!.replace(/&#x27;|&#39;/g, "'");
    const [home, notFound] = [await metaOf('index.html'), await metaOf('404.html')];
    // The home page runs the consent probe and the island start script, the 404 page the probe and its log
    // line: each meta allows its own only.
    expect(hashes(home)).toHaveLength(2);
    expect(hashes(notFound)).toHaveLength(2);
    expect(new Set(hashes(header))).toEqual(new Set([...hashes(home), ...hashes(notFound)]));
    const rest = (policy: string) => policy.replace(/script-src [^;]+/, '').replace(/; frame-ancestors 'none'/, '');
    expect(rest(home)).toBe(rest(header));
  });
});

describe('build cache', () => {
  it(
    'fills the cache, and a second build from it writes byte-identical output',
    async () => {
      const cacheDir = path.join(work, 'cache');
      expect((await readdir(path.join(cacheDir, 'css'))).length).toBe(1);
      expect((await readdir(path.join(cacheDir, 'br'))).length).toBeGreaterThan(5);
      const again = await buildSite({ contentDir: site.content, outDir: path.join(work, 'b'), cache: directoryCache(cacheDir) });
      expect(again.ok).toBe(true);
      const [a, b] = [await files(path.join(work, 'a')), await files(path.join(work, 'b'))];
      expect(b.sort()).toEqual(a.sort());
      for (const file of a) {
        const same = (await readFile(path.join(work, 'a', file))).equals(await readFile(path.join(work, 'b', file)));
        expect({ file, same }).toEqual({ file, same: true });
      }
    },
    scaled(120_000),
  );
});

describe('stylesheet sources', () => {
  it('covers every class the built pages use: classes missing from the component scan generate no CSS', async () => {
    const out = path.join(work, 'a');
    const sources = new Set(await styleCandidates());
    const used = new Set<string>();
    for (const file of (await files(out)).filter((f) => f.endsWith('.html'))) {
      const html = await readFile(path.join(out, file), 'utf8');
      for (const [, value = ''] of html.matchAll(/\sclass="([^"]*)"/g)) {
        for (const name of value
          .replace(/&amp;/g, '&')
          .replace(/&quot;/g, '"')
          .split(/\s+/))
          if (name) used.add(name);
      }
    }
    const missing = [...used].filter((name) => !sources.has(name));
    const compiler = await compile('@import "tailwindcss/utilities";', { base: repo, onDependency: () => {} });
    expect({
      missing,
      css: compiler
        .build(missing)
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .trim(),
    }).toEqual({ missing, css: '' });
  });
});

describe('budgets', () => {
  it('writes the site but reports each figure over its budget in content/check.yaml, located at that budget', async () => {
    const content = (await loadFixture('content/over-budget')).content;
    const out = path.join(work, 'over');
    const built = await buildSite({ contentDir: content, outDir: out, cache: directoryCache(path.join(work, 'cache')) });
    await rm(content, { recursive: true, force: true });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toContain('<h1');
    const errors = built.value.budgetErrors.map((e) => ({
      code: e.code,
      message: e.message.replace(/\d+\.\d KB/g, 'N KB'),
      path: e.location?.path,
      line: e.location?.line,
    }));
    expect(errors).toEqual([
      { code: 'budget', message: 'HTML of / is N KB gzip, over its budget of N KB', path: 'budgets.default.html', line: 3 },
      { code: 'budget', message: 'JS before interaction of / is N KB gzip, over its budget of N KB', path: 'budgets.routes["/"].js', line: 5 },
    ]);
    expect(built.value.routes[0]!.overBudget.map((o) => o.kind)).toEqual(['html', 'js']);
  });
});
