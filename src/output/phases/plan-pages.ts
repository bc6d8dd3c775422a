import { pageImageInputs } from '../../assets/images.ts';
import type { BuildCache } from '../../cache/build-cache.ts';
import type { PageEntry } from '../../content/model.ts';
import { contentChanges, firstDifference, planPages, planRestores, restoreCandidates, type BuildPlan } from '../incremental/plan.ts';
import { pageKey, PAGE_KIND, siteKey, storedPage, type StoredPage } from '../page-cache.ts';
import { lastPages } from '../unchanged-build.ts';
import type { BuildStart, LoadedSite, OpenedContent, PlannedBuild, SiteAssets } from './types.ts';

/**
 * Every page's key and decision (incremental/plan.ts), with the restores the build cache can serve. Pages are stored
 * in the build cache as rendered; a fresh build (`--no-cache`) stores them but reuses none.
 */
export async function planBuild(start: BuildStart, content: OpenedContent, site: LoadedSite, assets: SiteAssets): Promise<PlannedBuild> {
  const { options, cached, cache, generator, recorded, inputs } = start;
  const { memo, contentStamps, last } = content;
  const { view, pages, known } = site;
  const siteKeyed = cached ? siteKey(view, assets.code, generator, known) : '';
  // What the last build's record says of each page holds while the site part of the keys and the budgets are the same.
  const lastLines = recorded && lastPages(recorded, inputs, siteKeyed, site.budgets);
  // A recorded page is built under the key its line names (a scoped build checked that the line holds).
  const keys = pages.map((page, index) =>
    !cached
      ? ''
      : page.kind === 'recorded'
        ? page.key
        : pageKey(view, page.entry, assets.code, generator, known, {
            images: pageImageInputs(page.entry, assets.images.images),
            socialImage: assets.cards[index]?.card?.image.path,
          }),
  );
  const cold = !cached
    ? 'no page cache: a build into a temporary folder renders every page'
    : options.fresh
      ? '--no-cache: every page renders'
      : !last
        ? 'no earlier build into this output folder'
        : undefined;
  const changes = () => (recorded && contentStamps ? contentChanges(recorded.content, contentStamps) : undefined);
  const changedField = (entry: PageEntry) => {
    const before = memo.previousValue(entry.source);
    return isPageEntry(before) ? firstDifference(before.page, entry.page) : undefined;
  };
  const planned = planPages({ pages, keys, cold, manifest: last, sameSite: lastLines !== undefined, changes, changedField, look: site.look });
  const lookUp = cached && !options.fresh ? await storedLookup(cache, restoreCandidates(planned)) : undefined;
  const plan = lookUp ? planRestores(planned, lookUp.has) : planned;
  return { site: siteKeyed, lastLines, keys, plan, restoring: lookUp?.ahead(plan) };
}

/** Whether a value the content memo kept is a page entry (JSON as stored: anything, if damaged). */
function isPageEntry(value: unknown): value is PageEntry {
  return typeof value === 'object' && value !== null && 'page' in value && typeof value.page === 'object' && value.page !== null;
}

/** Stored pages looked up at once: as many as the writer writes at once. */
const LOOKUP_AHEAD = 16;

/** What the build cache holds of the pages a plan would render: which keys, and each page's stored HTML when asked for. */
interface StoredLookup {
  has: (key: string) => boolean;
  /** The stored page of the plan's page at an index (a restore), undefined when its entry is refused as read. */
  ahead: (plan: BuildPlan) => (index: number) => Promise<StoredPage | undefined>;
}

/**
 * The pages stored under `candidates` (the keys of the pages a plan renders). Many (a cold build, a code change): the
 * stored keys listed once, so a cold build with an empty cache opens no file per page, and each restored page read a
 * few pages ahead of the one asked for (a read waits for a file open on the thread pool); an entry listed may still be
 * refused when read. Few (a small edit): read now. A cache that cannot list reads each now, keeping none of many in memory.
 */
async function storedLookup(cache: BuildCache, candidates: readonly string[]): Promise<StoredLookup> {
  if (candidates.length > LOOKUP_AHEAD && cache.keys) {
    const listed = new Set(await cache.keys(PAGE_KIND));
    return { has: (key) => listed.has(key), ahead: (plan) => readAhead(cache, plan) };
  }
  const few = candidates.length <= LOOKUP_AHEAD;
  const found = new Map<string, StoredPage | undefined>();
  for (let at = 0; at < candidates.length; at += LOOKUP_AHEAD) {
    const batch = candidates.slice(at, at + LOOKUP_AHEAD);
    const pages = await Promise.all(batch.map((key) => storedPage(cache, key)));
    batch.forEach((key, i) => pages[i] && found.set(key, few ? pages[i] : undefined));
  }
  return {
    has: (key) => found.has(key),
    ahead: (plan) => (few ? (index) => Promise.resolve(found.get(plan.pages[index]?.key ?? '')) : readAhead(cache, plan)),
  };
}

/** Each restore's stored page, looked up when asked for and for the next few restores, so reads overlap the build. */
function readAhead(cache: BuildCache, plan: BuildPlan): (index: number) => Promise<StoredPage | undefined> {
  const lookups = new Map<number, Promise<StoredPage | undefined>>();
  let next = 0;
  return (index) => {
    for (next = Math.max(next, index + 1); next < Math.min(index + LOOKUP_AHEAD, plan.pages.length); next++) {
      const page = plan.pages[next];
      if (page?.kind === 'restore') lookups.set(next, storedPage(cache, page.key));
    }
    const lookup = lookups.get(index) ?? storedPage(cache, plan.pages[index]?.key ?? '');
    lookups.delete(index);
    return lookup;
  };
}
