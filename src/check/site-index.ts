import type { PageEntry, SiteModel } from '../content/model.ts';
import { isIndexable } from '../content/routes.ts';
import { describeElement, elementOffset, linksWithRel, type HtmlElement } from './html.ts';

/** One built page: its model entry, its HTML and DOM. */
export interface BuiltPage {
  entry: PageEntry;
  html: string;
  dom: HtmlElement;
}

/** A URL a page links or loads: `anchors` for links a visitor follows (their #fragment must exist too). */
export interface LinkRef {
  url: string;
  anchors: boolean;
  element: string;
  offset: number;
}

/**
 * What the rules across pages read of a page (links, anchors, hreflang), kept instead of its DOM: a check of 10,000
 * pages holds these, not 10,000 DOMs.
 */
export interface PageFacts {
  ids: Set<string>;
  /** Its `<html lang>`. */
  lang: string;
  links: LinkRef[];
  alternates: { lang: string; href: string; element: string }[];
}

/** A built page as the rules across pages see it. */
export interface IndexedPage {
  entry: PageEntry;
  facts: PageFacts;
}

const LINKING = 'a[href], area[href]';
const LOADING = 'script[src], img[src], source[src]';
const LOADING_RELS = ['stylesheet', 'icon', 'modulepreload', 'preload'];

/** A page's facts, read from its DOM once. */
export function pageFacts(dom: HtmlElement): PageFacts {
  const links: LinkRef[] = [];
  const add = (el: HtmlElement, attr: string, anchors: boolean) =>
    links.push({ url: el.getAttributeValue(attr) ?? '', anchors, element: describeElement(el), offset: elementOffset(el) });
  for (const el of dom.querySelectorAll(LINKING)) add(el, 'href', true);
  for (const el of dom.querySelectorAll(LOADING)) add(el, 'src', false);
  for (const el of dom.querySelectorAll('script[data-islands]')) add(el, 'data-islands', false);
  for (const rel of LOADING_RELS) for (const el of linksWithRel(dom, rel)) add(el, 'href', false);
  // A copy: the parser's attribute values are slices of the page's HTML string, which would keep every page's whole
  // HTML (about 47 KB as a string) alive as long as its facts are (`site dev` keeps them between checks).
  return structuredClone({
    ids: new Set(dom.querySelectorAll('[id]').map((el) => el.getAttributeValue('id') ?? '')),
    lang: dom.querySelector('html')?.getAttributeValue('lang') ?? '',
    links,
    alternates: dom
      .querySelectorAll('link[rel="alternate"][hreflang]')
      .map((el) => ({ lang: el.getAttributeValue('hreflang') ?? '', href: el.getAttributeValue('href') ?? '', element: describeElement(el) })),
  });
}

/** Lookups over the whole build: which paths exist, which ids each page has. */
export class SiteIndex {
  readonly base: string;
  private readonly byFile = new Map<string, IndexedPage>();

  private readonly required: Set<string>;

  constructor(
    readonly model: SiteModel,
    readonly files: Set<string>,
    pages: readonly IndexedPage[],
    requiredNoindex: readonly string[] = [],
  ) {
    this.required = new Set(requiredNoindex);
    this.base = model.site.baseUrl.replace(/\/+$/, '');
    for (const page of pages) this.add(page);
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

  /** A page, once its facts are read: the rules that read other pages run once all are added. */
  add(page: IndexedPage): void {
    this.byFile.set(page.entry.file, page);
  }

  page(file: string): IndexedPage | undefined {
    return this.byFile.get(file);
  }

  hasId(file: string, id: string): boolean {
    return this.byFile.get(file)?.facts.ids.has(id) ?? false;
  }
}
