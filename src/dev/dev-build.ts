import { buildImages, pageImageInputs } from '../assets/images.ts';
import type { BuiltImages } from '../render/image-layout.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import { loadContent, type ContentEnv } from '../content/load.ts';
import type { ContentMemo } from '../content/memo.ts';
import { DevMemo } from './dev-memo.ts';
import { publishedModel } from '../content/publishing.ts';
import type { SiteError } from '../errors/site-error.ts';
import type { PageEntry, SiteModel } from '../content/model.ts';
import { seoFiles } from '../output/seo-files.ts';
import { generatorId } from '../output/generator-id.ts';
import { shortDigest, textDigest } from '../cache/digest.ts';
import { PAGE_KIND, pageKey, storedPage, storePage } from '../output/page-cache.ts';
import { gzipSize } from '../output/precompress.ts';
import { codeAssets, loadRenderer, renderPage, restoredPage, sitePolicy, type CodeAssets, type RenderedPage } from '../output/site-render.ts';

/** The built site in memory, by URL, as `site dev` serves it. */
export type SiteFiles = Map<string, Uint8Array>;

/** Site files some of which are made on their first `get` (listed in `keys()` from the start). */
export class DevFiles extends Map<string, Uint8Array> {
  private readonly pending = new Map<string, () => Uint8Array>();

  /** Lists `url` now and makes its bytes when first asked for. */
  later(url: string, make: () => Uint8Array): void {
    super.set(url, EMPTY);
    this.pending.set(url, make);
  }

  override get(url: string): Uint8Array | undefined {
    const make = this.pending.get(url);
    if (make) {
      this.pending.delete(url);
      super.set(url, make());
    }
    return super.get(url);
  }

  override set(url: string, bytes: Uint8Array): this {
    this.pending?.delete(url);
    return super.set(url, bytes);
  }

  override *entries(): MapIterator<[string, Uint8Array]> {
    for (const url of this.keys()) yield [url, this.get(url)!];
  }

  override *values(): MapIterator<Uint8Array> {
    for (const url of this.keys()) yield this.get(url)!;
  }

  override [Symbol.iterator](): MapIterator<[string, Uint8Array]> {
    return this.entries();
  }

  override forEach(callback: (value: Uint8Array, key: string, map: Map<string, Uint8Array>) => void, thisArg?: unknown): void {
    for (const [url, bytes] of this.entries()) callback.call(thisArg, bytes, url, this);
  }
}

const EMPTY = new Uint8Array(0);

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

export type DevBuildResult = { ok: true; files: SiteFiles; changed: string[]; rendered: number } | { ok: false; errors: SiteError[] };

/**
 * Builds the site in memory and rebuilds it after content edits, re-rendering only pages whose key changed:
 * the build's page key (output/page-cache.ts: everything `renderPage` reads), so an edit of one page
 * re-renders that page alone, not its translations (they read only its route, locale and indexability). The
 * content memo keeps unchanged files' objects, whose digests are kept by identity, so keys cost little. Code
 * assets (scripts, CSS, shell) are made once: code edits restart `site dev` instead.
 */
export class DevBuilder {
  private code?: Promise<CodeAssets>;
  private generator?: Promise<string>;
  private readonly storing = new Set<Promise<void>>();
  private readonly pages = new Map<string, { key: string; page: RenderedPage }>();
  private files: SiteFiles = new Map();
  /** Shared with the /admin editor, whose validation of an unsaved edit leaves its parsed file here for the rebuild. */
  readonly memo: ContentMemo;
  private readonly devMemo: DevMemo;
  /** Unsaved edits of the /admin editor (content-relative file → text), built as if they were the files. */
  readonly unsavedEdits = new Map<string, string>();
  /** The model the editor loaded with the unsaved edits as they are now, when it validated the latest one. */
  private loaded?: SiteModel;
  /** Pages the editor's preview rendered (previewPage), by route, numbered: the newest wins over an older rebuild's. */
  private readonly previewed = new Map<string, { seq: number; page: RenderedPage }>();
  private previews = 0;

  constructor(
    private readonly contentDir: string,
    private readonly env: ContentEnv,
    private readonly cache: BuildCache,
  ) {
    this.memo = this.devMemo = new DevMemo(contentDir);
  }

  /** The content watcher is ready: from now on it reports every file and folder added, changed or removed (`changed`). */
  watching(): void {
    this.devMemo.watching();
  }

  /** A burst of the watcher's (content-relative paths): folders listed in it are listed again by the next load. */
  changed(files: readonly string[]): void {
    this.devMemo.changed(files);
  }

