import { cp, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/load.ts';
import type { SiteModel } from '../../../src/content/model.ts';
import { directoryCache } from '../../../src/cache/build-cache.ts';
import { ContentMemo } from '../../../src/content/memo.ts';
import { sectionFacts, unparsedSections } from '../../../src/content/section-facts.ts';
import { stampsByPath, treeStamps } from '../../../src/output/tree-stamps.ts';
import { readStoredMemo, StoredContentMemo, writeStoredMemo, type StoredMemo } from '../../../src/content/stored-memo.ts';

const fixtureSite = path.resolve(import.meta.dirname, '../../fixtures/check/base');
let dir: string;
const page = () => path.join(dir, 'pages/faq/de.yaml');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-stored-memo-'));
  await cp(fixtureSite, dir, { recursive: true });
  await ageAll();
});
afterAll(() => Promise.all([dir, `${dir}-cache`].map((d) => rm(d, { recursive: true, force: true }))));

/** Dates every content file a minute back: files written just before a load are checked by text (RACY_MS). */
async function ageAll(): Promise<void> {
  const past = new Date(Date.now() - 60_000);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) await utimes(path.join(entry.parentPath, entry.name), past, past);
}

let stores = 0;
/** What a build reads back of a stored memo: written to a build cache and read from it. */
async function roundTrip(stored: StoredMemo): Promise<StoredMemo> {
  const cache = directoryCache(path.join(dir, '..', `${path.basename(dir)}-cache`));
  const key = String(++stores);
  await writeStoredMemo(cache, key, stored);
  return readStoredMemo(cache, key);
}

/** A cold load's memo stored in a cache folder of its own (`name`): the cache, the entry's file and what was loaded. */
async function storedCold(name: string): Promise<{ cache: ReturnType<typeof directoryCache>; entry: string; model: SiteModel }> {
  const { model, snapshot } = await load(undefined);
  const folder = path.join(dir, '..', `${path.basename(dir)}-${name}`);
  const cache = directoryCache(folder);
  await writeStoredMemo(cache, 'k', snapshot);
  return { cache, entry: path.join(folder, 'content-memo', 'k'), model };
}

/** Writes `text` as the stored entry and expects it read as none: a load from it starts empty and gives `model`'s pages. */
async function expectReadAsNone(stored: { cache: ReturnType<typeof directoryCache>; entry: string; model: SiteModel }, text: string): Promise<void> {
  await writeFile(stored.entry, text);
  const read = await readStoredMemo(stored.cache, 'k');
  expect(read.snapshot).toBeUndefined();
  const result = await loadContent(dir, {}, new StoredContentMemo(dir, read));
  expect(result.ok && result.value.pages).toEqual(stored.model.pages);
}

/**
 * Writes `text` as the stored entry, in which the record of `file` is damaged, and expects that record to be no entry:
 * the load reads that file (and gives `model`'s pages), recalls every other, and stores a good record for it.
 */
async function expectIgnoredForOneFile(
  stored: { cache: ReturnType<typeof directoryCache>; entry: string; model: SiteModel },
  text: string,
  file: string,
): Promise<void> {
  await writeFile(stored.entry, text);
  const read = await readStoredMemo(stored.cache, 'k');
  expect(read.snapshot).toBeDefined();
  const memo = new StoredContentMemo(dir, read);
  const result = await loadContent(dir, {}, memo);
  expect(result.ok && result.value.pages).toEqual(stored.model.pages);
  const next = memo.toStore()!;
  expect(Object.keys((next.changes as { files: object }).files)).toEqual([file]);
  // On top of the snapshot, the good record is what the next load recalls: it stores nothing.
  const again = new StoredContentMemo(dir, await roundTrip({ snapshot: read.snapshot, changes: next.changes }));
  expect((await loadContent(dir, {}, again)).ok && again.toStore()).toBeUndefined();
}

/** The record line of `file` in an entry's text. */
const recordLine = (text: string, file: string) => text.split('\n').find((line) => line.startsWith(`[${JSON.stringify(file)},`))!;

/** Loads with a memo made from what the last load stored (as each build does), and returns what this one stores. */
async function load(snapshot: StoredMemo | undefined): Promise<{ model: SiteModel; snapshot: StoredMemo }> {
  const memo = new StoredContentMemo(dir, snapshot === undefined ? undefined : await roundTrip(snapshot));
  const result = await loadContent(dir, {}, memo);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  const stored = memo.toStore();
  // As writeBuildState keeps them: a new snapshot replaces both, changes go on top of the last snapshot.
  return {
    model: result.value,
    snapshot: stored?.snapshot !== undefined ? stored : { snapshot: snapshot?.snapshot, changes: stored?.changes ?? snapshot?.changes },
  };
}

