import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildImages, pageImageInputs } from '../assets/images.ts';
import { defaultBuildCache, isCacheKey, noCache, type BuildCache } from '../cache/build-cache.ts';
import { budgetFor, loadCheckConfig, type CheckConfig } from '../content/check-config.ts';
import { loadContent, type ContentEnv } from '../content/load.ts';
import type { PageEntry, SiteView } from '../content/model.ts';
import { fileStampSync, textDigest } from '../content/memo.ts';
import { publishedModel, publishingWindow, type Publication } from '../content/publishing.ts';
import { loadRedirects } from '../content/redirects.ts';
import { StoredContentMemo } from '../content/stored-memo.ts';
import { locate, type YamlSource } from '../content/yaml-source.ts';
import { SiteError, type Result } from '../errors/site-error.ts';
import type { SocialImage } from '../render/context.ts';
import { describeOverrun, islandScripts, overBudget, pageWeight, type BudgetOverrun, type PageWeight } from './page-weight.ts';
import { FUNCTION_LOCALES_FILE, writeFunctionLocales } from './function-locales.ts';
import { writeLeadNotificationTexts } from './lead-notification-texts.ts';
import { generatorId } from './generator-id.ts';
import { emptyOutDir, guardOutDir } from './out-dir.ts';
import {
  emptyManifest,
  PAGE_KIND,
  pageCacheEntry,
  pageKey,
  propsText,
  readBuildState,
  removeOthers,
  siteKey,
  storedPage,
  writeBuildState,
  type OutputManifest,
  type PageRecord,
  type StoredPage,
} from './page-cache.ts';
import { hostFiles } from './host-files.ts';
import { redirectFiles } from './redirects.ts';
import { SEO_FILES, seoFiles, siteFacts, type InlineCode } from './seo-files.ts';
import { entryText, pageSourcesEntry, pageSourcesFile, previousPageSources, writePageSources, type PageSources } from './page-sources.ts';
import { privacyPolicyFacts, type PrivacyPolicyFacts } from './privacy-policy.ts';
import { BEFORE_RENDER_THREAD, RenderThread } from './render-thread.ts';
import { codeAssets, loadRenderer, renderPage, sitePolicy } from './site-render.ts';
import { planCard } from './social-cards.ts';
import { planReport, unchangedPlan, type PlanReport } from './incremental/explain.ts';
import { loadedPages, siteView } from './incremental/pages.ts';
import { contentChanges, firstDifference, planPages, planRestores, restoreCandidates, type BuildPlan, type Look, type PagePlan } from './incremental/plan.ts';
import { familiesToLoad, scopedPages, siteFamilies } from './incremental/scope.ts';
import { stampsByPath, treeStamps } from './tree-stamps.ts';
import {
  besideStamps,
  lastBuild,
  lastPages,
  recordBuild,
  stillAsRecorded,
  stillBeside,
  unchangedSince,
  type BuildInputs,
  type LastPages,
  type UnchangedReport,
} from './unchanged-build.ts';
import { OutputWriter } from './writer.ts';

const encoder = new TextEncoder();
/** A rendered page's place in the inline code list until its page comes back from the render thread. */
const NO_INLINE: InlineCode = { scripts: [], styles: [], styleAttributes: false };
/** A recorded page's card plan: its card file is kept as the last build wrote it (incremental/scope.ts). */
const NO_CARD: Awaited<ReturnType<typeof planCard>> = {};
/** Modules only the contact submit loads (the backend client): reported apart from what pages hydrate. */
export const SUBMIT_ENTRIES = ['src/islands/contact-form/send.ts'];

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  env?: ContentEnv;
  /** Where deterministic steps keep their results; default `node_modules/.cache/site` (see cache/). */
  cache?: BuildCache;
  /**
   * Use and keep the page cache (content memo and output manifest in `cache`) for warm builds into the same
   * folder, as `site build` does. Off by default: builds into a temporary folder (`site check`, tests) would
   * only leave entries behind.
   */
  pageCache?: boolean;
  /** With the page cache: ignore what earlier builds left and build everything; the result is stored for the next build. */
  fresh?: boolean;
  /** Names the generator's code in the page cache (default: generatorId()); tests change it to stand for a code edit. */
  generator?: string;
  /** The moment the site is built for and whether drafts show (default: now, no drafts); see content/publishing.ts. */
  publication?: Publication;
  /**
   * Whether the build writes the files it generates into the project beside the output (the contact function's
   * language list): `site build` does; `site check`, a CI gate, must leave the tree as it found it (default).
   */
  projectFiles?: 'write' | 'leave';
}

