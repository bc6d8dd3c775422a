import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildSite, type BuildReport } from '../../../src/output/build.ts';
import { pageSourcesFile } from '../../../src/output/page-sources.ts';
import { cold, differingFiles, edit, newSite, pageCacheOver, summary, useWarmSites, warm, type Site } from './support/warm-site.ts';
import { scaled } from '../../support/time-scale.ts';

/**
 * Scoped builds (src/output/incremental/scope.ts): after an edit to page files only, a warm build loads the edited pages'
 * families and the site's families (the fixture's: datenschutz, the privacy policy) and
 * reuses the rest from the last build's record; anything a loaded page changes that other pages read loads the whole
 * site. The fixture has six page files: home (de, en), agb, datenschutz, faq, impressum. Every build's output is
 * compared with a cold build's.
 */

useWarmSites();

const ALL = 6;

/** A warm build after the edits, its output the cold build's; its report. */
async function asCold(site: Site, what: string): Promise<BuildReport> {
  site.step++;
  const report = await warm(site);
  const reference = await cold(site);
  expect(await differingFiles(site.warmOut, reference.out), what).toEqual([]);
  expect(summary(report), what).toEqual(summary(reference.report));
  await rm(reference.out, { recursive: true, force: true });
  return report;
}

const page = (site: Site, family: string) => path.join(site.content, 'pages', family, 'de.yaml');
const retitle = (site: Site, family: string, title: string) => edit(page(site, family), (text) => text.replace(/^( {2}title: ).*$/m, `$1${title}`));

/**
 * A site built warm, then `damage`d (something of agb, a page the next build would not load) and faq retitled: the
 * next build loads every page and writes what a cold build writes. Its report.
 */
async function loadsWholeAfter(name: string, what: string, damage: (site: Site) => Promise<unknown>): Promise<BuildReport> {
  const site = await newSite(name);
  await warm(site);
  await damage(site);
  await retitle(site, 'faq', 'Fragen, neu');
  const report = await asCold(site, `${what}, faq retitled`);
  expect(report.loadedPages).toBe(ALL);
  return report;
}

