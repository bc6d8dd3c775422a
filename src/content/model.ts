import type { SourceLocation } from '../errors/site-error.ts';
import type { LocaleStrings } from '../schema/locale.ts';
import type { Page } from '../schema/page.ts';
import type { LocaleCode, SiteConfig } from '../schema/site.ts';

/** One page of one family in one language, with its route. */
export interface PageEntry {
  /** Folder name under content/pages: pages of one family are translations of each other. */
  family: string;
  locale: LocaleCode;
  /** URL path, e.g. `/`, `/fr`, `/fr/education`, `/404`. */
  route: string;
  /** Output file relative to the output dir, e.g. `index.html`, `fr/education/index.html`, `404.html`. */
  file: string;
  source: string;
  page: Page;
  /** In a preview build (`--drafts`, `site dev`): what on this page is not live yet and gets a label. */
  preview?: PagePreview;
}

/**
 * A page as other pages and the site-wide files see it: what hreflang, the language switcher, the sitemap, `_headers`
 * and `_redirects` read of a page that is not the one being rendered. A build that did not load a page knows only this
 * of it (output/incremental/), so nothing that reads another page's sections compiles. `structuredData` is known only as
 * far as `_headers` reads it (whether it is `education`) for such a page.
 */
export interface PageSummary {
  family: string;
  locale: LocaleCode;
  route: string;
  file: string;
  source: string;
  page: { slug: Page['slug']; meta: { noindex: boolean; structuredData?: Page['meta']['structuredData'] } };
}

/** The site as one page's render reads it: its own entry in full, every page (itself included) as a summary. */
export interface SiteView extends Omit<SiteModel, 'pages' | 'placeholders'> {
  pages: readonly PageSummary[];
}

/** A value marked `!placeholder` that a deployer must replace before going live. */
export interface Placeholder {
  value: string;
  /** Its document path in its file: what the content memo stores, locating it again only when asked. */
  path: readonly (string | number)[];
  /** Computed when read: locating parses the file's document, which only `site check` needs. */
  readonly location: SourceLocation;
}

/** The validated content the renderer works from: everything resolved, nothing left to check. */
export interface SiteModel {
  root: string;
  site: SiteConfig;
  locales: Partial<Record<LocaleCode, LocaleStrings>>;
  pages: PageEntry[];
  placeholders: Placeholder[];
  /** Strings tagged `!verbatim` (quoted by the spec to the letter): rendered exactly as typed. */
  verbatim: ReadonlySet<string>;
  /** Pages a build at its moment leaves out (drafts, scheduled, expired): see content/publishing.ts. */
  withheld?: WithheldPage[];
}

// Publishing's vocabulary (content/publishing.ts decides; the model carries the result).
/** Why something is not live: a draft, not yet published (`at` is its publishAt), or no longer (`at` is its unpublishAt). */
export type Withheld = { state: 'draft' } | { state: 'scheduled'; at: string } | { state: 'expired'; at: string };

/** A page a build leaves out (or, with drafts, shows labelled): its route and source, for `site check`'s links and the lock. */
export interface WithheldPage {
  route: string;
  source: string;
  why: Withheld;
}

/** What a preview build (`--drafts`, `site dev`) labels on a page: the page itself and, by index, its sections. */
export interface PagePreview {
  page?: Withheld;
  sections: (Withheld | undefined)[];
}