const faqTitle = (model: SiteModel) => model.pages.find((p) => p.route === '/faq')!.page.meta.title;

describe('stored content memo', () => {
  it('recalls a file whose size, mtime and inode are unchanged without reading it', async () => {
    const cold = await load(undefined);
    const warm = await load(cold.snapshot);
    expect(warm.model.pages).toEqual(cold.model.pages);
    expect(warm.model.site).toEqual(cold.model.site);
    expect(warm.model.locales).toEqual(cold.model.locales);

    // Same length, same mtime, same inode: only a read could tell, and the warm load does not read.
    const before = await stat(page());
    const text = await readFile(page(), 'utf8');
    await writeFile(page(), text.replace('title: Fragen und Antworten', 'title: Fragen und Antwortex'));
    await utimes(page(), before.atime, before.mtime);
    expect(faqTitle((await load(cold.snapshot)).model)).toBe('Fragen und Antworten');

    // A new mtime makes it read the file again (and the text digest differs).
    await utimes(page(), new Date(), new Date(Date.now() - 30_000));
    expect(faqTitle((await load(cold.snapshot)).model)).toBe('Fragen und Antwortex');
    await writeFile(page(), text);
    await ageAll();
  });

  it('reads a damaged stored memo as none: a truncated entry or one with a record lost starts empty', async () => {
    const { cache, entry, model } = await storedCold('damaged');
    expect(Object.keys((await readStoredMemo(cache, 'k')).snapshot as object)).toEqual(['format', 'id', 'records', 'files']);
    const text = await readFile(entry, 'utf8');
    for (const damaged of [text.slice(0, text.length - 10), text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1)])
      await expectReadAsNone({ cache, entry, model }, damaged);
    await rm(path.dirname(path.dirname(entry)), { recursive: true });
  });

  it("stores a placeholder's document path, not its location, and locates a recalled one where a fresh load does", async () => {
    const { cache, entry, model } = await storedCold('placeholders');
    const siteRecord = (await readFile(entry, 'utf8')).split('\n').find((line) => line.startsWith('["site.yaml"'))!;
    const stored = (JSON.parse(siteRecord) as [string, { placeholders: object[] }])[1].placeholders;
    expect(stored).toContainEqual({ value: 'service@ki-zentrale.de', path: ['email'] });
    expect(stored.every((p) => !('location' in p))).toBe(true);
    const memo = new StoredContentMemo(dir, await readStoredMemo(cache, 'k'));
    const warm = await loadContent(dir, {}, memo);
    expect(warm.ok && memo.toStore()).toBeUndefined();
    const located = (m: SiteModel) => m.placeholders.map((p) => [p.value, p.location]);
    expect(model.placeholders.length).toBeGreaterThan(1);
    expect(warm.ok && located(warm.value)).toEqual(located(model));
    await rm(path.dirname(path.dirname(entry)), { recursive: true });
  });

  it('ignores a snapshot of another format or shape, and starts empty', async () => {
    const { model } = await load(undefined);
    for (const broken of [{ format: 999, files: {} }, { format: 1, files: 'x' }, 'garbage', null, 42]) {
      const memo = new StoredContentMemo(dir, { snapshot: broken });
      const result = await loadContent(dir, {}, memo);
      expect(result.ok && result.value.pages).toEqual(model.pages);
    }
  });

  it('stores only what an edit changed, on top of the last snapshot, and a load from both has the edit without reading it', async () => {
    const first = await load(undefined);
    const text = await readFile(page(), 'utf8');
    await writeFile(page(), text.replace('title: Fragen und Antworten', 'title: Häufige Fragen'));
    await utimes(page(), new Date(), new Date(Date.now() - 30_000));
    const edited = await load(first.snapshot);
    expect(edited.snapshot.snapshot).toEqual(first.snapshot.snapshot);
    expect(Object.keys((edited.snapshot.changes as { files: object }).files)).toEqual(['pages/faq/de.yaml']);
    const memo = new StoredContentMemo(dir, await roundTrip(edited.snapshot));
    const result = await loadContent(dir, {}, memo);
    expect(result.ok && faqTitle(result.value)).toBe('Häufige Fragen');
    // Everything recalled by its stamp, the edited file from the changes: nothing new to store.
    expect(memo.toStore()).toBeUndefined();
    // Changes on top of another snapshot are not applied: the edited file is read again.
    const other = new StoredContentMemo(dir, { snapshot: { ...(first.snapshot.snapshot as object), id: 'another' }, changes: edited.snapshot.changes });
    const reread = await loadContent(dir, {}, other);
    expect(reread.ok && faqTitle(reread.value)).toBe('Häufige Fragen');
    expect(other.toStore()).toBeDefined();
    await writeFile(page(), text);
    await ageAll();
  });

  it("parses a recalled page's sections only when they are read, and keeps the facts publishing and images read without them", async () => {
    const text = await readFile(page(), 'utf8');
    const sections = [
      '  - type: richText',
      '    title: Später',
      '    body: [Erst ab Dezember.]',
      '    publishAt: 2030-12-01T09:00:00+01:00',
      '    image: {src: images/team.jpg, alt: Das Team}',
      '  - type: richText',
      '    title: Entwurf',
      '    body: [Noch nicht.]',
      '    draft: true',
    ].join('\n');
    await writeFile(page(), `${text.trimEnd()}\n${sections}\n`);
    await ageAll();
    const cold = await load(undefined);
    const coldFaq = cold.model.pages.find((p) => p.route === '/faq')!.page;
    const warm = await load(cold.snapshot);
    const [faq, home] = ['/faq', '/'].map((route) => warm.model.pages.find((p) => p.route === route)!.page);
    expect(unparsedSections(faq!)).toBeDefined();
    expect(sectionFacts(faq!)).toEqual([
      { index: 1, type: 'richText', publishAt: '2030-12-01T09:00:00+01:00', image: { src: 'images/team.jpg', alt: 'Das Team', decorative: false } },
      { index: 2, type: 'richText', draft: true },
    ]);
    expect(sectionFacts(faq!)).toEqual(sectionFacts(coldFaq));
    // The page enumerates as a loaded one, sections in their place; reading them parses them once.
    expect(Object.keys(faq!)).toEqual(Object.keys(coldFaq));
    expect(faq!.sections).toEqual(coldFaq.sections);
    expect(unparsedSections(faq!)).toBeUndefined();
    expect(faq!.sections).toBe(faq!.sections);
    expect(unparsedSections(home!)).toBeDefined();
    // A snapshot written from recalled pages writes their sections as read, without parsing them.
    // Two files touched (new stamps, same text) are more than an eighth of the files: the whole snapshot is written.
    const touched = new Date(Date.now() - 30_000);
    for (const file of [page(), path.join(dir, 'pages/agb/de.yaml')]) await utimes(file, touched, touched);
    const memo = new StoredContentMemo(dir, await roundTrip(cold.snapshot));
    const reloaded = await loadContent(dir, {}, memo);
    const recalled = reloaded.ok ? reloaded.value.pages.find((p) => p.route === '/')!.page : undefined;
    expect(unparsedSections(recalled!)).toBeDefined();
    const rewritten = await roundTrip(memo.toStore()!);
    expect(rewritten.snapshot).toBeDefined();
    expect(unparsedSections(recalled!)).toBeDefined();
    const again = await loadContent(dir, {}, new StoredContentMemo(dir, rewritten));
    expect(again.ok && again.value.pages).toEqual(cold.model.pages);
    await writeFile(page(), text);
    await ageAll();
  });

  it('reads a page record that lacks its section facts as no entry for that page only', async () => {
    const stored = await storedCold('facts');
    const text = await readFile(stored.entry, 'utf8');
    const line = recordLine(text, 'pages/faq/de.yaml');
    expect(line).toContain(',"facts":[]');
    await expectIgnoredForOneFile(stored, text.replace(line, line.replace(',"facts":[]', '')), 'pages/faq/de.yaml');
    await rm(path.dirname(path.dirname(stored.entry)), { recursive: true });
  });

  it('ignores a record damaged in the middle of the stored entry for its file only, and still loads every page right', async () => {
    const stored = await storedCold('record');
    const text = await readFile(stored.entry, 'utf8');
    const lines = text.split('\n');
    // The middle record of the entry (the header is line 0): each damage below is a different kind.
    const file = JSON.parse(lines[Math.ceil((lines.length - 2) / 2)]!.split('\t')[0]!)[0] as string;
    expect(file).toMatch(/^pages\//);
    const line = recordLine(text, file);
    const damaged = [
      line.slice(0, 40) + '\u0001' + line.slice(41), // not JSON
      line.replace(/"stamp":"[^"]*"/, '"stamp":7'), // JSON of another shape
      line.replace(/\t(.*)"type":"/, '\t$1"type":"x'), // the sections' checksum differs
    ];
    for (const bad of damaged) {
      expect(bad).not.toBe(line);
      await expectIgnoredForOneFile(stored, text.replace(line, bad), file);
    }
    await rm(path.dirname(path.dirname(stored.entry)), { recursive: true });
  });

  it('keeps the records of files a load left out on purpose (limitTo), unparsed, and a later load recalls them', async () => {
    const stored = await storedCold('unasked');
    const text = await readFile(stored.entry, 'utf8');
    const home = path.join(dir, 'pages/home/de.yaml');
    const [faqText, homeText] = await Promise.all([readFile(page(), 'utf8'), readFile(home, 'utf8')]);
    await writeFile(page(), faqText.replace('title: Fragen und Antworten', 'title: Häufige Fragen'));
    await writeFile(home, homeText.replace(/^( {2}title: ).*$/m, '$1Startseite neu'));
    // Dated back (not racy) without touching the files left out: their stamps stay those of their records.
    const past = new Date(Date.now() - 30_000);
    await Promise.all([page(), home].map((file) => utimes(file, past, past)));
    // A build that shows the loader two page families (its walk lists no other), as one scoped to an edit does.
    const shown = ['pages/faq', 'pages/home'];
    const walk = new Map([...stampsByPath(treeStamps(dir)!)].filter(([entry]) => !entry.startsWith('pages/') || shown.some((f) => entry.startsWith(f))));
    const left = ['pages/agb/de.yaml', 'pages/datenschutz/de.yaml', 'pages/impressum/de.yaml'];
    try {
      const scoped = async (keep: boolean) => {
        const memo = new StoredContentMemo(dir, await readStoredMemo(stored.cache, 'k'), walk);
        if (keep) memo.limitTo(new Set(shown.map((folder) => path.basename(folder))));
        const result = await loadContent(dir, {}, memo);
        expect(result.ok && result.value.pages.map((p) => p.source).sort()).toEqual(['pages/faq/de.yaml', 'pages/home/de.yaml', 'pages/home/en.yaml']);
        // Two of nine files changed, more than an eighth: a whole snapshot.
        return memo.toStore()!.snapshot as { files: Map<string, unknown> };
      };
      // Not kept, a file the load did not ask about is one that no longer exists.
      const dropped = (await scoped(false)).files;
      expect(left.filter((file) => dropped.has(file))).toEqual([]);
      const snapshot = await scoped(true);
      // Kept as the lines read, never parsed.
      for (const file of left) expect((snapshot.files.get(file) as Buffer).toString('utf8')).toBe(`${recordLine(text, file)}\n`);
      const next = await roundTrip({ snapshot });
      const memo = new StoredContentMemo(dir, next);
      const result = await loadContent(dir, {}, memo);
      expect(result.ok && faqTitle(result.value)).toBe('Häufige Fragen');
      expect(result.ok && result.value.pages.map((p) => p.source).sort()).toEqual(stored.model.pages.map((p) => p.source).sort());
      // Every file recalled by its stamp, the kept ones too: nothing read, nothing to store.
      expect(memo.toStore()).toBeUndefined();
    } finally {
      await Promise.all([writeFile(page(), faqText), writeFile(home, homeText)]);
      await ageAll();
      await rm(path.dirname(path.dirname(stored.entry)), { recursive: true });
    }
  });

  it("lists a folder as the build's walk listed it, and leaves a folder the walk gave no stamp to the loader", async () => {
    const stamps = new Map([
      ['.', 'd'],
      ['pages', 'd'],
      ['pages/faq', 'd'],
      ['pages/faq/de.yaml', 'f'],
      ['pages/home', ''],
      ['pages/home/de.yaml', 'f'],
      ['site.yaml', 'f'],
    ]);
    const memo = new StoredContentMemo(dir, undefined, stamps);
    expect(memo.listing('pages')).toEqual(['faq', 'home']);
    expect(memo.listing('pages/faq')).toEqual(['de.yaml']);
    expect(memo.listing('.')).toEqual(['pages', 'site.yaml']);
    expect(memo.listing('pages/home')).toBeUndefined();
    expect(memo.listing('locales')).toBeUndefined();
    expect(new ContentMemo().listing('pages')).toBeUndefined();

    // A page added after the walk is this build's to miss (the folder's new stamp makes the next build list it).
    const walk = stampsByPath(treeStamps(dir)!);
    const added = path.join(dir, 'pages/faq/en.yaml');
    await writeFile(added, (await readFile(page(), 'utf8')).replace('slug: faq', 'slug: faq-en'));
    try {
      const walked = await loadContent(dir, {}, new StoredContentMemo(dir, undefined, walk));
      const listed = await loadContent(dir, {}, new StoredContentMemo(dir));
      const sources = (result: typeof walked) => (result.ok ? result.value.pages.map((p) => p.source) : []);
      expect(sources(walked)).not.toContain('pages/faq/en.yaml');
      expect(sources(listed)).toContain('pages/faq/en.yaml');
    } finally {
      await rm(added);
    }
  });

  it('reads a file again when site.yaml or the environment it was checked against changes', async () => {
    const { snapshot } = await load(undefined);
    const memo = new StoredContentMemo(dir, await roundTrip(snapshot));
    const result = await loadContent(dir, { SITE_URL: 'https://other.example' }, memo);
    expect(result.ok && result.value.site.baseUrl).toBe('https://other.example');
  });
});
