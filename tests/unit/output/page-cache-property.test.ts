import { mkdir, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ContentEnv } from '../../../src/content/load.ts';
import { buildSite, type BuildReport } from '../../../src/output/build.ts';
import { EDITS, random } from './support/edits.ts';
import { cold, edit, newSite, pageCacheOver, sameElementSources, summary, tree, useWarmSites, warm, type Site } from './support/warm-site.ts';
import { scaled } from '../../support/time-scale.ts';

/**
 * Warm builds are cold builds: random sequences of edits to a small fixture site (page text, locale strings,
 * a locale's name, constants, noindex, structured data, verbatim strings, inline scripts, slugs (the not-found page's,
 * a locale's home), pages added, removed, renamed and moved, images added, removed and their files
 * changed, files touched, the code changed, the output, the element sources beside it and the cache damaged, pages and
 * sections scheduled or made drafts, the build's moment moved on, drafts shown or not, nothing at all), and after every
 * step the output folder a warm build updated and the element sources beside it equal a cold build's, byte for byte and
 * file for file, with the same report. Before each warm build the entries an edit just
 * wrote are dated two seconds back, as if the author had built a while later: a build trusts no content stamp from the last
 * second (unchanged-build.ts), and without this the record of the last build would never be put to the test.
 */

useWarmSites();

// The edits themselves are in support/edits.ts; this file holds the sequences and the cases.

/** Applies `steps` random edits (or, with `everyKind`, each kind of edit once, in an order the seed shuffles, then random ones). */
async function runSequence(seed: number, steps: number, everyKind = false): Promise<void> {
  const site = await newSite(`seed-${seed}`);
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const names = Object.keys(EDITS);
  const order = everyKind
    ? names
        .map((name) => [next(), name] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, name]) => name)
    : [];
  const log: string[] = [];
  let report = await warm(site);
  expect(report.pages).toEqual({ rendered: report.routes.length, reused: 0, removed: 0 });
  for (site.step = 1; site.step <= steps; site.step++) {
    const name = order[site.step - 1] ?? pick(names);
    log.push(`${site.step}. ${await EDITS[name]!(site, pick, site.step)}`);
    report = await warm(site);
    await expectAsCold(site, report, `seed ${seed}, after:\n${log.join('\n')}`);
  }
  await rm(path.dirname(site.content), { recursive: true, force: true });
}

/** The warm output folder and `report` equal a cold build's of the same site, file for file and byte for byte. */
async function expectAsCold(site: Site, report: BuildReport, context: string): Promise<void> {
  const reference = await cold(site);
  const [warmTree, coldTree] = await Promise.all([tree(site.warmOut), tree(reference.out)]);
  expect([...warmTree.keys()], context).toEqual([...coldTree.keys()]);
  const differ = [...coldTree].filter(([file, bytes]) => {
    const other = warmTree.get(file);
    return bytes === 'dir' ? other !== 'dir' : !(other instanceof Buffer && other.equals(bytes));
  });
  expect(
    differ.map(([file]) => file),
    context,
  ).toEqual([]);
  // The element sources beside the output folder are part of what a build writes (site check --out reads them).
  expect(await sameElementSources(site.warmOut, reference.out), `${context}\nthe element sources beside the output differ`).toBe(true);
  expect(summary(report), context).toEqual(summary(reference.report));
  expect(report.pages.rendered + report.pages.reused, context).toBe(report.routes.length);
  await rm(reference.out, { recursive: true, force: true });
}