  /**
   * The next rebuild starts from this model instead of loading the content again: the editor's validation of an
   * unsaved edit loaded exactly what the rebuild would (the files and `unsavedEdits` as they are now). A file
   * edited meanwhile schedules a rebuild of its own, which loads.
   */
  useLoaded(model: SiteModel): void {
    this.loaded = model;
  }

  /** Stores run STORES_AT_ONCE at a time: each gzip -9 holds about 270 KB of zlib state until it ends. */
  private readonly storeTurns = inTurns(STORES_AT_ONCE);

  /** Set by close(): a store still waiting for its turn is dropped (the cache is an aid; a later build renders the page). */
  private closing = false;

  private track(work: () => Promise<void>): void {
    const done: Promise<void> = this.storeTurns(() => (this.closing ? Promise.resolve() : work()))
      .catch(() => {})
      .finally(() => this.storing.delete(done));
    this.storing.add(done);
  }

  /**
   * Lets `site dev` exit once the stores already running end: the queue of a first build of many pages would
   * otherwise hold the process for as long as compressing all of them takes.
   */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.storing);
  }

  /** Resolves once the pages rendered so far are in the build cache (and their earlier versions out of it). */
  async stored(): Promise<void> {
    await Promise.all(this.storing);
  }

  /**
   * Renders the page of `source` (a content-relative page file) from `loaded` ahead of the rebuild, puts it in the
   * served files and answers its route and HTML: the editor's preview patches its frame with it instead of waiting
   * for the rebuild, its event and a fetch. The rebuild that follows finds the page rendered and unchanged.
   */
  async previewPage(loaded: SiteModel, source: string): Promise<{ route: string; html: Uint8Array } | undefined> {
    const model = publishedModel(loaded, { at: new Date(), drafts: true });
    const entry = model.pages.find((p) => p.source === source);
    if (!entry) return undefined;
    const seq = ++this.previews;
    const { code, images, generator } = await this.inputs(model);
    if (images.errors.length) return undefined;
    const { page } = await this.pageOf(model, entry, code, generator, images.images, seq - 1);
    // A later keystroke's preview may have landed meanwhile: the newest stays.
    if ((this.previewed.get(entry.route)?.seq ?? 0) > seq) return undefined;
    this.previewed.set(entry.route, { seq, page });
    this.install(this.files, page);
    return { route: entry.route, html: page.bytes };
  }

  private async inputs(model: SiteModel) {
    this.code ??= codeAssets(this.cache);
    this.generator ??= generatorId();
    const [code, images, generator] = await Promise.all([this.code, buildImages(model, this.contentDir, this.cache), this.generator]);
    return { code, images, generator };
  }

  /**
   * One page of `model`: as in memory when its key is unchanged, else from the build cache or rendered (and stored).
   * `since`: the previews counted when the caller started; a page a later preview rendered is not replaced in memory.
   */
  private async pageOf(
    model: SiteModel,
    entry: SiteModel['pages'][number],
    code: CodeAssets,
    generator: string,
    images: BuiltImages,
    since: number,
  ): Promise<{ page: RenderedPage; rendered: boolean }> {
    // The generator's id names this process's code (a code edit restarts `site dev`), so keys match the build cache's.
    const previous = this.pages.get(entry.route);
    const key = pageKey(model, entry, code, generator, (value) => (value === entry ? this.entryDigest(entry) : undefined), {
      images: pageImageInputs(entry, images),
    });
    if (previous?.key === key) return { page: previous.page, rendered: false };
    // A page not in memory yet (the first build, a new page) may be in the build cache, as `site build` and earlier
    // runs of `site dev` stored it: the same key (every input of renderPage) is the same HTML.
    const stored = previous ? undefined : await storedPage(this.cache, key);
    let page: RenderedPage;
    if (stored) page = restoredPage(entry, stored);
    else {
      await loadRenderer();
      page = renderPage(model, entry, code, { images });
      const { bytes, refs, inline, elements, islandProps } = page;
      // Off the edit-to-paint path: the next start of `site dev` (or a build) finds the page.
      this.track(() =>
        gzipSize(bytes).then((htmlGzip) =>
          storePage(this.cache, key, {
            bytes,
            htmlGzip,
            refs,
            inline,
            sources: { hash: shortDigest(bytes), elements },
            islandProps: Object.fromEntries(islandProps),
          }),
        ),
      );
    }
    if ((this.previewed.get(entry.route)?.seq ?? 0) > since) return { page, rendered: !stored };
    // An edited page's earlier version will not be asked for again: its stored HTML goes, so a long editing session
    // leaves one version per page in the cache (a build that still wants it renders it again).
    if (previous) this.track(() => this.cache.remove?.(PAGE_KIND, previous.key) ?? Promise.resolve());
    this.pages.set(entry.route, { key, page });
    return { page, rendered: !stored };
  }

  /**
   * The digest of a page entry (what pageKey would make of it), kept across rebuilds while its fields are the same:
   * the loader makes a new entry for each page at every load, around the same page object the memo kept, and
   * digesting every page's entry again made each one-page edit's rebuild grow with the pages.
   */
  private entryDigest(entry: PageEntry): string {
    const known = this.entryDigests.get(entry.route);
    if (known && sameEntry(known.entry, entry)) return known.digest;
    const digest = textDigest(JSON.stringify(entry));
    this.entryDigests.set(entry.route, { entry, digest });
    return digest;
  }

  private readonly entryDigests = new Map<string, { entry: PageEntry; digest: string }>();

  private install(files: SiteFiles, page: RenderedPage): void {
    files.set(`/${page.entry.file}`, page.bytes);
    let props = this.propsBytes.get(page);
    if (!props) this.propsBytes.set(page, (props = [...page.islandProps].map(([url, json]) => [url, new TextEncoder().encode(json)] as const)));
    for (const [url, bytes] of props) files.set(url, bytes);
  }

  /** Each page's island props files encoded once, not again at every rebuild. */
  private readonly propsBytes = new WeakMap<RenderedPage, (readonly [string, Uint8Array])[]>();

  async rebuild(): Promise<DevBuildResult> {
    const since = this.previews;
    const given = this.loaded;
    this.loaded = undefined;
    const loaded = given ? { ok: true as const, value: given } : await loadContent(this.contentDir, this.env, this.memo, this.unsavedEdits);
    if (!loaded.ok) return { ok: false, errors: loaded.errors };
    // Drafts and scheduled pages show in `site dev`, labelled and noindex (content/publishing.ts).
    const model = publishedModel(loaded.value, { at: new Date(), drafts: true });
    const { code, images, generator } = await this.inputs(model);
    if (images.errors.length) return { ok: false, errors: images.errors };
    let rendered = 0;
    const pages: RenderedPage[] = [];
    for (const entry of model.pages) {
      const result = await this.pageOf(model, entry, code, generator, images.images, since);
      if (result.rendered) rendered++;
      // A preview of a later keystroke than this rebuild's model is what the page shows: it stays.
      const newer = this.previewed.get(entry.route);
      pages.push(newer && newer.seq > since ? newer.page : result.page);
    }
    const routes = new Set(model.pages.map((p) => p.route));
    for (const route of this.pages.keys()) if (!routes.has(route)) this.pages.delete(route);
    for (const route of this.entryDigests.keys()) if (!routes.has(route)) this.entryDigests.delete(route);
    for (const route of this.previewed.keys()) if ((this.previewed.get(route)?.seq ?? 0) <= since) this.previewed.delete(route);

    const files = new DevFiles([...code.files, ...images.files]);
    for (const page of pages) this.install(files, page);
    // Made when asked for: at 10,000 pages the sitemap and the policy over every page's inline code took longer
    // than the rest of a one-page edit's rebuild, and `site dev` serves them rarely.
    const seo = once(() =>
      seoFiles(
        model,
        sitePolicy(
          model,
          pages.map((p) => p.inline),
          code,
        ),
      ),
    );
    for (const url of ['/sitemap.xml', '/robots.txt', '/_headers']) files.later(url, () => new TextEncoder().encode(seo().get(url)));
    const changed = pages.filter((p) => !sameBytes(this.files.get(`/${p.entry.file}`), files.get(`/${p.entry.file}`))).map((p) => p.entry.route);
    this.files = files;
    return { ok: true, files, changed, rendered };
  }
}

/**
 * Page stores in flight at once. The first build of 10,000 pages renders faster than their HTML is compressed:
 * unbounded, every page's gzip was started at once and their zlib state alone took 2.7 GB.
 */
export const STORES_AT_ONCE = 2;

/** Runs the tasks given to the function it returns at most `limit` at a time, in the order given. */
export function inTurns(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** The same entry, field by field; an entry with a preview is always digested again. */
function sameEntry(a: PageEntry, b: PageEntry): boolean {
  if (a === b) return true;
  if (a.preview !== undefined || b.preview !== undefined) return false;
  const fields = Object.keys(a) as (keyof PageEntry)[];
  return fields.length === Object.keys(b).length && fields.every((field) => a[field] === b[field]);
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  return (a !== undefined && a === b) || (!!a && !!b && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b));
}