/** How the pages came about: rendered, reused from the page cache (not rendered, not written), removed (routes gone since the last build). */
export interface PageCounts {
  rendered: number;
  reused: number;
  removed: number;
}

export interface RouteReport {
  route: string;
  file: string;
  /** gzip bytes a visitor downloads, by moment (see PageWeight). */
  weight: PageWeight;
  /** Figures over the route's budget in content/check.yaml. */
  overBudget: BudgetOverrun[];
}

export interface BuildReport {
  outDir: string;
  routes: RouteReport[];
  /** URL of the stylesheet every page links. */
  css: string;
  /** URL of the island loader, the one script pages load up front. */
  loader: string;
  /** One error per figure over budget (the files are written all the same, for inspection). */
  budgetErrors: SiteError[];
  pages: PageCounts;
  /** What the contact function is told about the privacy policy (the CLI writes it into supabase/functions). */
  privacy: PrivacyPolicyFacts;
  /** How many page files the build loaded: every one, fewer in a scoped build (incremental/scope.ts), none when nothing changed. */
  loadedPages: number;
  /** What the build did with each page and why, and the files of pages it removed (`site build --explain`). */
  plan: PlanReport;
}

/**
 * content → model → HTML per route + island bundle + CSS + SEO files, written to outDir (emptied
 * first; assets with a gzip and a brotli copy). Bundling and CSS depend on code only and run while
 * the content loads. Pages are written as they are rendered, so a build holds a few pages in memory,
 * not all, and the disk works while the next page renders.
 */