describe('page cache', () => {
  it(
    'keeps warm output byte-identical to a cold build through every kind of edit, in a fixed order',
    async () => {
      await runSequence(19, Object.keys(EDITS).length + 6, true);
    },
    scaled(240_000),
  );

  it(
    'does so for random sequences too (the seed is in the failure message)',
    async () => {
      for (let i = 0; i < 3; i++) await runSequence(Math.floor(Math.random() * 2 ** 31), 5);
    },
    scaled(240_000),
  );

  it(
    'renders only what an edit touches, rewrites nothing unchanged and removes vanished routes',
    async () => {
      const site = await newSite('counts');
      const first = await warm(site);
      const pages = first.routes.length;
      expect(first.pages).toEqual({ rendered: pages, reused: 0, removed: 0 });
      expect((await warm(site)).pages).toEqual({ rendered: 0, reused: pages, removed: 0 });

      const before = await readdir(site.warmOut, { recursive: true });
      const { mtimeMs } = await import('node:fs').then((fs) => fs.statSync(path.join(site.warmOut, 'faq/index.html')));
      await edit(path.join(site.content, 'pages/impressum/de.yaml'), (text) => text.replace(/^( {2}title: ).*$/m, '$1Anders'));
      expect((await warm(site)).pages).toEqual({ rendered: 1, reused: pages - 1, removed: 0 });
      expect((await import('node:fs')).statSync(path.join(site.warmOut, 'faq/index.html')).mtimeMs).toBe(mtimeMs);

      // The English home's name for its language appears on every page (the language switcher).
      await edit(path.join(site.content, 'locales/en.yaml'), (text) => text.replace(/^name: .*$/m, 'name: Englisch'));
      expect((await warm(site)).pages).toEqual({ rendered: pages, reused: 0, removed: 0 });

      await rm(path.join(site.content, 'pages/faq'), { recursive: true });
      expect((await warm(site)).pages).toEqual({ rendered: 0, reused: pages - 1, removed: 1 });
      const after = await readdir(site.warmOut, { recursive: true });
      // Each page's HTML is kept once in the build cache: the superseded versions (impressum's, the whole site's
      // before the language name changed, the faq's) were dropped.
      expect((await readdir(path.join(site.pageCache, 'page'))).length).toBe(pages - 1);
      // Gone too: the faq's social card, and the impressum's first card (its title changed, and with it the card's URL).
      expect(before.filter((f) => !after.includes(f)).sort()).toEqual([
        'faq',
        path.join('faq', 'index.html'),
        expect.stringMatching(/^social\/faq-[0-9a-f]{10}\.png$/),
        expect.stringMatching(/^social\/impressum-[0-9a-f]{10}\.png$/),
      ]);
    },
    scaled(120_000),
  );

  it(
    'a content memo record damaged in the middle of its entry is no entry for that file only: it is read again, the output as cold',
    async () => {
      const site = await newSite('record');
      const pages = (await warm(site)).routes.length;
      const memoEntry = async (kind: string) => path.join(site.pageCache, kind, (await readdir(path.join(site.pageCache, kind)))[0]!);
      const entry = await memoEntry('content-memo');
      const text = await readFile(entry, 'utf8');
      // A locale's record (every build loads the locales, a scoped one too), between site.yaml's and the pages'.
      const line = text.split('\n').find((l) => l.startsWith('["locales/en.yaml",'))!;
      expect(text.indexOf(line)).toBeGreaterThan(text.indexOf('\n["'));
      expect(text.indexOf(line)).toBeLessThan(text.indexOf('\n["pages/'));
      await writeFile(entry, text.replace(line, line.replace('"stamp":', '"stamp":\u0001')));
      // The content unchanged, a stray file in the output is what sends the build the long way (reading the memo).
      await writeFile(path.join(site.warmOut, 'stray.txt'), 'not the build’s');
      const read = new Set<string>();
      const report = await warm(site, (kind) => read.add(kind));
      expect(read).toContain('content-memo');
      // Read again, its text and so the keys of the pages that use it unchanged: every page is reused.
      expect(report.pages).toEqual({ rendered: 0, reused: pages, removed: 0 });
      await expectAsCold(site, report, 'a content memo record damaged');
      // Every other file recalled: the good record, on top of the snapshot, is all the build stored.
      const changes = (await readFile(await memoEntry('content-memo-changes'), 'utf8')).split('\n').slice(1, -1);
      expect(changes.map((l) => JSON.parse(l.split('\t')[0]!)[0])).toEqual(['locales/en.yaml']);
      await rm(path.dirname(site.content), { recursive: true, force: true });
    },
    scaled(120_000),
  );

  it(
    'a build nothing changed since reads the last build’s record and nothing else; any change to what it read or wrote is looked at',
    async () => {
      const site = await newSite('unchanged');
      const first = await warm(site);
      const pages = first.routes.length;
      const kinds = async (env?: ContentEnv) => {
        const read = new Set<string>();
        const report = await warm(site, (kind) => read.add(kind), env);
        return { kinds: [...read].sort(), report };
      };
      const again = await kinds();
      expect(again.kinds).toEqual(['unchanged-build']);
      expect(again.report.pages).toEqual({ rendered: 0, reused: pages, removed: 0 });
      expect(summary(again.report)).toEqual(summary(first));
      expect(again.report.privacy).toEqual(first.privacy);
      const longWay = ['content-memo', 'output-manifest', 'unchanged-build'];
      // A stray file in a page's folder: only that folder's stamp changed.
      await writeFile(path.join(site.warmOut, 'faq', 'stray.txt'), 'not the build’s');
      expect((await kinds()).kinds).toEqual(expect.arrayContaining(longWay));
      expect(await readdir(path.join(site.warmOut, 'faq'))).toEqual(['index.html']);
      expect((await kinds()).kinds).toEqual(['unchanged-build']);
      // A new page file in a new family folder.
      await mkdir(path.join(site.content, 'pages', 'neu'));
      await writeFile(
        path.join(site.content, 'pages', 'neu', 'de.yaml'),
        'slug: neu\nmeta:\n  title: Neu\n  description: Eine neue Seite.\nheader: back\nsections:\n  - type: richText\n    title: Neu\n    body: [Text.]\n',
      );
      const added = await kinds();
      expect(added.kinds).toEqual(expect.arrayContaining(longWay));
      expect(added.report.pages).toEqual({ rendered: expect.any(Number), reused: expect.any(Number), removed: 0 });
      expect(added.report.routes.map((r) => r.route)).toContain('/neu');
      // Another environment, drafts shown, a moment past a page's publishAt: the same files, another site.
      expect((await kinds({ SITE_URL: 'https://example.org' })).kinds).toEqual(expect.arrayContaining(longWay));
      expect((await kinds()).kinds).toEqual(expect.arrayContaining(longWay));
      await edit(path.join(site.content, 'pages/faq/de.yaml'), (text) => text.replace(/^header: /m, 'publishAt: 2026-12-01T05:00:00Z\nheader: '));
      expect((await kinds()).report.routes.map((r) => r.route)).not.toContain('/faq');
      site.at = new Date('2026-12-01T04:00:00Z');
      expect((await kinds()).kinds).toEqual(['unchanged-build']);
      site.at = new Date('2026-12-01T05:00:00Z');
      const live = await kinds();
      expect(live.kinds).toEqual(expect.arrayContaining(longWay));
      expect(live.report.routes.map((r) => r.route)).toContain('/faq');
    },
    scaled(120_000),
  );

  it(
    'a small edit keeps the last build’s sitemap, robots.txt, _headers and report lines only while what they read is the same',
    async () => {
      const site = await newSite('site-files');
      await warm(site);
      const asCold = async (what: string) => {
        const report = await warm(site);
        const reference = await cold(site);
        for (const file of ['sitemap.xml', 'robots.txt', '_headers'])
          expect(await readFile(path.join(site.warmOut, file), 'utf8'), `${what}: ${file}`).toBe(await readFile(path.join(reference.out, file), 'utf8'));
        expect(summary(report), what).toEqual(summary(reference.report));
        await rm(reference.out, { recursive: true, force: true });
      };
      const impressum = path.join(site.content, 'pages/impressum/de.yaml');
      await edit(impressum, (text) => text.replace(/^( {2}title: ).*$/m, '$1Anders'));
      await asCold('a title (nothing the site-wide files read)');
      await edit(impressum, (text) => text.replace(/^meta:\n/m, 'meta:\n  noindex: true\n'));
      await asCold('noindex (the sitemap leaves the page out)');
      await edit(impressum, (text) => text.replace('  noindex: true\n', '').replace(/^meta:\n/m, 'meta:\n  structuredData: education\n'));
      await asCold('education (_headers gives the page a cache hint)');
      // A not-found section's inline script: the policy in _headers allows it by its hash.
      const notFound = (message: string) =>
        `  - type: notFound\n    code: "404"\n    title: Nicht gefunden\n    action: { label: Start, href: / }\n    logMessage: "${message}"\n`;
      await edit(impressum, (text) => `${text}${notFound('Nicht da:')}`);
      await asCold('an inline script added (the policy)');
      await edit(impressum, (text) => text.replace('Nicht da:', 'Fehlt:'));
      await asCold('an inline script changed (the policy)');
      // The record of an earlier build (a build that stopped before recording, say): its lines name other keys.
      const records = path.join(site.pageCache, 'unchanged-build');
      const [record] = await readdir(records);
      const earlier = await readFile(path.join(records, record!));
      await edit(impressum, (text) => text.replace(/^( {2}title: ).*$/m, '$1Ganz anders als vorher, und länger'));
      await warm(site);
      await writeFile(path.join(records, record!), earlier);
      await edit(path.join(site.content, 'pages/faq/de.yaml'), (text) => text.replace(/^( {2}title: ).*$/m, '$1Fragen'));
      await asCold('a page built since the record was written');
    },
    scaled(120_000),
  );

  it(
    'keeps one content memo and one record of the last build per folder, whatever version of the code wrote the last',
    async () => {
      const site = await newSite('versions');
      await warm(site);
      for (const code of ['code-1', 'code-2']) {
        site.generator = code;
        await warm(site);
      }
      expect(await readdir(path.join(site.pageCache, 'content-memo'))).toHaveLength(1);
      expect(await readdir(path.join(site.pageCache, 'unchanged-build'))).toHaveLength(1);
      // And one pointer to each: the content folder's memo, and the record of the content and output folders.
      expect(await readdir(path.join(site.pageCache, 'latest'))).toHaveLength(2);
    },
    scaled(120_000),
  );

  it(
    'a build cache restored beside an empty output folder (CI) gives the pages back without rendering them, byte for byte',
    async () => {
      const site = await newSite('restored');
      const first = await warm(site);
      const pages = first.routes.length;
      const reference = await cold(site);
      await rm(site.warmOut, { recursive: true });
      // The output manifest went too (another machine's path, say): only the stored pages are left.
      await rm(path.join(site.pageCache, 'output-manifest'), { recursive: true });
      const restored = await warm(site);
      expect(restored.pages).toEqual({ rendered: 0, reused: pages, removed: 0 });
      expect(summary(restored)).toEqual(summary(reference.report));
      const [warmTree, coldTree] = await Promise.all([tree(site.warmOut), tree(reference.out)]);
      expect([...warmTree.keys()]).toEqual([...coldTree.keys()]);
      expect(
        [...coldTree].filter(([file, bytes]) => !(bytes === 'dir' ? warmTree.get(file) === 'dir' : bytes.equals(warmTree.get(file) as Buffer))).map(([f]) => f),
      ).toEqual([]);
      // A stored page cut short, altered, or of another format is rendered again, never written as it is.
      const stored = path.join(site.pageCache, 'page');
      const [a, b, c] = (await readdir(stored)).sort();
      await truncate(path.join(stored, a!), 100);
      const text = await readFile(path.join(stored, b!), 'utf8');
      await writeFile(path.join(stored, b!), text.replace(/<\/body>/, '<p>changed</p></body>'));
      await edit(path.join(stored, c!), (t) => t.replace(/"format":\d+/, '"format":999'));
      await rm(site.warmOut, { recursive: true });
      const again = await warm(site);
      expect(again.pages).toEqual({ rendered: 3, reused: pages - 3, removed: 0 });
      const againTree = await tree(site.warmOut);
      expect(
        [...coldTree]
          .filter(([file, bytes]) => !(bytes === 'dir' ? againTree.get(file) === 'dir' : bytes.equals(againTree.get(file) as Buffer)))
          .map(([f]) => f),
      ).toEqual([]);
      // `--no-cache` renders every page, stored or not.
      const fresh = await buildSite({
        contentDir: site.content,
        outDir: site.warmOut,
        cache: pageCacheOver(site.pageCache),
        pageCache: true,
        fresh: true,
        generator: site.generator,
        publication: { at: site.at, drafts: site.drafts },
      });
      expect(fresh.ok && fresh.value.pages).toEqual({ rendered: pages, reused: 0, removed: 0 });
    },
    scaled(120_000),
  );

  it(
    'a page that becomes live between two warm builds appears, and the pages linking to it change with it',
    async () => {
      const site = await newSite('time-shift');
      await edit(path.join(site.content, 'pages/faq/de.yaml'), (text) => text.replace(/^header: /m, 'publishAt: 2026-12-01T01:00:00Z\nheader: '));
      const first = await warm(site);
      expect(first.routes.map((r) => r.route)).not.toContain('/faq');
      // The footer leaves out its link to a page that is not live: every German page depends on the moment.
      expect(await readFile(path.join(site.warmOut, 'index.html'), 'utf8')).not.toContain('href="/faq"');
      site.at = new Date('2026-12-01T02:00:00Z');
      const second = await warm(site);
      expect(second.routes.map((r) => r.route)).toContain('/faq');
      expect(await readFile(path.join(site.warmOut, 'index.html'), 'utf8')).toContain('href="/faq"');
      expect(second.pages.rendered).toBeGreaterThan(1);
      const reference = await cold(site);
      expect([...(await tree(site.warmOut))].map(([f]) => f)).toEqual([...(await tree(reference.out))].map(([f]) => f));
    },
    scaled(120_000),
  );
});
