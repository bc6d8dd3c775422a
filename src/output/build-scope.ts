import path from 'node:path';
import { fileStampSync } from '../content/memo.ts';
import type { PageEntry, SiteModel } from '../content/model.ts';
import { sectionFacts } from '../content/section-facts.ts';
import type { Publishing } from '../schema/publishing.ts';
import type { LocaleCode } from '../schema/site.ts';
import { reusable, siteKey, type OutputManifest } from './page-cache.ts';
import { PRIVACY_POLICY_FAMILY } from './privacy-policy.ts';
import { siteFacts } from './seo-files.ts';
import type { TreeStamps } from './tree-stamps.ts';
import type { CodeAssets } from './site-render.ts';
import { inputsSince, lastPages, type BuildInputs, type BuildRecord, type LastPages } from './unchanged-build.ts';

/**
 * A scoped build (issue #19, the one-page edit of a large site): when only page files that the last build read have
 * changed since its record (unchanged-build.ts), the build loads only their families and the site's families (below),
 * and every other page is an outline of its record line (route, family, locale, site facts), reused under the key the
 * line names without being loaded, keyed or rendered. A 10,000-page build after one edit loads a handful of files.
 *
 * What makes that the cold build's output. Whatever a page's HTML or a site-wide file reads of other pages is one of:
 * - the page's own family (hreflang, the language switcher): a changed page's whole family is loaded;
 * - each page's route, slug and site facts (sitemap, `_headers`, `_redirects`, duplicate routes, the locale homes the
 *   language switcher falls back to): the outlines carry them, and a loaded page whose route or facts differ from its
 *   line loads the whole site;
 * - a union over every page: the `!verbatim` strings, the withheld routes and the publishing window, the images'
 *   candidate widths (the widest slot of every use), the privacy policy's facts. The families that add to any of these
 *   are the site's families, recorded with each build and always loaded, so each union is taken over every page that
 *   adds to it (an unloaded page adds nothing: it is unchanged and added nothing then). The first two are also in the
 *   site part of every key, which must be the same as the record's.
 * Anything else (site.yaml, a locale, check.yaml, redirects.yaml, an image, a page or family added, removed or renamed,
 * the code, the environment, the moment leaving the publishing window, an outline page whose output file is not as
 * recorded) loads the whole site as before. The page-cache property test holds warm output byte-identical to cold.
 */

/** A page file, or the folder of a family: `pages/<family>/<locale>.yaml`, `pages/<family>/`. */
const PAGE_ENTRY = /^pages\/([^/]+)\/(?:[^/]+\.yaml)?$/;

/**
 * The page families a build must load: those with a page file changed since the `last` build, and the site's families
 * (siteFamilies); undefined when anything else changed (the whole site loads). `now`: the content folder's walk.
 */
export function familiesToLoad(last: BuildRecord, inputs: BuildInputs, at: Date, now: TreeStamps): Set<string> | undefined {
  if (!inputsSince(last, inputs, at)) return undefined;
  // The same entries, or a page was added, removed or renamed (a folder the walk did not list again has its names).
  if (last.content.length !== now.length) return undefined;
  // Walks list in the same order unless a folder was listed again (its names may come in another order): then by path.
  let before: Map<string, string> | undefined;
  const wasAt = (i: number): string | undefined => {
    if (!before && last.content[i] === now[i]) return last.content[i + 1];
    if (!before) {
      before = new Map();
      for (let j = 0; j < last.content.length; j += 2) before.set(last.content[j]!, last.content[j + 1]!);
    }
    return before.get(now[i]!);
  };
  const families = new Set(last.siteFamilies);
  for (let i = 0; i < now.length; i += 2) {
    const entry = now[i]!;
    const was = wasAt(i);
    if (was === undefined) return undefined;
    // An entry the walk did not trust (written within the last second) has no stamp: it counts as changed.
    if (was === now[i + 1] && was !== '') continue;
    const family = PAGE_ENTRY.exec(entry)?.[1];
    if (family === undefined) return undefined;
    families.add(family);
  }
  return families;
}

/** Whether a page or section has a publishing field: its liveness depends on the moment (content/publishing.ts). */
const scheduled = (item: Publishing) => item.draft !== undefined || item.publishAt !== undefined || item.unpublishAt !== undefined;

/**
 * The families every scoped build loads (see the module comment), from the pages as loaded (before the moment leaves
 * any out): the privacy policy, and any family with a page that has a publishing field, an image or a `!verbatim`
 * string (`verbatim`: whether a page file has one).
 */
export function siteFamilies(pages: readonly PageEntry[], verbatim: (source: string) => boolean): string[] {
  const families = new Set<string>();
  for (const entry of pages) {
    const sections = sectionFacts(entry.page);
    const site = entry.family === PRIVACY_POLICY_FAMILY || scheduled(entry.page) || sections.some((s) => s.image !== undefined || scheduled(s)) || verbatim(entry.source);
    if (site) families.add(entry.family);
  }
  return [...families].sort();
}

/** Outline pages (entries made from a record line, never rendered) and the key each is reused under: its line's. */
const outlineKeys = new WeakMap<PageEntry, string>();

export function isOutline(entry: PageEntry): boolean {
  return outlineKeys.has(entry);
}

/** The key an outline page was built under (the one its record line names); undefined for a loaded page. */
export function outlineKey(entry: PageEntry): string | undefined {
  return outlineKeys.get(entry);
}