export async function buildSite(options: BuildOptions): Promise<Result<BuildReport>> {
  const guard = guardOutDir(options.outDir, options.contentDir);
  if (guard) return { ok: false, errors: [guard] };
  const cache = options.cache ?? defaultBuildCache();
  const outDir = path.resolve(options.outDir);
  // Without a cache there is nowhere to keep what this build did: every build is cold.
  const cached = options.pageCache === true && cache !== noCache;
  const generator = options.generator ?? (cached ? await generatorId() : '');
  const publication = options.publication ?? { at: new Date(), drafts: false };
  const inputs: BuildInputs = { contentDir: options.contentDir, outDir, generator, env: options.env ?? {}, drafts: publication.drafts };
  // Nothing the last build read or wrote changed: it is this build (unchanged-build.ts), and nothing is loaded.
  const recorded = cached && !options.fresh ? await lastBuild(cache, inputs) : undefined;
  const unchanged = recorded && unchangedSince(recorded, inputs, publication.at);
  if (unchanged) return { ok: true, value: unchangedReport(options.outDir, unchanged) };
  // Started first: on a cache miss the islands are bundled (esbuild's own process) and the stylesheet compiled while the
  // content is stamped and loaded; the scripts' encodings start once they are bundled (encodeAhead).
  const codePending = codeAssets(cache, { encodeAhead: true });
  // A content error returns before the code assets are awaited: their failure must not go unhandled.
  codePending.catch(() => {});
  // The page cache's entries (megabytes at 10,000 pages) are read from disk while the content folder is stamped.
  const previousPending = cached && !options.fresh ? readBuildState(cache, options.contentDir, outDir, generator) : undefined;
  // Stamped before any content is read: a file written while this build runs is looked at again by the next.
  const contentStamps = cached ? treeStamps(path.resolve(options.contentDir), { racy: true, earlier: recorded?.content }) : undefined;
  const previous = (await previousPending) ?? {};
  const memo = new StoredContentMemo(path.resolve(options.contentDir), previous.content, contentStamps && stampsByPath(contentStamps));
  // The page cache describes the files it wrote: with no output there, or none recorded, the build starts from an empty folder.
  const last = previous.output && existsSync(outDir) ? previous.output : undefined;
  // Only page files changed: only their families and the site's are loaded, the other pages are recorded (incremental/scope.ts).
  const scope = recorded && contentStamps && last ? familiesToLoad(recorded, inputs, publication.at, contentStamps) : undefined;
  memo.limitTo(scope);
  // A build that stops at an error keeps what did load: the next build reads only the files being fixed.
  const failed = async (errors: SiteError[]): Promise<Result<BuildReport>> => {
    if (cached) await writeBuildState(cache, options.contentDir, outDir, generator, { content: memo.toStore() });
    return { ok: false, errors };
  };
  let [loaded, checkConfig] = await Promise.all([loadContent(options.contentDir, options.env, memo), loadCheckConfig(options.contentDir, memo)]);
  const budgets = textDigest(JSON.stringify(checkConfig.config.budgets));
  const known = (value: object) => memo.digestOf(value);
  // Each islands' props file in the output folder, read once a build: its text if it is the file its name says (named by
  // its content), else undefined (not there, or changed since it was written). A page is reused only with its files there.
  const propsInFolder = new Map<string, string | undefined>();
  const propsFile = (url: string) => {
    if (!propsInFolder.has(url)) propsInFolder.set(url, propsText(path.join(outDir, url), url));
    return propsInFolder.get(url);
  };
  // A reused page's HTML is the one the last build wrote, so its element sources are the last build's too: a page whose
  // entry that file lacks (deleted, damaged) is not reused, so the file written at the end has every page's entry. The
  // file is the last build's only while it has the stamp that build recorded: one put back from an earlier build
  // holds entries of HTML the pages no longer have.
  const sourcesAsWritten = !recorded || stillBeside(recorded, pageSourcesFile(outDir));
  const previousSources = cached && sourcesAsWritten ? await previousPageSources(options.outDir) : new Map<string, Buffer>();
  // The output folder as the plan sees it (incremental/plan.ts).
  const look: Look = {
    stamp: (file) => fileStampSync(path.join(outDir, file)),
    propsPresent: (url) => propsFile(url) !== undefined,
    sourcesPresent: (file) => previousSources.has(file),
  };
  // What is not live at the build's moment is left out (publishedModel) before anything reads the pages. A scoped build
  // goes on if its loaded pages, without an error, leave every other page as its line has it.
  const scoped =
    scope && recorded && last && loaded.ok && !checkConfig.errors.length
      ? await scopedPages(publishedModel(loaded.value, publication), scope, {
          recorded,
          inputs,
          last,
          outDir,
          generator,
          budgets,
          code: codePending,
          known,
          look,
        })
      : undefined;
  // Else the whole site loads: after an error in a loaded page too, so every error is reported at once (a route another page has, say).
  if (scope && !scoped) {
    memo.limitTo(undefined);
    loaded = await loadContent(options.contentDir, options.env, memo);
  }
  if (!loaded.ok || checkConfig.errors.length) return failed([...(loaded.ok ? [] : loaded.errors), ...checkConfig.errors]);
  // The pages loaded (live at the build's moment), and every page as the build makes it: loaded or, in a scoped build, recorded.
  const model = publishedModel(loaded.value, publication);
  const pages = scoped ?? loadedPages(model);
  const view = siteView(model, pages);
  const redirects = await loadRedirects(options.contentDir, model.site, memo);
  if (redirects.errors.length) return failed(redirects.errors);
  const images = await buildImages(model, options.contentDir, cache);
  // Planning a card reads nothing but an author's own image; drawing waits until its page is written.
  const cards = await Promise.all(pages.map((page) => (page.kind === 'recorded' ? NO_CARD : planCard(view, page.entry))));
  const assetErrors = [...images.errors, ...cards.flatMap((c) => (c.error ? [c.error] : []))];
  if (assetErrors.length) return failed(assetErrors);
  const code = await codePending;
  if (options.projectFiles === 'write') {
    await writeFunctionLocales(options.contentDir, model);
    await writeLeadNotificationTexts(options.contentDir, model);
  }

  const site = cached ? siteKey(view, code, generator, known) : '';
  // What the last build's record says of each page holds while the site part of the keys and the budgets are the same.
  const lastLines = recorded && lastPages(recorded, inputs, site, budgets);
  // A recorded page is built under the key its line names (a scoped build checked that the line holds).
  const keys = pages.map((page, index) =>
    !cached
      ? ''
      : page.kind === 'recorded'
        ? page.key
        : pageKey(view, page.entry, code, generator, known, {
            images: pageImageInputs(page.entry, images.images),
            socialImage: cards[index]!.card?.image.path,
          }),
  );
  const cold = !cached
    ? 'no page cache: a build into a temporary folder renders every page'
    : options.fresh
      ? '--no-cache: every page renders'
      : !last
        ? 'no earlier build into this output folder'
        : undefined;
  const changes = () => (recorded && contentStamps ? contentChanges(recorded.content, contentStamps) : undefined);
  // Pages are stored in the build cache as rendered; a fresh build (`--no-cache`) stores them but reuses none.
  const storedPages = cached && !options.fresh;
  const changedField = (entry: PageEntry) => {
    const before = memo.previousValue(entry.source);
    return isPageEntry(before) ? firstDifference(before.page, entry.page) : undefined;
  };
  const planned = planPages({ pages, keys, cold, manifest: last, sameSite: lastLines !== undefined, changes, changedField, look });
  const lookUp = storedPages ? await storedLookup(cache, restoreCandidates(planned)) : undefined;
  const plan = lookUp ? planRestores(planned, lookUp.has) : planned;

  const removeOldOutput = last ? undefined : await emptyOutDir(outDir);
  const writer = new OutputWriter(outDir, { intoEarlierBuild: last !== undefined });
  const next: OutputManifest = emptyManifest();
  const keep = new Set<string>();
  const counts: PageCounts = { rendered: 0, reused: 0, removed: 0 };
  const assetGzip = new Map<string, number>();
  // Page weights add up asset sizes: the assets (few, their encodings cached) are written first.
  await Promise.all([...code.files].map(async ([url, bytes]) => assetGzip.set(url, await writer.asset(url, bytes, cache, keep))));
  await Promise.all([...images.files].map(([url, bytes]) => writer.asset(url, bytes, cache, keep)));
  const { islands } = code;
  const scripts = islandScripts(islands.loader, islands.graph, SUBMIT_ENTRIES);
  const inline: InlineCode[] = [];
  const written: Promise<RouteReport>[] = [];
  const report = (page: { route: string; file: string }, record: PageRecord): RouteReport => {
    const weight = pageWeight(record.refs, record.htmlGzip, islands.graph, scripts, (url) => assetGzip.get(url) ?? record.islandProps[url] ?? 0);
    return { route: page.route, file: page.file, weight, overBudget: overBudget(weight, budgetFor(checkConfig.config, page.route)) };
  };
  const elementSources: [string, PageSources['pages'][string] | Buffer][] = [];
  const cardWrites: Promise<void>[] = [];
  let restored = 0;
  const superseded: string[] = [];
  // A key read from the manifest names a file in the cache: only a digest may (a damaged manifest could say anything).
  const supersede = (old: unknown) => void (isCacheKey(old) && superseded.push(old));
  // Each page's social card file as the manifest records it: output-relative path, and its stamp once written or kept.
  const cardFiles = new Map<string, { path: string; stamp: string }>();
  // Islands' props files (render/Island.tsx), each written once a build: the pages of a locale share them.
  const propsWrites = new Map<string, Promise<number>>();
  const writeProps = async (files: Iterable<[string, string]>): Promise<Record<string, number>> =>
    Object.fromEntries(
      await Promise.all(
        [...files].map(async ([url, json]) => {
          let write = propsWrites.get(url);
          if (!write) propsWrites.set(url, (write = writer.asset(url, encoder.encode(json), cache, keep)));
          return [url, await write] as const;
        }),
      ),
    );
  const renderThread = new RenderThread({ model: view, code, images: images.images });
  const rendered: Promise<unknown>[] = [];
  const renderHere = async (entry: PageEntry, socialImage: SocialImage | undefined) => {
    await loadRenderer();
    return renderPage(view, entry, code, { images: images.images, socialImage });
  };
  // What the build did with each page: the plan, with a restore whose stored HTML was refused when read turned into a render.
  const done: PagePlan[] = [];
  const restoring = lookUp?.ahead(plan);
  // The render thread ends whether the pages render or one fails: a failed build must exit too.
  try {
    for (const [index, planned] of plan.pages.entries()) {
      const { file, route, key } = planned;
      const target = path.join(outDir, file);
      keep.add(file);
      let page = planned;
      if (page.kind === 'unloaded') {
        // Its card file was checked as recorded before anything rendered (scope.ts): it stays.
        if (page.record.cardPath) keep.add(page.record.cardPath);
      }
      const card = cards[index]!.card;
      if (card) {
        const cardPath = card.image.path.slice(1);
        keep.add(cardPath);
        const cardFile = path.join(outDir, card.image.path);
        // A reused page's card is the file the last build wrote, if it still has the stamp it was written with: the URL
        // is a hash of the card's inputs, so the same URL is the same card. Else it is drawn (or read from the build cache).
        if (page.kind === 'reuse' && page.record.card !== undefined && page.record.card === fileStampSync(cardFile))
          cardFiles.set(file, { path: cardPath, stamp: page.record.card });
        else
          cardWrites.push(
            card
              .bytes(cache)
              .then((bytes) => writer.file(card.image.path, bytes))
              .then(() => void cardFiles.set(file, { path: cardPath, stamp: fileStampSync(cardFile) ?? '' })),
          );
      }
      if (page.kind === 'reuse' || page.kind === 'unloaded') {
        const { record } = page;
        done.push(page);
        counts.reused++;
        elementSources.push([file, previousSources.get(file) ?? Buffer.alloc(0)]);
        next.pages[file] = record;
        inline.push(record.inline);
        // Built under the key the last build's line has: that line is its report line (lastPages).
        const weight = lastLines?.weightUnder(file, key);
        const line = weight ? { route, file, weight, overBudget: [] } : report(page, record);
        // The props files are written again from the folder's own (each once a build, writeProps), which leaves them as
        // they are unless an encoding beside one is missing or changed.
        const props = Object.keys(record.islandProps).flatMap((url): [string, string][] => {
          const text = propsFile(url);
          return text === undefined ? [] : [[url, text]];
        });
        written.push(props.length ? writeProps(props).then(() => line) : Promise.resolve(line));
        continue;
      }
      const { entry } = page;
      // The last version of this page in this folder will not be asked for again: its stored HTML goes.
      const lastKey = page.record?.key;
      if (lastKey !== key) supersede(lastKey);
      // Not in the output folder as written, but in the build cache (a CI job that restored the cache, not `dist/`).
      const stored = page.kind === 'restore' ? await restoring!(index) : undefined;
      if (page.kind === 'restore' && !stored) page = { ...page, kind: 'render', reason: `${page.reason}, but refused it as damaged` };
      done.push(page);
      if (stored) {
        counts.reused++;
        restored++;
        inline.push(stored.inline);
        elementSources.push([file, entryText(stored.sources)]);
        await writer.ready();
        written.push(
          Promise.all([writer.file(`/${file}`, stored.bytes), writeProps(Object.entries(stored.islandProps))]).then(([, islandProps]): RouteReport => {
            const fresh: PageRecord = {
              key,
              stamp: fileStampSync(target) ?? '',
              htmlGzip: stored.htmlGzip,
              refs: stored.refs,
              inline: stored.inline,
              islandProps,
            };
            next.pages[file] = fresh;
            return report(entry, fresh);
          }),
        );
        continue;
      }
      counts.rendered++;
      if (counts.rendered > BEFORE_RENDER_THREAD) renderThread.startIfIdle();
      await writer.ready();
      // Handed to the render thread while it has room, else rendered here; either way the page keeps its place in the
      // lists below, so the element sources and the policy come out in page order whichever thread rendered it.
      const socialImage = card?.image;
      const rendering = renderThread.free ? renderThread.render(entry, socialImage) : Promise.resolve(await renderHere(entry, socialImage));
      const slot = inline.push(NO_INLINE) - 1;
      const sourcesSlot = elementSources.push([file, Buffer.alloc(0)]) - 1;
      const back = rendering.then((rendered) => {
        inline[slot] = rendered.inline;
        const sources = pageSourcesEntry(rendered);
        const sourcesText = entryText(sources[1]);
        elementSources[sourcesSlot] = [sources[0], sourcesText];
        return { rendered, sourcesText };
      });
      // Awaited before the site files, as nothing but done: the promise would keep the page's bytes until the build ends.
      rendered.push(back.then(() => undefined));
      written.push(
        back.then(async ({ rendered: { bytes, refs, inline: pageInline, islandProps: pageProps }, sourcesText }) => {
          const store = cached
            ? await pageCacheEntry(cache, key, bytes, { refs, inline: pageInline, islandProps: Object.fromEntries(pageProps) }, sourcesText.toString('utf8'))
            : undefined;
          // The report is made as soon as the page is written: what a page's HTML links is read from substrings that
          // would keep the whole page in memory if kept until the end.
          return Promise.all([writer.page(`/${file}`, bytes, store), writeProps(pageProps)]).then(([htmlGzip, islandProps]): RouteReport => {
            const fresh: PageRecord = { key, stamp: fileStampSync(target) ?? '', htmlGzip, refs, inline: pageInline, islandProps };
            next.pages[file] = fresh;
            return report(entry, fresh);
          });
        }),
      );
    }
    // The site's policy reads every page's inline code: the pages still on the render thread come back first.
    await Promise.all(rendered);
  } finally {
    await renderThread.stop();
  }
  // A small edit leaves the sitemap, robots.txt and _headers as the last build wrote them (sameSiteFiles): they stay.
  const keptSeo =
    lastLines &&
    last &&
    recorded &&
    sameSiteFiles(view, keys, inline, lastLines, last) &&
    stillAsRecorded(
      recorded,
      outDir,
      SEO_FILES.map((url) => url.slice(1)),
    );
  if (keptSeo) for (const url of SEO_FILES) keep.add(url.slice(1));
  const seo = keptSeo ? undefined : seoFiles(view, sitePolicy(view, inline, code));
  // vercel.json and the nginx include carry _headers' rules: a kept _headers is read back (a few KB) rather than made.
  const headersText = seo?.get('/_headers') ?? (await readFile(path.join(outDir, '_headers'), 'utf8'));
  const siteFiles = [...(seo ?? []), ...redirectFiles(view, redirects.redirects, code.cssUrl), ...hostFiles(view, headersText, redirects.redirects)];
  await Promise.all(
    siteFiles.map(([url, text]) => {
      keep.add(url.slice(1));
      return writer.file(url, encoder.encode(text));
    }),
  );
  const routes = await Promise.all(written);
  await Promise.all(cardWrites);
  // The assets' brotli copies, written while the pages rendered (writer.asset).
  await writer.encoded();
  for (const [file, card] of cardFiles) {
    const record = next.pages[file];
    if (record) next.pages[file] = { ...record, card: card.stamp, cardPath: card.path };
  }
  // Listed once, when everything is written: what is not this build's goes, and the rest is stamped for the next build.
  // A page file's stamp is the manifest's (checked before reuse, or taken right after writing), not stated again; into
  // an emptied folder, every file there is one this build wrote (`keep`), so the stamping walk lists nothing.
  const pageStamp = (file: string) => next.pages[file]?.stamp;
  let listed = removeOldOutput ? undefined : treeStamps(outDir, { earlier: recorded?.output, stated: pageStamp });
  if (removeOldOutput) await removeOldOutput();
  else {
    const gone = await removeOthers(
      outDir,
      keep,
      (listed ?? []).filter((_, i) => i % 2 === 0),
    );
    // Removing changed the stamps of the folders it removed from (a route vanished, a stray file went).
    if (gone.length) listed = undefined;
    const removed = gone.filter((file) => last?.pages[file]);
    counts.removed = removed.length;
    for (const file of removed) supersede(last?.pages[file]?.key);
  }
  // Stored HTML of pages this folder no longer has (another folder with the same page would render it again).
  if (cached && cache.remove) await Promise.all(superseded.map((old) => cache.remove!(PAGE_KIND, old)));
  // Nothing rendered, restored or removed: the stored manifest already says all this (10,000 records are megabytes to rewrite).
  const same =
    last && counts.rendered === 0 && restored === 0 && counts.removed === 0 && cardWrites.length === 0 && Object.keys(last.pages).length === counts.reused;
  // The element sources beside the folder likewise: every entry came from that file (10,000 pages' are megabytes).
  if (!same || previousSources.size !== elementSources.length) await writePageSources(options.outDir, elementSources);
  if (cached)
    await writeBuildState(cache, options.contentDir, outDir, generator, { content: memo.toStore(), output: same ? undefined : next, carriedFrom: last });
  const value: BuildReport = {
    outDir: options.outDir,
    routes: routes.sort((a, b) => a.route.localeCompare(b.route)),
    css: code.cssUrl,
    loader: islands.loader,
    budgetErrors: budgetErrors(routes, checkConfig.config, checkConfig.source),
    pages: counts,
    privacy: privacyPolicyFacts(model),
    loadedPages: loaded.value.pages.length,
    plan: planReport({ ...plan, pages: done }),
  };
  if (cached) {
    // A build with figures over budget is not recorded: its errors point into check.yaml, which only a loaded build can do.
    const content = value.budgetErrors.length === 0 && contentStamps;
    // Beside the folders: the element sources, and the function's locales with the folder that decides whether they are written.
    const project = path.dirname(path.resolve(options.contentDir));
    const beside = besideStamps([pageSourcesFile(outDir), path.join(project, 'supabase/functions'), path.join(project, FUNCTION_LOCALES_FILE)]);
    const families = siteFamilies(loaded.value.pages, (source) => memo.hasVerbatim(source));
    const stamps = content
      ? {
          window: publishingWindow(loaded.value, publication.at),
          content,
          output: listed ?? treeStamps(outDir, { stated: pageStamp, written: removeOldOutput && keep }) ?? [],
          beside,
          site,
          budgets,
          siteFamilies: families,
        }
      : undefined;
    const byFile = new Map(view.pages.map((summary, index) => [summary.file, { key: keys[index] ?? '', facts: siteFacts(summary) }]));
    await recordBuild(cache, inputs, stamps, value, { key: (file) => byFile.get(file)?.key ?? '', facts: (file) => byFile.get(file)?.facts ?? '' }, lastLines);
  }
  return { ok: true, value };
}

