import { getHeapStatistics } from 'node:v8';
import type { ContentEnv, UnsavedEdits } from '../content/load.ts';
import type { ContentMemo } from '../content/memo.ts';
import { publishedModel } from '../content/publishing.ts';
import { findingSource } from '../check/element-source.ts';
import { BoundedFindings, finding, sortFindings, type Finding } from '../check/finding.ts';
import { parseHtml } from '../check/html.ts';
import { checkLinks, checkPageAlone } from '../check/output.ts';
import { checkSourcesUnless, type CheckRun } from '../check/run.ts';
import { checkHreflang } from '../check/seo.ts';
import { pageFacts, SiteIndex, type IndexedPage, type PageFacts } from '../check/site-index.ts';
import { elementsOf } from '../output/site-render.ts';
import type { SiteFiles } from './dev-build.ts';

/**
 * `site check`'s rules after each `site dev` rebuild, on the in-memory build: check.yaml, the loader's
 * errors and every content rule (claims, placeholders, families, locale keys, anchors in the YAML), then
 * the output rules of each page (links, anchors, head, images, figures, structured data, HTML validity)
 * and hreflang across pages. The page-alone rules run only for pages whose HTML changed: their findings
 * are kept by the page's bytes, which the dev build hands back unchanged for pages it did not re-render.
 * Not run here: budgets and the sitemap, which measure the written, compressed output (`site check`).
 */
export class DevChecker {
  /** What the rules across pages read of each page (site-index.ts), by its bytes: never its DOM, which is let go. */
  private facts = new WeakMap<Uint8Array, PageFacts>();
  private alone = new WeakMap<Uint8Array, Finding[]>();
  /** check.yaml's noindex list feeds the head rules: when it changes, no kept finding holds. */
  private configKey = '';

  constructor(
    private readonly contentDir: string,
    private readonly env: ContentEnv,
    /** The editor's unsaved edits, which the build on screen was made with (the content read as they say). */
    private readonly unsaved?: UnsavedEdits,
    /**
     * The dev build's memo: the content rules read the files it built as it parsed and validated them. A second
     * load of 10,000 pages held about a gigabyte while the check ran.
     */
    private readonly memo?: ContentMemo,
  ) {}

