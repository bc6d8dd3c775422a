import type { PageEntry, SiteModel } from '../content/model.ts';
import type { LocaleStrings } from '../schema/locale.ts';

/** URLs of the built assets a page links to. */
export interface PageAssets {
  css: string;
  /** The island loader module; absent when the build has no islands. */
  loader?: string;
}

/** Everything a page's components read; passed down explicitly so rendering stays a pure function. */
export interface RenderContext {
  model: SiteModel;
  entry: PageEntry;
  strings: LocaleStrings;
  assets: PageAssets;
}

/** Every page of the entry's family (its translations, itself included). */
export function alternates(model: SiteModel, entry: PageEntry): PageEntry[] {
  return model.pages.filter((p) => p.family === entry.family);
}

export function absoluteUrl(model: SiteModel, route: string): string {
  return `${model.site.baseUrl.replace(/\/+$/, '')}${route === '/' ? '/' : route}`;
}

/** The locale's home route: `/` for the default locale, `/fr` etc. otherwise. */
export function localeHome(model: SiteModel, entry: PageEntry): string {
  return entry.locale === model.site.defaultLocale ? '/' : `/${entry.locale}`;
}
