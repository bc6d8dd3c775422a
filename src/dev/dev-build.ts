import { buildImages, pageImageInputs } from '../assets/images.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import { loadContent, type ContentEnv } from '../content/load.ts';
import { ContentMemo } from '../content/memo.ts';
import { publishedModel } from '../content/publishing.ts';
import type { PageEntry, SiteModel } from '../content/model.ts';
import type { SiteError } from '../errors/site-error.ts';
import { seoFiles } from '../output/seo-files.ts';
import { alternates } from '../render/context.ts';
import { codeAssets, loadRenderer, renderPage, sitePolicy, type CodeAssets, type RenderedPage } from '../output/site-render.ts';

/** The built site in memory, by URL, as `site dev` serves it. */
export type SiteFiles = Map<string, Uint8Array>;

export type DevBuildResult = { ok: true; files: SiteFiles; changed: string[]; rendered: number } | { ok: false; errors: SiteError[] };

/** What a page's HTML depends on in the model: when all of these are the same objects, so is its HTML. */
function inputsOf(model: SiteModel, entry: PageEntry, images: string): readonly unknown[] {
  return [model.site, model.locales[entry.locale], images, ...alternates(model, entry)];
}

/**
 * Builds the site in memory and rebuilds it after content edits, re-rendering only pages whose inputs
 * changed: the content memo keeps unchanged files' objects, so a page's inputs are the same objects
 * unless its own file, a translation of it, its locale's UI strings or site.yaml changed. Code assets
 * (scripts, CSS, shell) are made once: code edits restart `site dev` instead.
 */
export class DevBuilder {
  private code?: Promise<CodeAssets>;
  private readonly pages = new Map<string, { inputs: readonly unknown[]; page: RenderedPage }>();
  private files: SiteFiles = new Map();
  /** Shared with the /admin editor, whose validation of an unsaved edit leaves its parsed file here for the rebuild. */
  readonly memo = new ContentMemo();
  /** Unsaved edits of the /admin editor (content-relative file → text), built as if they were the files. */
  readonly unsavedEdits = new Map<string, string>();

  constructor(
    private readonly contentDir: string,
    private readonly env: ContentEnv,
    private readonly cache: BuildCache,
  ) {}

  async rebuild(): Promise<DevBuildResult> {
    this.code ??= codeAssets(this.cache);
    const loaded = await loadContent(this.contentDir, this.env, this.memo, this.unsavedEdits);
    if (!loaded.ok) return { ok: false, errors: loaded.errors };
    // Drafts and scheduled pages show in `site dev`, labelled and noindex (content/publishing.ts).
    const model = publishedModel(loaded.value, { at: new Date(), drafts: true });
    const [code, images] = await Promise.all([this.code, buildImages(model, this.contentDir, this.cache), loadRenderer()]);
    if (images.errors.length) return { ok: false, errors: images.errors };
    let rendered = 0;
    const pages = model.pages.map((entry) => {
      const inputs = inputsOf(model, entry, pageImageInputs(entry, images.images));
      const previous = this.pages.get(entry.route);
      if (previous && previous.inputs.length === inputs.length && previous.inputs.every((input, i) => input === inputs[i])) return previous.page;
      rendered++;
      const page = renderPage(model, entry, code, { images: images.images });
      this.pages.set(entry.route, { inputs, page });
      return page;
    });
    const routes = new Set(model.pages.map((p) => p.route));
    for (const route of this.pages.keys()) if (!routes.has(route)) this.pages.delete(route);

    const files: SiteFiles = new Map([...code.files, ...images.files]);
    for (const page of pages) files.set(`/${page.entry.file}`, page.bytes);
    for (const [url, text] of seoFiles(model, sitePolicy(model, pages.map((p) => p.inline), code))) files.set(url, new TextEncoder().encode(text));
    const changed = pages.filter((p) => !sameBytes(this.files.get(`/${p.entry.file}`), files.get(`/${p.entry.file}`))).map((p) => p.entry.route);
    this.files = files;
    return { ok: true, files, changed, rendered };
  }
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  return !!a && !!b && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}
