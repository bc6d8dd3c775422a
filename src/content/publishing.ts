import type { Publishing } from '../schema/publishing.ts';
import type { PageEntry, SiteModel, Withheld, WithheldPage } from './model.ts';
import { sectionFacts } from './section-facts.ts';

/**
 * Drafts and scheduled publishing (README "Drafts and scheduled publishing"): which pages and sections are
 * live at a moment, and the model a build at that moment renders. Pure: the moment is an argument, so a build
 * `--at` a future time and a test see exactly what a build at that time will.
 */

/** What a build is made for: the moment, and whether what is not live is shown (labelled, noindex) instead of left out. */
export interface Publication {
  at: Date;
  drafts: boolean;
}

/** Undefined when `item` is live at `at`; else why not (a draft first: a draft with a date is still a draft). */
export function withheldAt(item: Publishing, at: Date): Withheld | undefined {
  if (item.draft) return { state: 'draft' };
  if (item.publishAt && Date.parse(item.publishAt) > at.getTime()) return { state: 'scheduled', at: item.publishAt };
  if (item.unpublishAt && Date.parse(item.unpublishAt) <= at.getTime()) return { state: 'expired', at: item.unpublishAt };
  return undefined;
}

const published = new WeakMap<SiteModel, Map<string, SiteModel>>();

/**
 * The model as it is at `publication.at`. Without drafts, pages and sections that are not live are left out (so
 * the sitemap, hreflang, the language switcher and JSON-LD never name them) and listed in `withheld`; with
 * drafts they stay, with a `preview` to label and `noindex`. An entry with nothing to leave out or label is the
 * same object, so the page cache recognises it; any other is a new object whose digest is its content.
 */
export function publishedModel(model: SiteModel, publication: Publication): SiteModel {
  const key = `${publication.at.toISOString()} ${publication.drafts}`;
  let byMoment = published.get(model);
  if (!byMoment) published.set(model, (byMoment = new Map()));
  const known = byMoment.get(key);
  if (known) return known;
  const pages: PageEntry[] = [];
  const withheld: WithheldPage[] = [...(model.withheld ?? [])];
  let changed = false;
  for (const entry of model.pages) {
    const why = withheldAt(entry.page, publication.at);
    // Only a section with a publishing field can be withheld: the facts list those, without parsing the sections.
    if (!why && sectionFacts(entry.page).every((section) => !withheldAt(section, publication.at))) {
      pages.push(entry);
      continue;
    }
    const sections = entry.page.sections.map((section) => withheldAt(section, publication.at));
    changed = true;
    if (why && !publication.drafts) {
      withheld.push({ route: entry.route, source: entry.source, why });
      continue;
    }
    if (publication.drafts) {
      // A preview is never for search engines: the whole page is noindex, out of the sitemap and hreflang.
      pages.push({ ...entry, page: { ...entry.page, meta: { ...entry.page.meta, noindex: true } }, preview: { page: why, sections } });
      continue;
    }
    const kept = entry.page.sections.filter((_, i) => !sections[i]);
    // A page whose every section is withheld is withheld with them: an empty page is no page.
    if (kept.length === 0) {
      withheld.push({ route: entry.route, source: entry.source, why: sections.find((s) => s)! });
      continue;
    }
    pages.push({ ...entry, page: { ...entry.page, sections: kept } });
  }
  const result = changed ? { ...model, pages, withheld } : model;
  byMoment.set(key, result);
  return result;
}

/** Whether a build at the model's moment leaves out the page at `route` (the layout's fixed links skip it). */
export function isWithheld(model: Pick<SiteModel, 'withheld'>, route: string): boolean {
  return model.withheld?.some((page) => page.route === route) ?? false;
}

/** Moments (ms since the epoch) between which a build makes the same site: null is no bound. */
export interface PublishingWindow {
  from: number | null;
  until: number | null;
}

/**
 * The span around `at` in which every page and section of `model` (as loaded, before publishedModel) is live or
 * withheld exactly as at `at`: from the last publishAt or unpublishAt at or before it to the first after it
 * (withheldAt changes at each such moment and nowhere else).
 */
export function publishingWindow(model: SiteModel, at: Date): PublishingWindow {
  const now = at.getTime();
  let from: number | null = null;
  let until: number | null = null;
  for (const entry of model.pages) {
    for (const item of [entry.page, ...sectionFacts(entry.page)]) {
      for (const moment of [item.publishAt, item.unpublishAt]) {
        if (moment === undefined) continue;
        const time = Date.parse(moment);
        if (time <= now) from = Math.max(from ?? time, time);
        else until = Math.min(until ?? time, time);
      }
    }
  }
  return { from, until };
}