/**
 * Whether the sitemap, robots.txt and _headers would come out as the last build (its record `lastLines`, its manifest
 * `last`) made them: the same files with the same routes, each page built under the key it had then or with the facts
 * (siteFacts) and inline code it had then. Checked before making them, so a one-page edit of 10,000 pages does not
 * make megabytes of text to find them unchanged.
 */
function sameSiteFiles(model: SiteView, keys: readonly string[], inline: readonly InlineCode[], lastLines: LastPages, last: OutputManifest): boolean {
  if (model.pages.length !== lastLines.size) return false;
  return model.pages.every((entry, index) => {
    const { file } = entry;
    if (lastLines.route(file) !== entry.route) return false;
    const key = lastLines.key(file);
    if (key === keys[index]) return true;
    // The manifest's inline code is the last build's when its record has the key the last build's line has.
    const record = last.pages[file];
    return (
      record !== undefined &&
      record.key === key &&
      lastLines.facts(file) === siteFacts(entry) &&
      JSON.stringify(record.inline) === JSON.stringify(inline[index])
    );
  });
}

/** The report of a build that found nothing changed since the last one: every page reused. */
function unchangedReport(outDir: string, report: UnchangedReport): BuildReport {
  const routes = report.routes.map((r): RouteReport => ({ ...r, overBudget: [] }));
  return {
    outDir,
    routes,
    css: report.css,
    loader: report.loader,
    budgetErrors: [],
    pages: { rendered: 0, reused: routes.length, removed: 0 },
    privacy: report.privacy,
    loadedPages: 0,
    plan: unchangedPlan(routes),
  };
}

