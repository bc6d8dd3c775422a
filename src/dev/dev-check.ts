import type { ContentEnv } from '../content/load.ts';
import { publishedModel } from '../content/publishing.ts';
import { findingSource } from '../check/element-source.ts';
import { finding, sortFindings, type Finding } from '../check/finding.ts';
import { parseHtml, type HtmlElement } from '../check/html.ts';
import { checkLinks, checkPageAlone } from '../check/output.ts';
import { checkSources, type CheckRun } from '../check/run.ts';
import { checkHreflang } from '../check/seo.ts';
import { SiteIndex, type BuiltPage } from '../check/site-index.ts';
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
  private parsed = new WeakMap<Uint8Array, { html: string; dom: HtmlElement }>();
  private alone = new WeakMap<Uint8Array, Finding[]>();
  /** check.yaml's noindex list feeds the head rules: when it changes, no kept finding holds. */
  private configKey = '';

  constructor(
    private readonly contentDir: string,
    private readonly env: ContentEnv,
  ) {}

  /**
   * Every finding of the content and, given the build's files, of its pages; undefined once `stale` says
   * a newer edit came (checked between steps: the rebuild it causes goes first, and checks again).
   */
  async check(files?: SiteFiles, stale: () => boolean = () => false): Promise<CheckRun | undefined> {
    const { findings, model, sources, config } = await checkSources({ contentDir: this.contentDir, env: this.env });
    if (stale()) return undefined;
    const done = (routes: number): CheckRun => ({
      findings: sortFindings(findings),
      routes,
      contentDir: this.contentDir,
      ...(files ? { output: { dir: 'memory', built: true } } : {}),
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
    const pages: { page: BuiltPage; bytes: Uint8Array }[] = [];
    for (const entry of shown.pages) {
      const bytes = files.get(`/${entry.file}`);
      if (!bytes) continue;
      let parsed = this.parsed.get(bytes);
      if (!parsed) {
        const html = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
        parsed = { html, dom: parseHtml(html) };
        this.parsed.set(bytes, parsed);
      }
      pages.push({ page: { entry, ...parsed }, bytes });
    }
    const site = new SiteIndex(
      shown,
      new Set([...files.keys()].map((url) => url.slice(1))),
      pages.map((p) => p.page),
      config.noindex,
    );
    const output: Finding[] = [];
    for (const { page, bytes } of pages) {
      // The server shares this process: let it answer requests and take edits between pages.
      await new Promise((resolve) => setImmediate(resolve));
      if (stale()) return undefined;
      output.push(...checkLinks(page, site));
      let alone = this.alone.get(bytes);
      if (!alone) {
        alone = await checkPageAlone(page, site);
        this.alone.set(bytes, alone);
      }
      output.push(...alone);
    }
    output.push(
      ...checkHreflang(
        pages.map((p) => p.page),
        site,
      ),
    );
    const bytesOf = new Map(pages.map((p) => [p.page.entry.route, p.bytes]));
    const elements = (route: string | undefined) => {
      const bytes = route === undefined ? undefined : bytesOf.get(route);
      return bytes && elementsOf(bytes);
    };
    findings.push(...output.map((f) => finding({ ...f, offset: undefined, source: findingSource(f, shown, sources, elements(f.route)) })));
    return done(pages.length);
  }
}
