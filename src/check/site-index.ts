import type { PageEntry, SiteModel } from '../content/model.ts';
import { isIndexable } from '../content/routes.ts';
import type { HtmlElement } from './html.ts';

/** One built page: its model entry, its HTML and DOM. */
export interface BuiltPage {
  entry: PageEntry;
  html: string;
  dom: HtmlElement;
}

/** Lookups over the whole build: which paths exist, which ids each page has. */
export class SiteIndex {
  readonly base: string;
  private readonly byFile = new Map<string, BuiltPage>();
  private readonly ids = new Map<string, Set<string>>();

  private readonly required: Set<string>;

  constructor(
    readonly model: SiteModel,
    readonly files: Set<string>,
    pages: BuiltPage[],
    requiredNoindex: readonly string[] = [],
  ) {
    this.required = new Set(requiredNoindex);
    this.base = model.site.baseUrl.replace(/\/+$/, '');
    for (const page of pages) {
      this.byFile.set(page.entry.file, page);
      this.ids.set(page.entry.file, new Set(page.dom.querySelectorAll('[id]').map((el) => el.getAttributeValue('id') ?? '')));
    }
  }

  /** The output file a site path is served from, or undefined (the static server's rules). */
  fileFor(urlPath: string): string | undefined {
    const clean = decodeURIComponent(urlPath).replace(/^\/+/, '');
    if (clean === '') return this.files.has('index.html') ? 'index.html' : undefined;
    if (this.files.has(clean)) return clean;
    const index = `${clean.replace(/\/+$/, '')}/index.html`;
    return this.files.has(index) ? index : undefined;
  }

  /** Site path of an absolute URL on this site, or undefined when it points elsewhere. */
  internalPath(href: string): string | undefined {
    if (href.startsWith('/') && !href.startsWith('//')) return href;
    if (href === this.base || href.startsWith(`${this.base}/`) || href.startsWith(`${this.base}#`)) return href.slice(this.base.length) || '/';
    return undefined;
  }

  /** Whether a route must stay out of search engines: noindex in its page file, the 404 page, or listed in check.yaml. */
  isNoindex(entry: PageEntry): boolean {
    return !isIndexable(entry.route, entry.page.meta.noindex) || this.required.has(entry.route);
  }

  /** Listed in check.yaml as noindex although the page file does not say so. */
  requiredOnly(entry: PageEntry): boolean {
    return this.required.has(entry.route) && isIndexable(entry.route, entry.page.meta.noindex);
  }

  page(file: string): BuiltPage | undefined {
    return this.byFile.get(file);
  }

  hasId(file: string, id: string): boolean {
    return this.ids.get(file)?.has(id) ?? false;
  }
}
