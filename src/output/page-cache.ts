import { readFileSync } from 'node:fs';
import { rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { cacheKey, replaceEarlier, type BuildCache } from '../cache/build-cache.ts';
import { readRecords, recordsOf, writeRecords } from '../cache/records.ts';
import type { MarkedElement } from '../render/source-marks.tsx';
import { textDigest } from '../cache/digest.ts';
import type { PageEntry, SiteView } from '../content/model.ts';
import { MEMO_KINDS, readStoredMemo, writeStoredMemo, type StoredMemo } from '../content/stored-memo.ts';
import { isIndexable } from '../content/routes.ts';
import { alternates } from '../render/context.ts';
import { isPropsFile } from '../render/island-props-url.ts';
import type { PageAssetRefs } from './page-weight.ts';
import type { InlineCode } from './seo-files.ts';
import type { CodeAssets } from './site-render.ts';
import type { PageCacheEntry } from './writer.ts';

/**
 * The page cache: what the previous build into an output directory wrote, page by page, under the key of
 * everything the page's HTML was made from (pageKey). A page whose key is unchanged and whose file in the
 * output directory still has the stamp it was written with is neither rendered nor compressed nor
 * written; its report line comes from the record. Kept in the build cache (`SITE_CACHE_DIR` or
 * node_modules/.cache/site), so CI can restore it with the output directory.
 */

/** Bumped when the records change shape or the key's parts change. */
const FORMAT = 3;
const MANIFEST_KIND = 'output-manifest';

export interface PageRecord {
  key: string;
  /** The output file's stamp after it was written (fileStamp). */
  stamp: string;
  htmlGzip: number;
  /** htmlGzip is an upper bound (page-weight.ts htmlGzipBound): the page was not compressed. */
  htmlAtMost?: true;
  refs: PageAssetRefs;
  inline: InlineCode;
  /** The gzip size of each props file its islands name (URL → bytes), which its report counts. */
  islandProps: Record<string, number>;
  /** The stamp of the page's social card file after it was written (output/social-cards.ts), if it has one. */
  card?: string;
  /** That card file, output-relative: a page a scoped build does not load keeps it (incremental/scope.ts). */
  cardPath?: string;
}

export interface OutputManifest {
  format: number;
  /** By output file (`index.html`, `fr/education/index.html`). */
  pages: Record<string, PageRecord>;
}

/** The manifest as read, with each record's line: a record the next manifest carries on unchanged is written back as it. */
export interface ReadManifest extends OutputManifest {
  lines: ReadonlyMap<string, Buffer>;
}

/** What the previous build left: the content memo as stored (a snapshot and changes on top) and the output manifest, each undefined when unusable. */
export interface BuildState {
  content?: StoredMemo;
  output?: ReadManifest;
}

/**
 * What a build stores for the next: the content memo, and the output manifest (`carriedFrom`: the manifest it read,
 * whose records it kept by identity are copied as their lines).
 */
export interface NextBuildState {
  content?: StoredMemo;
  output?: OutputManifest;
  carriedFrom?: ReadManifest;
}

const stateKeys = (contentDir: string, outDir: string, generator: string) => ({
  content: cacheKey('content-memo', String(FORMAT), generator, path.resolve(contentDir)),
  output: cacheKey('output-manifest', String(FORMAT), path.resolve(outDir)),
});

export async function readBuildState(cache: BuildCache, contentDir: string, outDir: string, generator: string): Promise<BuildState> {
  const keys = stateKeys(contentDir, outDir, generator);
  const [content, output] = await Promise.all([readStoredMemo(cache, keys.content), readRecords(cache, MANIFEST_KIND, keys.output, { keepLines: true })]);
  const manifest = output && { ...output.header, pages: output.records };
  if (!output || !isManifest(manifest)) return { content };
  return { content, output: { ...manifest, lines: output.lines } };
}

export async function writeBuildState(cache: BuildCache, contentDir: string, outDir: string, generator: string, state: NextBuildState): Promise<void> {
  const from = state.carriedFrom;
  const lineOf = (file: string, record: PageRecord) => (from && from.pages[file] === record ? from.lines.get(file) : undefined);
  const keys = stateKeys(contentDir, outDir, generator);
  await Promise.all([
    // One memo per content folder: a memo another version of the code wrote for it goes once this one is written.
    state.content && writeStoredMemo(cache, keys.content, state.content).then(() => replaceEarlier(cache, MEMO_KINDS, path.resolve(contentDir), keys.content)),
    // A page a record (cache/records.ts): 10,000 pages are megabytes, not written as one string.
    state.output &&
      writeRecords(
        cache,
        MANIFEST_KIND,
        keys.output,
        { format: state.output.format },
        recordsOf(Object.entries(state.output.pages), (entry) => lineOf(...entry) ?? entry),
      ),
  ]);
}

function isManifest(value: unknown): value is OutputManifest {
  const manifest = value as OutputManifest | undefined;
  return manifest?.format === FORMAT && typeof manifest.pages === 'object' && manifest.pages !== null;
}

export function emptyManifest(): OutputManifest {
  return { format: FORMAT, pages: {} };
}

/**
 * A page's HTML as the build cache keeps it, under its key (pageKey): a build whose output folder lacks the file
 * (a CI job that restored the build cache into a fresh checkout, a deleted `dist/`) writes these bytes instead of
 * rendering the page. One header line of JSON (what the build needs without reading the HTML, and the HTML's
 * length and digest, so a truncated or altered entry is refused), then the HTML.
 */
export interface StoredPage {
  bytes: Uint8Array;
  htmlGzip: number;
  /** As in PageRecord. */
  htmlAtMost?: true;
  refs: PageAssetRefs;
  inline: InlineCode;
  /** The page's element sources (output/page-sources.ts). */
  sources: { hash: string; elements: MarkedElement[] };
  /** The props files its islands name (URL → JSON: render/Island.tsx), written with the page. */
  islandProps: Record<string, string>;
}

interface StoredPageHeader extends Omit<StoredPage, 'bytes'> {
  format: number;
  key: string;
  size: number;
  digest: string;
}

export const PAGE_KIND = 'page';
const NEWLINE = 10;

type EntryHead = PageCacheEntry['head'];

/**
 * A page's header line (StoredPageHeader) in three parts, around what whoever writes the page computes: the HTML's
 * digest and its gzip size (joinHead). `sources`: the element sources as JSON, as the build already holds them (entryText).
 */
function entryHead(key: string, size: number, page: Pick<StoredPage, 'htmlAtMost' | 'refs' | 'inline' | 'islandProps'>, sources: string): EntryHead {
  const rest = JSON.stringify({ htmlAtMost: page.htmlAtMost, refs: page.refs, inline: page.inline, islandProps: page.islandProps });
  return [`{"format":${FORMAT},"key":${JSON.stringify(key)},"size":${size},"digest":"`, '","htmlGzip":', `,${rest.slice(1, -1)},"sources":${sources}}\n`];
}

/** The line the output thread writes too (output-worker.ts, held equal by the restore tests of page-cache-property.test.ts). */
const joinHead = (head: EntryHead, digest: string, htmlGzip: number) => `${head[0]}${digest}${head[1]}${htmlGzip}${head[2]}`;

function storeEntry(cache: BuildCache, key: string, head: EntryHead, bytes: Uint8Array, htmlGzip: number): Promise<void> {
  return cache.write(PAGE_KIND, key, Buffer.concat([Buffer.from(joinHead(head, cacheKey(bytes), htmlGzip), 'utf8'), bytes]), { checked: true });
}

export function storePage(cache: BuildCache, key: string, page: StoredPage): Promise<void> {
  const { bytes, htmlGzip, sources, ...rest } = page;
  return storeEntry(cache, key, entryHead(key, bytes.byteLength, rest, JSON.stringify(sources)), bytes, htmlGzip);
}

/**
 * A rendered page's entry as the writer stores it while writing the page (writer.ts PageCacheEntry): by the output thread
 * into the cache's file for it, when the cache keeps entries as files, else through the cache once it is written.
 */
export async function pageCacheEntry(
  cache: BuildCache,
  key: string,
  bytes: Uint8Array,
  page: Pick<StoredPage, 'htmlAtMost' | 'refs' | 'inline' | 'islandProps'>,
  sources: string,
): Promise<PageCacheEntry> {
  const head = entryHead(key, bytes.byteLength, page, sources);
  return { file: await cache.entryFile?.(PAGE_KIND, key), head, store: (htmlGzip) => storeEntry(cache, key, head, bytes, htmlGzip) };
}

/** The page stored under `key`, or undefined when there is none or it is damaged, of another format or another key. */
export async function storedPage(cache: BuildCache, key: string): Promise<StoredPage | undefined> {
  const data = await cache.read(PAGE_KIND, key);
  if (!data) return undefined;
  const page = parseStoredPage(data, key);
  // A refused entry goes, so the page rendered now can take its place (entries are written only where there is none).
  if (!page) await cache.remove?.(PAGE_KIND, key);
  return page;
}

function parseStoredPage(data: Uint8Array, key: string): StoredPage | undefined {
  const end = data.indexOf(NEWLINE);
  if (end < 0) return undefined;
  let header: StoredPageHeader;
  try {
    header = JSON.parse(Buffer.from(data.buffer, data.byteOffset, end).toString('utf8')) as StoredPageHeader;
  } catch {
    return undefined;
  }
  const bytes = data.subarray(end + 1);
  const wellFormed =
    header?.format === FORMAT && header.key === key && reportable(header) && Array.isArray(header.sources?.elements) && isRecord(header.islandProps);
  if (!wellFormed || bytes.byteLength !== header.size || cacheKey(bytes) !== header.digest) return undefined;
  return {
    bytes,
    htmlGzip: header.htmlGzip,
    ...(header.htmlAtMost === true && { htmlAtMost: true }),
    refs: header.refs,
    inline: header.inline,
    sources: header.sources,
    islandProps: header.islandProps,
  };
}

/** Whether a stored record (manifest or page entry) has what a reused page's report line and CSP are made from. */
function reportable(record: { htmlGzip?: unknown; refs?: unknown; inline?: unknown }): boolean {
  return typeof record.htmlGzip === 'number' && !!record.refs && !!record.inline;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a manifest record (JSON as read: a damaged one may hold anything) has what a reused page's report and CSP are made from. */
export function wellFormedRecord(record: PageRecord): boolean {
  return reportable(record) && isRecord(record.islandProps);
}

/**
 * The text of the islands' props file `url` at `file` in the output folder, if it is the file its name says (props files
 * are named by their content: output written by hand or by another tool under that name is not), else undefined.
 */
export function propsText(file: string, url: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return isPropsFile(url, text) ? text : undefined;
}

/** Digests of objects by identity: the site, each locale and each entry are hashed once per build. */
const digests = new WeakMap<object, string>();

/** `known`: the content memo's digest of what the value was made from, when it has one (no need to hash the value). */
function digestOf(value: object | undefined, known?: (value: object) => string | undefined): string {
  if (!value) return '';
  let digest = digests.get(value);
  if (digest === undefined) digests.set(value, (digest = known?.(value) ?? textDigest(JSON.stringify(value))));
  return digest;
}

/** Per model: what every page reads of the other locales (the language switcher's names, og:locale alternates) and the verbatim strings. */
const siteParts = new WeakMap<SiteView, string>();
const familyParts = new WeakMap<SiteView, Map<string, string>>();

/**
 * The part of every page's key that is the same for all pages (pageKey): the generator, the code assets, site.yaml, each
 * locale's name and og:locale, the verbatim strings and the withheld routes. The last build's record keeps it
 * (unchanged-build.ts): the same part again means the same site.yaml, code and environment.
 */
export function siteKey(model: SiteView, code: CodeAssets, generator: string, known?: (value: object) => string | undefined): string {
  let site = siteParts.get(model);
  if (site === undefined) {
    const locales = Object.entries(model.locales).map(([locale, strings]) => [locale, strings?.name, strings?.ogLocale]);
    site = textDigest(
      JSON.stringify([
        generator,
        code.cssUrl,
        code.fontPreload,
        code.islands.loader,
        code.template,
        code.runtime,
        digestOf(model.site, known),
        locales,
        [...model.verbatim].sort(),
        (model.withheld ?? []).map((w) => w.route).sort(),
      ]),
    );
    siteParts.set(model, site);
  }
  return site;
}

/**
 * The key of one page's HTML: everything renderPage reads. The generator's code and the code assets
 * (stylesheet, scripts, fonts, document shell), site.yaml (constants, brand, locales list; references
 * are already resolved into the page), the page's locale strings, each locale's name and og:locale
 * (the language switcher and og:locale alternates), the strings tagged `!verbatim` anywhere (typography
 * leaves them alone), the routes a build at its moment leaves out (the footer and the language switcher skip
 * them: content/publishing.ts), the page's family (hreflang and the switcher: locale, route, noindex of each
 * translation), the page itself, `images` (what it shows of its images: assets/images.ts pageImageInputs,
 * whose URLs carry each image file's content hash) and its social image's URL (output/social-cards.ts: a hash
 * of what the card is drawn from, or of the author's image file, whose bytes are no part of the page). The
 * property test (tests/unit/output/page-cache-property.test.ts) holds warm builds byte-identical to cold ones
 * through random edits of each.
 */
export function pageKey(
  model: SiteView,
  entry: PageEntry,
  code: CodeAssets,
  generator: string,
  known?: (value: object) => string | undefined,
  inputs: { images?: string; socialImage?: string } = {},
): string {
  const site = siteKey(model, code, generator, known);
  let families = familyParts.get(model);
  if (!families) familyParts.set(model, (families = new Map()));
  let family = families.get(entry.family);
  if (family === undefined) {
    family = JSON.stringify(alternates(model, entry).map((p) => [p.locale, p.route, isIndexable(p.route, p.page.meta.noindex)]));
    families.set(entry.family, family);
  }
  return textDigest(
    `${FORMAT}\u0000${site}\u0000${digestOf(model.locales[entry.locale], known)}\u0000${family}\u0000${digestOf(entry, known)}\u0000${inputs.images ?? ''}\u0000${inputs.socialImage ?? ''}`,
  );
}

/**
 * Deletes every file of `listed` (what is under outDir, output-relative, `/` separated, a folder's ending with `/`) that
 * is not in `keep`, then every empty folder: what a cold build would not have written. Resolves to the deleted files.
 */
export async function removeOthers(outDir: string, keep: ReadonlySet<string>, listed: readonly string[]): Promise<string[]> {
  const removed = listed.filter((relative) => !relative.endsWith('/') && !keep.has(relative)).sort();
  await Promise.all(removed.map((relative) => rm(path.join(outDir, relative), { force: true })));
  // Folders above a kept file stay; the others go, deepest first (rmdir refuses one that still holds anything).
  const occupied = new Set<string>();
  for (const relative of keep) {
    for (let end = relative.lastIndexOf('/'); end > 0 && !occupied.has(relative.slice(0, end + 1)); end = relative.lastIndexOf('/', end - 1))
      occupied.add(relative.slice(0, end + 1));
  }
  const empty = listed.filter((relative) => relative.endsWith('/') && relative !== './' && !occupied.has(relative));
  for (const dir of empty.sort((a, b) => b.length - a.length)) await rmdir(path.join(outDir, dir)).catch(() => {});
  return removed;
}