  /**
   * The content's findings and, given the build's files, its pages', at most FINDINGS_PER_CODE of each code (the rest
   * counted); undefined once `stale` says a newer edit came (checked between steps: the rebuild it causes goes first,
   * and checks again).
   */
  async check(files?: SiteFiles, stale: () => boolean = () => false): Promise<CheckRun | undefined> {
    const collect = garbageBound(CHECK_GARBAGE_BYTES);
    // Between the content rules' steps the server answers requests and takes edits; an edit ends this check at once.
    const stop = () =>
      new Promise<boolean>((resolve) =>
        setImmediate(() => {
          collect();
          resolve(stale());
        }),
      );
    const checked = await checkSourcesUnless({ contentDir: this.contentDir, env: this.env, unsaved: this.unsaved, memo: this.memo }, stop);
    if (!checked || stale()) return undefined;
    const { findings, model, sources, config } = checked;
    const bounded = new BoundedFindings(FINDINGS_PER_CODE);
    bounded.add(findings);
    const done = (routes: number): CheckRun => ({
      findings: sortFindings(bounded.shown),
      routes,
      contentDir: this.contentDir,
      ...(files ? { output: { dir: 'memory', built: true } } : {}),
      omitted: bounded.omitted(),
    });
    if (!model || !files) return done(0);
    // The pages as `site dev` built them: drafts and scheduled pages shown, labelled and noindex (a new page from the
    // editor is a draft, and its noindex is no error).
    const shown = publishedModel(model, { at: new Date(), drafts: true });
    const key = JSON.stringify(config);
    if (key !== this.configKey) {
      this.configKey = key;
      this.alone = new WeakMap();
    }
    const site = new SiteIndex(shown, new Set([...files.keys()].map((url) => url.slice(1))), [], config.noindex);
    const pages: { page: IndexedPage; bytes: Uint8Array }[] = [];
    const output: Finding[] = [];
    const keep = (found: Iterable<Finding>) => {
      const before = bounded.shown.length;
      bounded.add(found);
      output.push(...bounded.shown.splice(before));
    };
    const strings = new Map<string, string>();
    // Each page parsed only when its bytes are new, and its DOM let go at once: its facts and page-alone findings stay.
    for (const entry of shown.pages) {
      collect();
      const bytes = files.get(`/${entry.file}`);
      if (!bytes) continue;
      // The server shares this process: let it answer requests and take edits between pages.
      await new Promise((resolve) => setImmediate(resolve));
      if (stale()) return undefined;
      let facts = this.facts.get(bytes);
      let alone = this.alone.get(bytes);
      if (!facts || !alone) {
        const html = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
        const dom = parseHtml(html);
        if (!facts) this.facts.set(bytes, (facts = sharedStrings(pageFacts(dom), strings)));
        // Copied, as the facts are: the findings' strings may be slices of the page's HTML.
        if (!alone) this.alone.set(bytes, (alone = structuredClone(await checkPageAlone({ entry, html, dom }, site))));
      }
      const page = { entry, facts };
      site.add(page);
      pages.push({ page, bytes });
      keep(alone);
    }
    for (const [i, { page }] of pages.entries()) {
      if (i % LINK_PAGES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      if (stale()) return undefined;
      keep(checkLinks(page, site));
    }
    keep(
      checkHreflang(
        pages.map((p) => p.page),
        site,
      ),
    );
    const bytesOf = new Map(pages.map((p) => [p.page.entry.route, p.bytes]));
    const elements = (route: string | undefined) => {
      const bytes = route === undefined ? undefined : bytesOf.get(route);
      return bytes && elementsOf(bytes);
    };
    bounded.shown.push(...output.map((f) => finding({ ...f, offset: undefined, source: findingSource(f, shown, sources, elements(f.route)) })));
    return done(pages.length);
  }
}

/** Findings of one code and severity `site dev` shows: a broken link in a shared footer is one fix, not 10,000. */
export const FINDINGS_PER_CODE = 20;
/** Pages whose links are checked between two turns of the event loop (the server's requests wait no longer). */
const LINK_PAGES_PER_TURN = 200;

/**
 * The facts with each string shared with the equal ones of the pages read before: the header's, footer's and head's
 * links are the same on every page, and `site dev` keeps every page's facts between checks.
 */
function sharedStrings(facts: PageFacts, strings: Map<string, string>): PageFacts {
  const one = (value: string) => {
    const known = strings.get(value);
    if (known !== undefined) return known;
    strings.set(value, value);
    return value;
  };
  for (const link of facts.links) Object.assign(link, { url: one(link.url), element: one(link.element) });
  for (const alternate of facts.alternates) Object.assign(alternate, { lang: one(alternate.lang), href: one(alternate.href), element: one(alternate.element) });
  return { ...facts, lang: one(facts.lang), ids: new Set([...facts.ids].map(one)) };
}

/** Garbage the check may leave before it collects it, where it can (`garbageBound`). */
export const CHECK_GARBAGE_BYTES = 64 * 2 ** 20;

/**
 * A function that collects garbage at once and again whenever the heap in use has grown `budget` bytes past what was in
 * use after its last collection. Parsing every page's HTML makes garbage that outlives V8's young generation, and V8 lets the heap grow
 * to several times what is live before it collects (at 1,000 pages, 374 MiB of heap for about 100 MiB live). Only where
 * `gc` is exposed (the supervisor starts `site dev` with --expose-gc); elsewhere V8 decides alone.
 */
export function garbageBound(
  budget: number,
  gc = (globalThis as { gc?: () => void }).gc,
  used: () => number = () => getHeapStatistics().used_heap_size,
): () => void {
  if (!gc) return () => {};
  // What the rebuild before left is garbage too: the floor is what is live, not what V8 has not yet collected.
  gc();
  let floor = used();
  return () => {
    if (used() < floor + budget) return;
    gc();
    floor = used();
  };
}
