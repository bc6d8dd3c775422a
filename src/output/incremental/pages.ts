import type { PageEntry, PageSummary, SiteModel, SiteView } from '../../content/model.ts';
import type { PageRecord } from '../page-cache.ts';

/** A page this build loaded: its entry in full, rendered or reused as the plan decides. */
export interface LoadedPage {
  kind: 'loaded';
  entry: PageEntry;
}

/**
 * A page a scoped build did not load (scope.ts): what its last build's record line says of it, and the key it was
 * built under. It can only be reused as written; its sections are not there to read.
 */
export interface RecordedPage {
  kind: 'recorded';
  summary: PageSummary;
  key: string;
  /** Its record in the last build's manifest, checked reusable as written (scope.ts). */
  record: PageRecord;
}

export type BuildPage = LoadedPage | RecordedPage;

export const summaryOf = (page: BuildPage): PageSummary => (page.kind === 'loaded' ? page.entry : page.summary);

/** Every page of a model that was loaded whole. */
export const loadedPages = (model: SiteModel): BuildPage[] => model.pages.map((entry) => ({ kind: 'loaded', entry }));

/** The site as renders and the site-wide files read it, with these pages in this order. */
export function siteView(model: SiteModel, pages: readonly BuildPage[]): SiteView {
  return { root: model.root, site: model.site, locales: model.locales, verbatim: model.verbatim, withheld: model.withheld, pages: pages.map(summaryOf) };
}