/** Stored pages looked up at once: as many as the writer writes at once. */
const LOOKUP_AHEAD = 16;

/** What the build cache holds of the pages a plan would render: which keys, and each page's stored HTML when asked for. */
interface StoredLookup {
  has: (key: string) => boolean;
  /** The stored page of the plan's page at an index (a restore), undefined when its entry is refused as read. */
  ahead: (plan: BuildPlan) => (index: number) => Promise<StoredPage | undefined>;
}

/**
 * The pages stored under `candidates` (the keys of the pages a plan renders). Many (a cold build, a code change): the
 * stored keys listed once, so a cold build with an empty cache opens no file per page, and each restored page read a
 * few pages ahead of the one asked for (a read waits for a file open on the thread pool); an entry listed may still be
 * refused when read. Few (a small edit): read now. A cache that cannot list reads each now, keeping none of many in memory.
 */
async function storedLookup(cache: BuildCache, candidates: readonly string[]): Promise<StoredLookup> {
  if (candidates.length > LOOKUP_AHEAD && cache.keys) {
    const listed = new Set(await cache.keys(PAGE_KIND));
    return { has: (key) => listed.has(key), ahead: (plan) => readAhead(cache, plan) };
  }
  const few = candidates.length <= LOOKUP_AHEAD;
  const found = new Map<string, StoredPage | undefined>();
  for (let at = 0; at < candidates.length; at += LOOKUP_AHEAD) {
    const batch = candidates.slice(at, at + LOOKUP_AHEAD);
    const pages = await Promise.all(batch.map((key) => storedPage(cache, key)));
    batch.forEach((key, i) => pages[i] && found.set(key, few ? pages[i] : undefined));
  }
  return {
    has: (key) => found.has(key),
    ahead: (plan) => (few ? (index) => Promise.resolve(found.get(plan.pages[index]?.key ?? '')) : readAhead(cache, plan)),
  };
}

