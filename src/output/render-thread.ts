import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { PageEntry, PageSummary, SiteView } from '../content/model.ts';
import type { SocialImage } from '../render/context.ts';
import type { BuiltImages } from '../render/image-layout.ts';
import type { InlineCode } from './seo-files.ts';
import { restoredPage, type PageCode, type RenderedPage } from './site-render.ts';
import type { PageAssetRefs } from './page-weight.ts';
import type { MarkedElement } from '../render/source-marks.tsx';
import { startThread } from './thread-entry.ts';

/**
 * A renderer on a worker thread (render-worker.ts), one of a build's RenderPool: while the main thread renders one
 * page, the workers render the next. React's renderToString is most of a cold build's main-thread CPU, and the machine's second core was left
 * to the output thread's writes.
 *
 * The site reaches the worker once (`SharedSite`), each page with the message that asks for it: the page's values are
 * cloned once, and the worker holds no copy of 10,000 pages. Of the other pages the worker gets what one page's
 * render reads of them (its family's locale, route and noindex; each locale's home for the language switcher), the
 * same that output/page-cache.ts's pageKey names as a page's inputs: a render that read more would show as different
 * bytes in tests/unit/output/render-thread.test.ts.
 */

/**
 * A build that renders more pages than this starts its render threads before its first page; one that renders fewer
 * (a warm build after a small edit) renders on the main thread only and never pays a thread's start and the second
 * warm-up of the renderer's compiled code (about 0.3 CPU-s each).
 */
export const BEFORE_RENDER_THREAD = 32;

/** Pages handed to the worker and not yet taken back: one rendering, one waiting, so it never waits for the main thread. */
const IN_FLIGHT = 2;

/** What every page's render reads besides its own entry. */
export interface SharedSite {
  model: SiteView;
  code: PageCode;
  images?: BuiltImages;
}

/** Messages: `SharedSite` once, then `[id, entry, socialImage]` → `[id, RenderedResult]` or `[id, undefined, message]`. */
export type RenderRequest = [number, PageEntry, SocialImage | undefined];
export interface RenderedResult {
  bytes: Uint8Array;
  inline: InlineCode;
  refs: PageAssetRefs;
  elements: MarkedElement[];
  islandProps: Record<string, string>;
}

/**
 * What one page's render reads of the other pages (see above): each as its summary, made anew so the worker is not sent
 * every loaded page in full. `structuredData` of another page is read by `_headers` only, never by a render.
 */
function sharedModel(model: SiteView): SiteView {
  const pages = model.pages.map(({ family, locale, route, file, source, page }): PageSummary => ({
    family,
    locale,
    route,
    file,
    source,
    page: { slug: page.slug, meta: { noindex: page.meta.noindex } },
  }));
  // Field by field: a SiteModel's placeholders (located when read, by a getter) are no part of a render.
  return { root: model.root, site: model.site, locales: model.locales, verbatim: model.verbatim, withheld: model.withheld, pages };
}

export class RenderThread {
  private worker: Worker | undefined;
  private next = 0;
  private readonly pending = new Map<number, { resolve: (page: RenderedPage) => void; reject: (error: Error) => void; entry: PageEntry }>();

  /** Whether the site was handed to the worker: it takes pages from then on. */
  private shared = false;

  constructor(private readonly site?: SharedSite) {}

  /**
   * Starts the worker without the site: it loads the renderer (its modules and hyphenation patterns) while the main
   * thread still loads the content, and takes pages once start() hands it the site.
   */
  spawn(): void {
    if (this.worker) return;
    // Ended by stop(), which buildSite calls whether the build succeeds or fails.
    const worker = startThread('render-worker');
    worker.on('message', ([id, result, message]: [number, RenderedResult | undefined, string | undefined]) => {
      const pending = this.pending.get(id);
      this.pending.delete(id);
      if (!pending) return;
      if (result) pending.resolve(restoredPage(pending.entry, { ...result, sources: { elements: result.elements } }));
      else pending.reject(new Error(message ?? 'the render worker failed'));
    });
    const fail = (error: Error) => {
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
    };
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the render worker exited (${code})`)));
    this.worker = worker;
  }

  /** Starts the worker (unless spawn() did) and hands it the site (a few tens of ms of the main thread's time at 10,000 pages). */
  start(site = this.site): void {
    this.spawn();
    if (this.shared || !site) return;
    this.shared = true;
    const { model, code, images } = site;
    this.worker?.postMessage({
      model: sharedModel(model),
      code: { cssUrl: code.cssUrl, fontPreload: code.fontPreload, islands: { loader: code.islands.loader }, template: code.template, runtime: code.runtime },
      images,
    });
  }

  /** Whether the worker would take another page now. */
  get free(): boolean {
    return !!this.worker && this.shared && this.pending.size < IN_FLIGHT;
  }

  /** Page `entry` rendered on the worker. */
  render(entry: PageEntry, socialImage: SocialImage | undefined): Promise<RenderedPage> {
    const worker = this.worker;
    if (!worker || !this.shared) throw new Error('RenderThread.render before start()');
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, entry });
      worker.postMessage([id, entry, socialImage] satisfies RenderRequest);
    });
  }

  /** Ends the worker and waits for it to exit; pages it still had are refused (a build that failed stops it early). */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.shared = false;
    for (const { reject } of this.pending.values()) reject(new Error('the render worker was stopped'));
    this.pending.clear();
    await worker?.terminate();
  }
}

/**
 * Render threads a build may start: `SITE_RENDER_THREADS` when set (0 renders on the main thread only), else one for
 * each processor beside the one the main thread renders on, so a bigger machine renders on all of its processors.
 */
export function renderThreadCount(env: NodeJS.ProcessEnv = process.env): number {
  const set = env.SITE_RENDER_THREADS?.trim();
  if (set && /^\d+$/.test(set)) return Number(set);
  return Math.max(0, availableParallelism() - 1);
}

/**
 * The render threads of a build (RenderThread each), beside the main thread's own rendering. A build that will render
 * every page spawns them before it loads the content (build.ts), so their start-up runs while the main thread loads;
 * the pages phase starts them with the site before its first page when it has more than BEFORE_RENDER_THREAD pages to
 * render, so every processor renders from the start. stop() ends every one, whether the build succeeds or fails.
 */
export class RenderPool {
  private readonly threads: RenderThread[];

  constructor(size = renderThreadCount()) {
    this.threads = Array.from({ length: size }, () => new RenderThread());
  }

  /** Starts every thread without the site (RenderThread.spawn). */
  spawn(): void {
    for (const thread of this.threads) thread.spawn();
  }

  /** Starts every thread (unless spawned) and hands each the site; a thread already started stays as it is. */
  start(site: SharedSite): void {
    for (const thread of this.threads) thread.start(site);
  }

  /** A thread that would take another page now, if any. */
  free(): RenderThread | undefined {
    return this.threads.find((thread) => thread.free);
  }

  /** Ends every thread and waits for each to exit. */
  async stop(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.stop()));
  }
}
