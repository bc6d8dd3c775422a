import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { budgetFor } from '../../content/check-config.ts';
import { fileStampSync } from '../../cache/stamps.ts';
import type { PageEntry } from '../../content/model.ts';
import { isCacheKey } from '../../cache/build-cache.ts';
import type { SocialImage } from '../../render/context.ts';
import type { PagePlan } from '../incremental/plan.ts';
import { emptyOutDir } from '../out-dir.ts';
import { emptyManifest, pageCacheEntry, type PageRecord, type StoredPage } from '../page-cache.ts';
import { entryText, pageSourcesEntry } from '../page-sources.ts';
import { htmlGzipBound, islandScripts, needsHtmlGzip, overBudget, pageWeight, type IslandScripts } from '../page-weight.ts';
import { BEFORE_RENDER_THREAD, type RenderPool, type SharedSite } from '../render-thread.ts';
import type { InlineCode } from '../seo-files.ts';
import { loadRenderer, renderPage } from '../site-render.ts';
import type { PlannedCard } from '../social-cards.ts';
import { OutputWriter } from '../writer.ts';
import type { BuildRun, RouteReport, WrittenPages } from './types.ts';

const encoder = new TextEncoder();
/** A rendered page's place in the inline code list until its page comes back from a render thread. */
const NO_INLINE: InlineCode = { scripts: [], styles: [], styleAttributes: false };
/** Modules only the contact submit loads (the backend client): reported apart from what pages hydrate. */
export const SUBMIT_ENTRIES = ['src/islands/contact-form/send.ts'];

type Kept = Extract<PagePlan, { kind: 'reuse' | 'unloaded' }>;
type Made = Extract<PagePlan, { kind: 'restore' | 'render' }>;

/**
 * The plan carried out: the old output renamed aside when there is no earlier build to write into, the code assets and
 * images written (page weights add up their sizes), then every page in plan order kept, restored or rendered and
 * written at once, so a build holds a few pages in memory, not all, and the disk works while the next page renders.
 */
export async function writePages(run: BuildRun, renderPool: RenderPool): Promise<WrittenPages> {
  const { outDir, cache } = run.start;
  const { last } = run.content;
  const removeOldOutput = last ? undefined : await emptyOutDir(outDir);
  const writer = new OutputWriter(outDir, { intoEarlierBuild: last !== undefined });
  const keep = new Set<string>();
  const assetGzip = new Map<string, number>();
  // The assets (few, their encodings cached) are written first.
  await Promise.all([...run.assets.code.files].map(async ([url, bytes]) => assetGzip.set(url, await writer.asset(url, bytes, cache, keep))));
  await Promise.all([...run.assets.images.files].map(([url, bytes]) => writer.asset(url, bytes, cache, keep)));
  const pages = new PageWriting(run, renderPool, { writer, keep, assetGzip, removeOldOutput });
  await pages.writeAll();
  return pages.out;
}

/** Whether a plan renders enough pages for the render threads to pay their start (render-thread.ts BEFORE_RENDER_THREAD). */
export function rendersPool(pages: readonly PagePlan[]): boolean {
  let renders = 0;
  for (const page of pages) if (page.kind === 'render' && ++renders > BEFORE_RENDER_THREAD) return true;
  return false;
}

/** The pages phase's state: what WrittenPages reports, filled in page by page. */
class PageWriting {
  readonly out: WrittenPages;
  private readonly scripts: IslandScripts;
  private readonly assetGzip: ReadonlyMap<string, number>;
  /** Islands' props files (render/Island.tsx), each written once a build: the pages of a locale share them. */
  private readonly propsWrites = new Map<string, Promise<number>>();
  /** Pages still on a render thread: awaited before the site files, as nothing but done (they hold no page bytes). */
  private readonly rendered: Promise<unknown>[] = [];
  private readonly site: SharedSite;

  constructor(
    private readonly run: BuildRun,
    private readonly renderThreads: RenderPool,
    out: Pick<WrittenPages, 'writer' | 'keep' | 'removeOldOutput'> & { assetGzip: ReadonlyMap<string, number> },
  ) {
    const { islands } = run.assets.code;
    this.scripts = islandScripts(islands.loader, islands.graph, SUBMIT_ENTRIES);
    this.assetGzip = out.assetGzip;
    this.out = {
      writer: out.writer,
      keep: out.keep,
      removeOldOutput: out.removeOldOutput,
      next: emptyManifest(),
      counts: { rendered: 0, reused: 0, removed: 0 },
      restored: 0,
      inline: [],
      elementSources: [],
      written: [],
      cardWrites: [],
      cardFiles: new Map(),
      superseded: [],
      done: [],
    };
    this.site = { model: run.site.view, code: run.assets.code, images: run.assets.images.images };
  }