describe('a scoped build', () => {
  it(
    'loads only the edited page’s family and the site’s families, and writes what a cold build writes',
    async () => {
      const site = await newSite('scope-title');
      expect((await warm(site)).loadedPages).toBe(ALL);
      await retitle(site, 'faq', 'Häufige Fragen');
      const report = await asCold(site, 'faq retitled');
      expect(report.loadedPages).toBe(2);
      expect(report.pages).toEqual({ rendered: 1, reused: ALL - 1, removed: 0 });
      // Two pages of two families that are not the site's.
      await retitle(site, 'faq', 'Fragen');
      await retitle(site, 'agb', 'Geschäftsbedingungen');
      expect((await asCold(site, 'faq and agb retitled')).loadedPages).toBe(3);
      // The privacy policy's facts (the contact function stores them with each request) come from its pages as loaded.
      await retitle(site, 'datenschutz', 'Datenschutzerklärung');
      expect((await asCold(site, 'datenschutz retitled')).loadedPages).toBe(1);
    },
    scaled(120_000),
  );

  it(
    'loads the whole site when a loaded page changes its route or what the sitemap and _headers read of it',
    async () => {
      const site = await newSite('scope-route');
      await warm(site);
      await edit(page(site, 'faq'), (text) => text.replace(/^slug: faq$/m, 'slug: fragen'));
      expect((await asCold(site, 'faq moved to /fragen')).loadedPages).toBe(ALL);
      await edit(page(site, 'impressum'), (text) => text.replace(/^meta:\n/m, 'meta:\n  noindex: true\n'));
      expect((await asCold(site, 'impressum noindex')).loadedPages).toBe(ALL);
      await edit(page(site, 'impressum'), (text) => text.replace('  noindex: true\n', '').replace(/^meta:\n/m, 'meta:\n  structuredData: education\n'));
      expect((await asCold(site, 'impressum an education page')).loadedPages).toBe(ALL);
    },
    scaled(120_000),
  );

  it(
    'loads every family with a publishing field or a verbatim string from then on, as each changes what every page reads',
    async () => {
      const site = await newSite('scope-site-families');
      await warm(site);
      // A draft leaves the page out: the footer of every page drops its link.
      await edit(page(site, 'faq'), (text) => text.replace(/^header: /m, 'draft: true\nheader: '));
      expect((await asCold(site, 'faq a draft')).loadedPages).toBe(ALL);
      await retitle(site, 'agb', 'AGB neu');
      expect((await asCold(site, 'agb retitled, faq a draft')).loadedPages).toBe(3);
      // A verbatim string is left as typed on every page that has it.
      await edit(page(site, 'impressum'), (text) => text.replace(/^( {2}description: )(.*)$/m, '$1!verbatim "$2"'));
      expect((await asCold(site, 'a verbatim string in impressum')).loadedPages).toBe(ALL);
      await retitle(site, 'agb', 'AGB');
      expect((await asCold(site, 'agb retitled again')).loadedPages).toBe(4);
    },
    scaled(120_000),
  );

  it(
    'loads every family that shows an image: an image’s candidate widths follow the widest place it is shown',
    async () => {
      const site = await newSite('scope-images');
      // 1,600 px: a wide section (home's hero, 1,024 px) gets candidates up to 1,600, a narrow one (faq's text) up to 1,408.
      await mkdir(path.join(site.content, 'images'));
      await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 20, g: 90, b: 200 } } })
        .png()
        .toFile(path.join(site.content, 'images/band.png'));
      const image = (text: string, type: string) =>
        text.replace(new RegExp(`^(  - type: ${type}\n)`, 'm'), '$1    image: { src: images/band.png, alt: Ein blaues Band }\n');
      await edit(page(site, 'home'), (text) => image(text, 'hero'));
      await edit(page(site, 'faq'), (text) => image(text, 'richText'));
      await warm(site);
      await retitle(site, 'faq', 'Fragen zum Band');
      // faq, home (de and en) and datenschutz.
      expect((await asCold(site, 'faq retitled, its image shown wider on home')).loadedPages).toBe(4);
    },
    scaled(120_000),
  );

  it(
    'loads the whole site when a page it would not load is not in the output folder as written',
    async () => {
      const report = await loadsWholeAfter('scope-output', 'agb’s file deleted', (site) => rm(path.join(site.warmOut, 'agb/index.html')));
      // agb comes back from the page store, faq is rendered.
      expect(report.pages).toEqual({ rendered: 1, reused: ALL - 1, removed: 0 });
    },
    scaled(120_000),
  );

  it(
    'loads the whole site when a page it would not load has lost its social card file',
    async () => {
      // agb's card: an outline page's card is kept as written, never drawn (an outline has no title to draw).
      await loadsWholeAfter('scope-card', 'agb’s card deleted', async (site) => {
        const cards = (await readdir(path.join(site.warmOut, 'social'))).filter((name) => name.startsWith('agb-'));
        expect(cards).toHaveLength(1);
        await rm(path.join(site.warmOut, 'social', cards[0]!));
      });
    },
    scaled(120_000),
  );

  it(
    'reads the manifest record of a page it would not load as none when its card path is damaged, and loads the whole site',
    async () => {
      await loadsWholeAfter('scope-damaged-record', 'agb’s card path damaged', async (site) => {
        const manifests = path.join(site.pageCache, 'output-manifest');
        const [manifest] = await readdir(manifests);
        // Still JSON, still a record of agb's page: only the card's path is no path.
        await edit(path.join(manifests, manifest!), (text) => text.replace(/^(\["agb\/index\.html",.*"cardPath":)"[^"]*"/m, '$15'));
        expect(await readFile(path.join(manifests, manifest!), 'utf8')).toMatch(/"cardPath":5/);
      });
    },
    scaled(120_000),
  );

  it(
    'loads the whole site when the element sources beside the output lack a page it would not load',
    async () => {
      // Each reused page's entry is copied from that file: without it the file a warm build writes lacks the page.
      const site = await newSite('scope-sources');
      await warm(site);
      await rm(pageSourcesFile(site.warmOut));
      await retitle(site, 'faq', 'Fragen, die Quellen gelöscht');
      const report = await asCold(site, 'element sources deleted, faq retitled');
      expect(report.loadedPages).toBe(ALL);
      // The pages not rendered come back from the page store, which keeps each page's entry with its HTML.
      expect(report.pages).toEqual({ rendered: 1, reused: ALL - 1, removed: 0 });
      // Nothing edited but site.yaml touched (a whole load that reuses every page), the file a line of nonsense.
      await writeFile(pageSourcesFile(site.warmOut), '{"version":1,"pages":{}}');
      await edit(path.join(site.content, 'site.yaml'), (text) => text);
      expect((await asCold(site, 'element sources damaged, site.yaml touched')).pages).toEqual({ rendered: 0, reused: ALL, removed: 0 });
    },
    scaled(120_000),
  );

  it(
    'loads the whole site when the element sources beside the output are an earlier build’s',
    async () => {
      // Every page has its entry there, but faq's describes the HTML it had then: the file is the last build's only while
      // it has the stamp that build recorded.
      const site = await newSite('scope-sources-earlier');
      await warm(site);
      const earlier = await readFile(pageSourcesFile(site.warmOut));
      await edit(page(site, 'faq'), (text) => text.replace('[Inhalt der Seite Fragen und Antworten.]', '["Siehe [AGB](/agb) und [Impressum](/impressum)."]'));
      await asCold(site, 'faq links two pages');
      await writeFile(pageSourcesFile(site.warmOut), earlier);
      await retitle(site, 'agb', 'AGB, die Quellen von vorher');
      expect((await asCold(site, 'the earlier element sources put back, agb retitled')).loadedPages).toBe(ALL);
    },
    scaled(120_000),
  );

  it(
    'writes the islands’ props files of the pages it does not load as a cold build does, their encodings included',
    async () => {
      // page-types: the home and education pages of four locales have islands (contact form, chat demo).
      const site = await newSite('scope-props', 'page-types');
      const pages = (await warm(site)).loadedPages;
      const assets = path.join(site.warmOut, 'assets');
      const props = (await readdir(assets)).filter((file) => file.includes('-props-'));
      for (const file of props.filter((f) => !f.endsWith('.json'))) await rm(path.join(assets, file));
      await retitle(site, 'faq', 'Fragen, die Kodierungen gelöscht');
      expect((await asCold(site, 'props files’ encodings deleted, faq retitled')).loadedPages).toBeLessThan(pages);
      // A props file whose bytes are no longer the ones its name says (named by its content): its pages come from the store.
      const json = props.find((f) => f.endsWith('.json'))!;
      await writeFile(path.join(assets, json), '{"changed":true}');
      await retitle(site, 'faq', 'Fragen, eine Datei geändert');
      expect((await asCold(site, 'a props file changed, faq retitled')).loadedPages).toBe(pages);
    },
    scaled(120_000),
  );

  it(
    'gives a redirect’s fallback page the language of the page it leads to, loaded or not',
    async () => {
      // The English home is an outline here: its record line gives it its locale, which the fallback page at /alt reads.
      const site = await newSite('scope-redirects');
      await writeFile(path.join(site.content, 'redirects.yaml'), 'redirects:\n  - { from: /alt, to: /en, status: 301 }\n');
      await warm(site);
      await retitle(site, 'faq', 'Fragen, weitergeleitet');
      expect((await asCold(site, 'faq retitled, a rule to the English home')).loadedPages).toBe(2);
      expect(await readFile(path.join(site.warmOut, 'alt/index.html'), 'utf8')).toContain('<html lang="en">');
    },
    scaled(120_000),
  );

  it(
    'reports a route that a loaded page takes from a page it did not load, as a whole load does',
    async () => {
      const site = await newSite('scope-duplicate');
      await warm(site);
      await edit(page(site, 'faq'), (text) => text.replace(/^slug: faq$/m, 'slug: agb'));
      const built = await buildSite({
        contentDir: site.content,
        outDir: site.warmOut,
        cache: pageCacheOver(site.pageCache),
        pageCache: true,
        generator: site.generator,
        publication: { at: site.at, drafts: site.drafts },
      });
      expect(built.ok).toBe(false);
      expect(!built.ok && built.errors.map((e) => [e.code, e.location?.file])).toEqual([['duplicate-route', 'pages/faq/de.yaml']]);
    },
    scaled(120_000),
  );
});
