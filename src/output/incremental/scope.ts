import path from 'node:path';
import { fileStampSync } from '../../cache/stamps.ts';
import type { PageEntry, PageSummary, SiteModel } from '../../content/model.ts';
import { sectionFacts } from '../../content/section-facts.ts';
import type { Publishing } from '../../schema/publishing.ts';
import type { LocaleCode } from '../../schema/site.ts';
import { siteKey, type OutputManifest, type PageRecord } from '../page-cache.ts';
import { PRIVACY_POLICY_FAMILY } from '../privacy-policy.ts';
import { siteFacts } from '../seo-files.ts';
import type { CodeAssets } from '../site-render.ts';
import type { TreeStamps } from '../tree-stamps.ts';
import { inputsSince, lastPages, type BuildInputs, type BuildRecord, type LastPages } from '../unchanged-build.ts';
import type { BuildPage, RecordedPage } from './pages.ts';
import { whyNotReusable, type Look } from './plan.ts';

/**
 * A scoped build (issue #19, the one-page edit of a large site): when only page files that the last build read have
 * changed since its record (unchanged-build.ts), the build loads only their families and the site's families (below),
 * and every other page is a RecordedPage made from its record line (route, family, locale, site facts), reused under
 * the key the line names without being loaded, keyed or rendered. A 10,000-page build after one edit loads a handful of files.
 *
 * What makes that the cold build's output. Whatever a page's HTML or a site-wide file reads of other pages is one of:
 * - the page's own family (hreflang, the language switcher): a changed page's whole family is loaded;
 * - each page's route, slug and site facts (sitemap, `_headers`, `_redirects`, duplicate routes, the locale homes the
 *   language switcher falls back to): a recorded page's summary carries them, and a loaded page whose route or facts differ from its
 *   line loads the whole site;
 * - a union over every page: the `!verbatim` strings, the withheld routes and the publishing window, the images'
 *   candidate widths (the widest slot of every use), the privacy policy's facts. The families that add to any of these
 *   are the site's families, recorded with each build and always loaded, so each union is taken over every page that
 *   adds to it (a recorded page adds nothing: it is unchanged and added nothing then). The first two are also in the
 *   site part of every key, which must be the same as the record's.
 * Anything else (site.yaml, a locale, check.yaml, redirects.yaml, an image, a page or family added, removed or renamed,
 * the code, the environment, the moment leaving the publishing window, a recorded page whose output file is not as
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
    const site =
      entry.family === PRIVACY_POLICY_FAMILY || scheduled(entry.page) || sections.some((s) => s.image !== undefined || scheduled(s)) || verbatim(entry.source);
    if (site) families.add(entry.family);
  }
  return [...families].sort();
}

/**
 * A page of the last build as its record line has it (`facts`: siteFacts; `key`: the key it was built under): of the
 * page only what site-wide files and other pages' renders read (its slug, noindex and whether its structured data is
 * `education`).
 */
function recordedPage(file: string, route: string, facts: string, key: string, record: PageRecord, defaultLocale: LocaleCode): RecordedPage {
  const [family = '', locale = '', indexable, education] = facts.split('/');
  const prefix = locale === defaultLocale ? '/' : `/${locale}`;
  const slug = route === prefix ? '' : route.slice(prefix === '/' ? 1 : prefix.length + 1);
  const meta = { noindex: indexable !== '1', structuredData: education === '1' ? ('education' as const) : undefined };
  // A locale the last build had: a build whose site.yaml changed is never scoped (familiesToLoad).
  const summary: PageSummary = { family, locale: locale as LocaleCode, route, file, source: `pages/${family}/${locale}.yaml`, page: { slug, meta } };
  return { kind: 'recorded', summary, key, record };
}

/**
 * The pages of a scoped build: those of the loaded families (`model`, live at the build's moment) with a recorded page
 * for every other page of the last build in between, in the loader's order (families, then files, by name), so
 * element sources and `_headers` come out as a cold build's. Undefined when a loaded page's route or site facts differ
 * from its line, a family loaded has other live pages than the last build had, or a page not loaded has no record in
 * the last build's manifest (`last`): then the whole site loads.
 */
export function withRecorded(model: SiteModel, families: ReadonlySet<string>, lines: LastPages, last: OutputManifest): BuildPage[] | undefined {
  let loaded = 0;
  for (const entry of model.pages) {
    if (lines.route(entry.file) !== entry.route || lines.facts(entry.file) !== siteFacts(entry)) return undefined;
    loaded++;
  }
  // By family, in the loader's order: families by name, then each family's files by name (a plain sort, as listDir's).
  const byFamily = new Map<string, BuildPage[]>();
  const place = (family: string, page: BuildPage) => {
    const members = byFamily.get(family);
    if (members) members.push(page);
    else byFamily.set(family, [page]);
  };
  for (const entry of model.pages) place(entry.family, { kind: 'loaded', entry });
  for (const [file, route, key, facts] of lines.recorded()) {
    const family = facts.slice(0, facts.indexOf('/'));
    if (families.has(family)) {
      loaded--;
      continue;
    }
    const record = last.pages[file];
    if (!record) return undefined;
    place(family, recordedPage(file, route, facts, key, record, model.site.defaultLocale));
  }
  // Each loaded page had its line, and each line of a loaded family is a loaded page.
  if (loaded !== 0) return undefined;
  const fileName = (page: BuildPage) => `${page.kind === 'loaded' ? page.entry.locale : page.summary.locale}.yaml`;
  return [...byFamily.keys()].sort().flatMap((family) => {
    const members = byFamily.get(family)!;
    return members.length < 2 ? members : members.sort((a, b) => (fileName(a) < fileName(b) ? -1 : 1));
  });
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
  /** The output folder as the build observes it (plan.ts). */
  look: Look;
}

/**
 * The pages a scoped build builds (withRecorded) when the last build's lines hold for the pages it did not load: the
 * same site part of every key (site.yaml, locales, code, verbatim strings, withheld routes) and budgets, and each
 * recorded page reusable as written (recordedReusable). Undefined: the whole site must load.
 */
export async function scopedPages(model: SiteModel, families: ReadonlySet<string>, build: ScopeInputs): Promise<BuildPage[] | undefined> {
  const site = siteKey(model, await build.code, build.generator, build.known);
  const lines = lastPages(build.recorded, build.inputs, site, build.budgets);
  const pages = lines && withRecorded(model, families, lines, build.last);
  return pages && recordedReusable(pages, build) ? pages : undefined;
}

/**
 * Whether every recorded page can be reused as the last build wrote it: its manifest record has the key its line names,
 * its file and social card still have their stamps, its islands' props files are there and the element sources beside
 * the output have its entry. Checked before anything is rendered, since a recorded page cannot be rendered.
 */
function recordedReusable(pages: readonly BuildPage[], build: ScopeInputs): boolean {
  return pages.every((page) => {
    if (page.kind === 'loaded') return true;
    const { file } = page.summary;
    if (!build.look.sourcesPresent(file)) return false;
    const { record } = page;
    if (whyNotReusable(record, page.key, file, build.look) !== undefined) return false;
    // A manifest record is JSON as read: a damaged one may have any value where the card's path belongs.
    return record.card === undefined || (typeof record.cardPath === 'string' && fileStampSync(path.join(build.outDir, record.cardPath)) === record.card);
  });
}