  /** Every page of the plan, in order; the render threads end whether the pages render or one fails: a failed build must exit too. */
  async writeAll(): Promise<void> {
    const out = this.out;
    const { pages } = this.run.plan.plan;
    if (rendersPool(pages)) this.renderThreads.start(this.site);
    try {
      for (const [index, page] of pages.entries()) {
        out.keep.add(page.file);
        // An unloaded page's card file was checked as recorded before anything rendered (scope.ts): it stays.
        if (page.kind === 'unloaded' && page.record.cardPath) out.keep.add(page.record.cardPath);
        this.placeCard(page, this.run.assets.cards[index]?.card);
        if (page.kind === 'reuse' || page.kind === 'unloaded') this.keepPage(page);
        else await this.makePage(page, index);
      }
      // The site's policy reads every page's inline code: the pages still on the render threads come back first.
      await Promise.all(this.rendered);
    } finally {
      await this.renderThreads.stop();
    }
  }

  /**
   * A reused page's card is the file the last build wrote, if it still has the stamp it was written with: the URL is
   * a hash of the card's inputs, so the same URL is the same card. Else it is drawn (or read from the build cache).
   */
  private placeCard(page: PagePlan, card: PlannedCard | undefined): void {
    if (!card) return;
    const out = this.out;
    const { file } = page;
    const cardPath = card.image.path.slice(1);
    out.keep.add(cardPath);
    const cardFile = path.join(this.run.start.outDir, card.image.path);
    if (page.kind === 'reuse' && page.record.card !== undefined && page.record.card === fileStampSync(cardFile))
      out.cardFiles.set(file, { path: cardPath, stamp: page.record.card });
    else
      out.cardWrites.push(
        card
          .bytes(this.run.start.cache)
          .then((bytes) => out.writer.file(card.image.path, bytes))
          .then(() => void out.cardFiles.set(file, { path: cardPath, stamp: fileStampSync(cardFile) ?? '' })),
      );
  }

  /** A page reused as the output folder has it (or unloaded, as its record line has it): not rendered, not written. */
  private keepPage(page: Kept): void {
    const out = this.out;
    const { record, file, route, key } = page;
    out.done.push(page);
    out.counts.reused++;
    out.elementSources.push([file, this.run.site.previousSources.get(file) ?? Buffer.alloc(0)]);
    out.next.pages[file] = record;
    out.inline.push(record.inline);
    // Built under the key the last build's line has: that line is its report line (lastPages).
    const weight = this.run.plan.lastLines?.weightUnder(file, key);
    const line = weight ? { route, file, weight, overBudget: [] } : this.report(page, record, statSync(path.join(this.run.start.outDir, file)).size);
    // The props files are written again from the folder's own (each once a build, writeProps), which leaves them as
    // they are unless an encoding beside one is missing or changed.
    const props = Object.keys(record.islandProps).flatMap((url): [string, string][] => {
      const text = this.run.site.propsFile(url);
      return text === undefined ? [] : [[url, text]];
    });
    out.written.push(props.length ? this.writeProps(props).then(() => line) : Promise.resolve(line));
  }

  /**
   * A page restored from the build cache (not in the output folder as written, but stored: a CI job that restored the
   * cache, not `dist/`), or rendered; a restore whose stored entry is refused as read is rendered.
   */
  private async makePage(page: Made, index: number): Promise<void> {
    const out = this.out;
    // The last version of this page in this folder will not be asked for again: its stored HTML goes.
    const lastKey = page.record?.key;
    // A key read from the manifest names a file in the cache: only a digest may (a damaged manifest could say anything).
    if (lastKey !== page.key && isCacheKey(lastKey)) out.superseded.push(lastKey);
    const stored = page.kind === 'restore' ? await this.run.plan.restoring?.(index) : undefined;
    out.done.push(page.kind === 'restore' && !stored ? { ...page, kind: 'render', reason: `${page.reason}, but refused it as damaged` } : page);
    if (stored) await this.restorePage(page, stored);
    else await this.renderPage(page, this.run.assets.cards[index]?.card?.image);
  }

  private async restorePage(page: Made, stored: StoredPage): Promise<void> {
    const out = this.out;
    const { file, key, entry } = page;
    out.counts.reused++;
    out.restored++;
    out.inline.push(stored.inline);
    out.elementSources.push([file, entryText(stored.sources)]);
    await out.writer.ready();
    out.written.push(
      Promise.all([out.writer.file(`/${file}`, stored.bytes), this.writeProps(Object.entries(stored.islandProps))]).then(([, islandProps]): RouteReport => {
        const stamp = fileStampSync(path.join(this.run.start.outDir, file)) ?? '';
        const { htmlGzip, htmlAtMost, refs, inline } = stored;
        const fresh: PageRecord = { key, stamp, htmlGzip, ...(htmlAtMost && { htmlAtMost }), refs, inline, islandProps };
        out.next.pages[file] = fresh;
        return this.report(entry, fresh, stored.bytes.byteLength);
      }),
    );
  }

