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
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) if (entry.isFile()) await utimes(path.join(entry.parentPath, entry.name), past, past);
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

/** Loads with a memo made from what the last load stored (as each build does), and returns what this one stores. */
async function load(snapshot: StoredMemo | undefined): Promise<{ model: SiteModel; snapshot: StoredMemo }> {
  const memo = new StoredContentMemo(dir, snapshot === undefined ? undefined : await roundTrip(snapshot));
  const result = await loadContent(dir, {}, memo);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  const stored = memo.toStore();
  // As writeBuildState keeps them: a new snapshot replaces both, changes go on top of the last snapshot.
  return { model: result.value, snapshot: stored?.snapshot !== undefined ? stored : { snapshot: snapshot?.snapshot, changes: stored?.changes ?? snapshot?.changes } };
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
    for (const damaged of [text.slice(0, text.length - 10), text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1)]) await expectReadAsNone({ cache, entry, model }, damaged);
    await rm(path.dirname(path.dirname(entry)), { recursive: true });
  });

  it('stores a placeholder\'s document path, not its location, and locates a recalled one where a fresh load does', async () => {
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

  it('parses a recalled page\'s sections only when they are read, and keeps the facts publishing and images read without them', async () => {
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
    const read = await roundTrip(cold.snapshot);
    const recalled = (read.snapshot as { files: Record<string, { value: { page: typeof home } }> }).files['pages/home/de.yaml']!.value.page!;
    const rewritten = await roundTrip({ snapshot: read.snapshot });
    expect(unparsedSections(recalled)).toBeDefined();
    const again = await loadContent(dir, {}, new StoredContentMemo(dir, rewritten));
    expect(again.ok && again.value.pages).toEqual(cold.model.pages);
    await writeFile(page(), text);
    await ageAll();
  });

  it('reads a memo whose page record lacks its section facts as none', async () => {
    const stored = await storedCold('facts');
    await expectReadAsNone(stored, (await readFile(stored.entry, 'utf8')).replace(',"facts":[]', ''));
    await rm(path.dirname(path.dirname(stored.entry)), { recursive: true });
  });

  it('lists a folder as the build\'s walk listed it, and leaves a folder the walk gave no stamp to the loader', async () => {
    const stamps = new Map([['.', 'd'], ['pages', 'd'], ['pages/faq', 'd'], ['pages/faq/de.yaml', 'f'], ['pages/home', ''], ['pages/home/de.yaml', 'f'], ['site.yaml', 'f']]);
    const memo = new StoredContentMemo(dir, undefined, stamps);
    expect(memo.listing('pages')).toEqual(['faq', 'home']);
    expect(memo.listing('pages/faq')).toEqual(['de.yaml']);
    expect(memo.listing('.')).toEqual(['pages', 'site.yaml']);
    expect(memo.listing('pages/home')).toBeUndefined();
    expect(memo.listing('locales')).toBeUndefined();
    expect(new ContentMemo().listing('pages')).toBeUndefined();

    // A page added after the walk is this build's to miss (the folder's new stamp makes the next build list it).
    const walk = stampsByPath(treeStamps(dir, false)!);
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
