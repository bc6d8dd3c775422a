import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { directoryCache } from '../../../../src/cache/build-cache.ts';
import type { ContentEnv } from '../../../../src/content/load.ts';
import { buildSite, type BuildReport } from '../../../../src/output/build.ts';
import { pageSourcesFile } from '../../../../src/output/page-sources.ts';
import { loadFixture, type FixtureSite } from '../../../support/fixture.ts';
import { scaled } from '../../../support/time-scale.ts';

/**
 * Warm builds of a copy of a small fixture site, each beside the cold build of the same content (the page cache's
 * tests: page-cache-property.test.ts, build-scope.test.ts). `useWarmSites()` sets up the folder they live in.
 */

export const repo = path.resolve(import.meta.dirname, '../../../..');
const fixtureSite = path.join(repo, 'tests/fixtures/check/base');

let work: string;
/** The fixture copies the sites are made of, removed with the work folder. */
const copies: FixtureSite[] = [];
/** The code assets' cache (island bundle, CSS, fonts), shared by every build here so only pages are at stake. */
let assetCache: string;

/** Registers the hooks that make (and fill the asset cache of) the folder every site lives in, and remove it. */
export function useWarmSites(): void {
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'site-page-cache-'));
    assetCache = path.join(work, 'assets-cache');
    // Fills the asset cache (the island bundle, CSS and fonts take seconds to make), which every later build reads.
    const built = await buildSite({ contentDir: fixtureSite, outDir: path.join(work, 'first'), cache: directoryCache(assetCache), generator: 'code-0' });
    if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
  }, scaled(180_000));

  afterAll(async () => {
    await Promise.all(copies.splice(0).map((copy) => copy.remove()));
    await rm(work, { recursive: true, force: true });
  });
}

export async function tree(dir: string): Promise<Map<string, Buffer | 'dir'>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, Buffer | 'dir'>();
  for (const entry of entries.sort((a, b) => path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)))) {
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full), entry.isDirectory() ? 'dir' : await readFile(full));
  }
  return files;
}

export function summary(report: BuildReport): unknown {
  return { routes: report.routes, budgetErrors: report.budgetErrors.map((e) => e.message), privacy: report.privacy };
}

export interface Site {
  content: string;
  warmOut: string;
  pageCache: string;
  generator: string;
  step: number;
  /** Families this test added (pages it may remove or rename). */
  extras: string[];
  /** The moment the site is built for, and whether drafts show (content/publishing.ts): a page's liveness is an input. */
  at: Date;
  drafts: boolean;
}
export async function edit(file: string, change: (text: string) => string): Promise<void> {
  await writeFile(file, change(await readFile(file, 'utf8')));
}
/**
 * Dates every entry of `dir` written in the last second two seconds back, as if the author had built a while later: a
 * build trusts no content stamp from the last second (unchanged-build.ts), so without this the record of the last
 * build would never be put to the test.
 */
export async function settle(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const past = new Date(Date.now() - 2000);
  const recent = await Promise.all(
    [dir, ...entries.map((e) => path.join(e.parentPath, e.name))].map(async (file) => ((await stat(file)).mtimeMs > Date.now() - 1000 ? file : undefined)),
  );
  await Promise.all(recent.flatMap((file) => (file ? [utimes(file, past, past)] : [])));
}
export async function cold(site: Site): Promise<{ out: string; report: BuildReport }> {
  const out = path.join(work, `cold-${site.step}`);
  const built = await buildSite({
    contentDir: site.content,
    outDir: out,
    cache: directoryCache(assetCache),
    pageCache: true,
    fresh: true,
    generator: site.generator,
    publication: { at: site.at, drafts: site.drafts },
  });
  if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
  return { out, report: built.value };
}