  /**
   * Handed to a render thread while one has room, else rendered here; either way the page keeps its place in the
   * lists, so the element sources and the policy come out in page order whichever thread rendered it.
   */
  private async renderPage(page: Made, socialImage: SocialImage | undefined): Promise<void> {
    const out = this.out;
    const { file, key, entry } = page;
    const { cached, cache, outDir } = this.run.start;
    out.counts.rendered++;
    // Stored pages refused as damaged are rendered too: past the threshold the threads help with them.
    if (out.counts.rendered > BEFORE_RENDER_THREAD) this.renderThreads.start(this.site);
    await out.writer.ready();
    const thread = this.renderThreads.free();
    const rendering = thread ? thread.render(entry, socialImage) : Promise.resolve(await this.renderHere(entry, socialImage));
    const slot = out.inline.push(NO_INLINE) - 1;
    const sourcesSlot = out.elementSources.push([file, Buffer.alloc(0)]) - 1;
    const back = rendering.then((rendered) => {
      out.inline[slot] = rendered.inline;
      const sources = pageSourcesEntry(rendered);
      const sourcesText = entryText(sources[1]);
      out.elementSources[sourcesSlot] = [sources[0], sourcesText];
      return { rendered, sourcesText };
    });
    // Awaited before the site files, as nothing but done: the promise would keep the page's bytes until the build ends.
    this.rendered.push(back.then(() => undefined));
    out.written.push(
      back.then(async ({ rendered: { bytes, refs, inline, islandProps: pageProps }, sourcesText }) => {
        // Compressed only when its HTML budget needs the exact size; else the report shows the bound.
        const budget = budgetFor(this.run.site.checkConfig, entry.route);
        const htmlAtMost = needsHtmlGzip(bytes.byteLength, budget.html) ? undefined : (true as const);
        const known = htmlAtMost && htmlGzipBound(bytes.byteLength);
        const store = cached
          ? await pageCacheEntry(cache, key, bytes, { htmlAtMost, refs, inline, islandProps: Object.fromEntries(pageProps) }, sourcesText.toString('utf8'))
          : undefined;
        // The report is made as soon as the page is written: what a page's HTML links is read from substrings that
        // would keep the whole page in memory if kept until the end.
        return Promise.all([out.writer.page(`/${file}`, bytes, store, known || undefined), this.writeProps(pageProps)]).then(
          ([htmlGzip, islandProps]): RouteReport => {
            const stamp = fileStampSync(path.join(outDir, file)) ?? '';
            const fresh: PageRecord = { key, stamp, htmlGzip, ...(htmlAtMost && { htmlAtMost }), refs, inline, islandProps };
            out.next.pages[file] = fresh;
            return this.report(entry, fresh, bytes.byteLength, budget);
          },
        );
      }),
    );
  }

  private async renderHere(entry: PageEntry, socialImage: SocialImage | undefined) {
    await loadRenderer();
    const { images, code } = this.run.assets;
    return renderPage(this.run.site.view, entry, code, { images: images.images, socialImage });
  }

  /** Each props file written once a build (the pages of a locale share them); resolves to each one's gzip size. */
  private async writeProps(files: Iterable<[string, string]>): Promise<Record<string, number>> {
    const { writer, keep } = this.out;
    const { cache } = this.run.start;
    return Object.fromEntries(
      await Promise.all(
        [...files].map(async ([url, json]) => {
          let write = this.propsWrites.get(url);
          if (!write) this.propsWrites.set(url, (write = writer.asset(url, encoder.encode(json), cache, keep)));
          return [url, await write] as const;
        }),
      ),
    );
  }

  /**
   * A page's report line: its weight (page-weight.ts) against its budget in check.yaml. A page of `size` HTML bytes is
   * sized as a cold build sizes it under today's budget: by its bound unless the budget needs the exact size, which is
   * then taken from its file (a kept page, check.yaml lowered since), or given back for the bound (check.yaml raised
   * since); its record follows.
   */
  private report(
    page: { route: string; file: string },
    record: PageRecord,
    size: number,
    budget = budgetFor(this.run.site.checkConfig, page.route),
  ): RouteReport {
    const { graph } = this.run.assets.code.islands;
    if (needsHtmlGzip(size, budget.html)) {
      const file = path.join(this.run.start.outDir, page.file);
      if (record.htmlAtMost) Object.assign(record, { htmlGzip: gzipSync(readFileSync(file), { level: 9 }).byteLength, htmlAtMost: undefined });
    } else if (!record.htmlAtMost) Object.assign(record, { htmlGzip: htmlGzipBound(size), htmlAtMost: true });
    const weight = pageWeight(record.refs, record.htmlGzip, graph, this.scripts, (url) => this.assetGzip.get(url) ?? record.islandProps[url] ?? 0);
    if (record.htmlAtMost) weight.htmlAtMost = true;
    return { route: page.route, file: page.file, weight, overBudget: overBudget(weight, budget) };
  }
}