/** Each restore's stored page, looked up when asked for and for the next few restores, so reads overlap the build. */
function readAhead(cache: BuildCache, plan: BuildPlan): (index: number) => Promise<StoredPage | undefined> {
  const lookups = new Map<number, Promise<StoredPage | undefined>>();
  let next = 0;
  return (index) => {
    for (next = Math.max(next, index + 1); next < Math.min(index + LOOKUP_AHEAD, plan.pages.length); next++) {
      const page = plan.pages[next];
      if (page?.kind === 'restore') lookups.set(next, storedPage(cache, page.key));
    }
    const lookup = lookups.get(index) ?? storedPage(cache, plan.pages[index]?.key ?? '');
    lookups.delete(index);
    return lookup;
  };
}

/** Over-budget figures as errors located at the budget that applies (the route's override, else the default). */
function budgetErrors(routes: readonly RouteReport[], config: CheckConfig, source: YamlSource | undefined): SiteError[] {
  return routes.flatMap(({ route, overBudget }) =>
    overBudget.map((overrun) => {
      const { kind } = overrun;
      const where = config.budgets.routes[route]?.[kind] !== undefined ? ['budgets', 'routes', route, kind] : ['budgets', 'default', kind];
      return new SiteError({
        code: 'budget',
        ...describeOverrun(route, overrun),
        // Without content/check.yaml there are no budgets, so an overrun always has a source.
        location: source && locate(source, where),
        hint: 'make the page lighter, or raise the budget in content/check.yaml with a reason; `site check` names the files counted',
      });
    }),
  );
}

/** Whether a value the content memo kept is a page entry (JSON as stored: anything, if damaged). */
function isPageEntry(value: unknown): value is PageEntry {
  return typeof value === 'object' && value !== null && 'page' in value && typeof value.page === 'object' && value.page !== null;
}