/** `read`: told the kind of every build-cache entry the build reads. */
export async function warm(site: Site, read?: (kind: string) => void, env?: ContentEnv): Promise<BuildReport> {
  await settle(site.content);
  // The page cache apart from the asset cache, so damaging it leaves the code assets alone; the same folder each build.
  const over = pageCacheOver(site.pageCache);
  const cache = read ? { ...over, read: (kind: string, key: string) => (read(kind), over.read(kind, key)) } : over;
  const built = await buildSite({
    contentDir: site.content,
    outDir: site.warmOut,
    cache,
    pageCache: true,
    // The folder is this site's output throughout, even when an edit deleted both marks of that (the element sources
    // beside it and the page cache's record): out-dir.ts would otherwise refuse to empty it.
    emptyOutDir: true,
    env,
    generator: site.generator,
    publication: { at: site.at, drafts: site.drafts },
  });
  if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
  return built.value;
}

/** Page cache kinds in their own folder, the code assets' kinds read from the shared asset cache. */
export function pageCacheOver(dir: string) {
  const pages = directoryCache(dir);
  const assets = directoryCache(assetCache);
  // `latest`: which memo and record are a folder's latest (replaceEarlier), beside the entries it names.
  const own = (kind: string) => ['content-memo', 'content-memo-changes', 'output-manifest', 'page', 'unchanged-build', 'latest'].includes(kind);
  return {
    read: (kind: string, key: string) => (own(kind) ? pages : assets).read(kind, key),
    write: (kind: string, key: string, data: string | Uint8Array, options?: { checked?: boolean }) =>
      (own(kind) ? pages : assets).write(kind, key, data, options),
    remove: (kind: string, key: string) => (own(kind) ? pages : assets).remove!(kind, key),
    // Page entries as files, so the output thread stores them as the build does with its own cache.
    entryFile: (kind: string, key: string) => (own(kind) ? pages : assets).entryFile!(kind, key),
    keys: (kind: string) => (own(kind) ? pages : assets).keys!(kind),
  };
}

/** A copy of a fixture site (loadFixture's: `fixture`, under tests/fixtures/; default check/base) to build warm and cold. */
export async function newSite(name: string, fixture = 'check/base'): Promise<Site> {
  const copy = await loadFixture(fixture);
  copies.push(copy);
  return {
    content: copy.content,
    warmOut: copy.out,
    pageCache: path.join(work, name, 'page-cache'),
    generator: 'code-0',
    step: 0,
    extras: [],
    at: new Date('2026-12-01T00:00:00Z'),
    drafts: false,
  };
}

/** The element sources file beside an output folder (page-sources.ts), or undefined when there is none. */
const elementSources = (outDir: string): Promise<Buffer | undefined> => readFile(pageSourcesFile(outDir)).catch(() => undefined);

/** Whether the element sources files beside two output folders are there and byte for byte the same. */
export async function sameElementSources(warmDir: string, coldDir: string): Promise<boolean> {
  const [warmSources, coldSources] = await Promise.all([elementSources(warmDir), elementSources(coldDir)]);
  return warmSources !== undefined && coldSources !== undefined && warmSources.equals(coldSources);
}

/** The name differingFiles gives the element sources file beside the output folders. */
export const ELEMENT_SOURCES = '(element sources beside the output)';

/**
 * The files and folders that differ between two output folders, or are in only one of them, and ELEMENT_SOURCES when
 * the element sources files beside them differ: they are part of what a warm build must write as a cold one does.
 */
export async function differingFiles(warmDir: string, coldDir: string): Promise<string[]> {
  const [warmTree, coldTree, sourcesSame] = await Promise.all([tree(warmDir), tree(coldDir), sameElementSources(warmDir, coldDir)]);
  const names = [...new Set([...warmTree.keys(), ...coldTree.keys()])].sort();
  const differ = names.filter((name) => {
    const [a, b] = [warmTree.get(name), coldTree.get(name)];
    return a === 'dir' || b === 'dir' ? a !== b : !(a instanceof Buffer && b instanceof Buffer && a.equals(b));
  });
  return sourcesSame ? differ : [...differ, ELEMENT_SOURCES];
}
