import type { PageEntry, PageSummary, SiteView } from '../content/model.ts';
import type { LocaleStrings } from '../schema/locale.ts';
import type { BuiltImages } from './image-layout.ts';

/** URLs of the built assets a page links to. */
export interface PageAssets {
  css: string;
  /** The web font to preload (every page sets text in it); absent in renders without built assets. */
  font?: string;
  /** The island loader module; absent when the build has no islands. */
  loader?: string;
  /** The content's images as the build made them (assets/images.ts), by imageKey. */
  images?: BuiltImages;
  /** The page's own Open Graph image (output/social-cards.ts); absent: the shared fallback, SOCIAL_IMAGE. */
  socialImage?: SocialImage;
}

/** An Open Graph image as the head announces it. `alt` absent: the page's title, which a generated card shows. */
export interface SocialImage {
  path: string;
  width: number;
  height: number;
  type: string;
  alt?: string;
}

/** Everything a page's components read; passed down explicitly so rendering stays a pure function. */
export interface RenderContext {
  model: SiteView;
  entry: PageEntry;
  strings: LocaleStrings;
  assets: PageAssets;
}

const families = new WeakMap<SiteView, Map<string, PageSummary[]>>();

/**
 * Every page of the entry's family (its translations, itself included). Indexed once per model:
 * every page asks (head, footer, sitemap), and a scan per page made a 10,000-page build quadratic.
 */
export function alternates(model: SiteView, entry: PageSummary): readonly PageSummary[] {
  let index = families.get(model);
  if (!index) {
    index = new Map();
    for (const page of model.pages) {
      const members = index.get(page.family);
      if (members) members.push(page);
      else index.set(page.family, [page]);
    }
    families.set(model, index);
  }
  return index.get(entry.family) ?? [];
}

export function absoluteUrl(model: SiteView, route: string): string {
  return `${model.site.baseUrl.replace(/\/+$/, '')}${route === '/' ? '/' : route}`;
}

/** The locale's home route: `/` for the default locale, `/fr` etc. otherwise. */
export function localeHome(model: SiteView, entry: PageSummary): string {
  return entry.locale === model.site.defaultLocale ? '/' : `/${entry.locale}`;
}