/**
 * A page of the last build as its record line has it (`facts`: siteFacts; `key`: the key it was built under). Of
 * `page`, only what site-wide files and other pages' renders read of a page is there (its slug, noindex and
 * structured-data kind, no sections), as the render thread's copy of the model has it (render-thread.ts sharedModel).
 */
function outlineEntry(file: string, route: string, facts: string, key: string, defaultLocale: LocaleCode): PageEntry {
  const [family = '', locale = '', indexable, education] = facts.split('/');
  const prefix = locale === defaultLocale ? '/' : `/${locale}`;
  const slug = route === prefix ? '' : route.slice(prefix === '/' ? 1 : prefix.length + 1);
  const page = { slug, meta: { noindex: indexable !== '1', structuredData: education === '1' ? 'education' : undefined }, sections: [] };
  const entry = { family, locale: locale as LocaleCode, route, file, source: `pages/${family}/${locale}.yaml`, page: page as unknown as PageEntry['page'] };
  outlineKeys.set(entry, key);
  return entry;
}

/**
 * The site of a scoped build: the pages of the loaded families (`model`, live at the build's moment) with an outline of
 * every other page of the last build in between, in the loader's order (families, then files, by name), so element
 * sources and `_headers` come out as a cold build's. Undefined when a loaded page's route or site facts differ from its
 * line, or a family loaded has other live pages than the last build had: then the whole site loads.
 */
export function withOutlines(model: SiteModel, families: ReadonlySet<string>, lines: LastPages): SiteModel | undefined {
  let loaded = 0;
  for (const entry of model.pages) {
    if (lines.route(entry.file) !== entry.route || lines.facts(entry.file) !== siteFacts(entry)) return undefined;
    loaded++;
  }
  // By family, in the loader's order: families by name, then each family's files by name (a plain sort, as listDir's).
  const byFamily = new Map<string, PageEntry[]>();
  const place = (entry: PageEntry) => {
    const members = byFamily.get(entry.family);
    if (members) members.push(entry);
    else byFamily.set(entry.family, [entry]);
  };
  for (const entry of model.pages) place(entry);
  for (const [file, route, key, facts] of lines.outlines()) {
    if (families.has(facts.slice(0, facts.indexOf('/')))) loaded--;
    else place(outlineEntry(file, route, facts, key, model.site.defaultLocale));
  }
  // Each loaded page had its line, and each line of a loaded family is a loaded page.
  if (loaded !== 0) return undefined;
  const fileName = (entry: PageEntry) => `${entry.locale}.yaml`;
  const pages = [...byFamily.keys()].sort().flatMap((family) => {
    const members = byFamily.get(family)!;
    return members.length < 2 ? members : members.sort((a, b) => (fileName(a) < fileName(b) ? -1 : 1));
  });
  return { ...model, pages };
}

/** What a scoped build checks its loaded pages against: the last build's record and manifest, and this build's own inputs. */
export interface ScopeInputs {
  recorded: BuildRecord;
  inputs: BuildInputs;
  last: OutputManifest;
  outDir: string;
  generator: string;
  /** A digest of check.yaml's budgets. */
  budgets: string;
  code: Promise<CodeAssets>;
  /** The content memo's digests of the values it recalled (page-cache.ts pageKey). */
  known: (value: object) => string | undefined;
  /** Whether an islands' props file is in the output folder, with the bytes its name says (page-cache.ts propsText). */
  propsPresent: (url: string) => boolean;
  /** Whether the element sources beside the output folder have the page's entry (page-sources.ts). */
  sourcesPresent: (file: string) => boolean;
}

/**
 * The site a scoped build renders (withOutlines) when the last build's lines hold for the pages it did not load: the
 * same site part of every key (site.yaml, locales, code, verbatim strings, withheld routes) and budgets, and each
 * outline page reusable as written (outlinesReusable). Undefined: the whole site must load.
 */
export async function scopedSite(model: SiteModel, families: ReadonlySet<string>, build: ScopeInputs): Promise<SiteModel | undefined> {
  const site = siteKey(model, await build.code, build.generator, build.known);
  const lines = lastPages(build.recorded, build.inputs, site, build.budgets);
  const outlined = lines && withOutlines(model, families, lines);
  if (!lines || !outlined) return undefined;
  return outlinesReusable(outlined, lines, build) ? outlined : undefined;
}

/**
 * Whether every outline page can be reused as the last build wrote it: its manifest record has the key its line names,
 * its file and social card still have their stamps, its islands' props files are there and the element sources beside
 * the output have its entry. Checked before anything is rendered, since an outline page cannot be rendered.
 */
function outlinesReusable(model: SiteModel, lines: LastPages, build: ScopeInputs): boolean {
  return model.pages.every((entry) => {
    if (!isOutline(entry)) return true;
    if (!build.sourcesPresent(entry.file)) return false;
    const record = build.last.pages[entry.file];
    if (!reusable(record, lines.key(entry.file)!, path.join(build.outDir, entry.file), build.propsPresent)) return false;
    // A manifest record is JSON as read: a damaged one may have any value where the card's path belongs.
    return record.card === undefined || (typeof record.cardPath === 'string' && fileStampSync(path.join(build.outDir, record.cardPath)) === record.card);
  });
}
