import type { PageSummary, SiteView } from '../content/model.ts';
import { localeEntry } from '../schema/site-locales.ts';
import { alternates } from './context.ts';

/** What a link into another language carries: the target's hreflang and the words that say so. */
export interface LinkLanguage {
  hreflang: string;
  marker: string;
}

const routeIndex = new WeakMap<SiteView, Map<string, PageSummary>>();

function pageAt(model: SiteView, route: string): PageSummary | undefined {
  let index = routeIndex.get(model);
  if (!index) {
    index = new Map(model.pages.map((p) => [p.route, p]));
    routeIndex.set(model, index);
  }
  return index.get(route);
}

/**
 * A link from `entry` to a page family with no page in `entry`'s language opens a page in another
 * language: it says so (hreflang and the marker `crossLanguage.<target>` of the page's locale). Links to
 * another language's page of a family that has one in this language (a language switcher) are choices,
 * not surprises, and stay as they are; so do anchors, mail and external links.
 */
export function linkLanguage(model: SiteView, entry: PageSummary, href: string): LinkLanguage | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined;
  const route = href.replace(/[#?].*$/, '').replace(/(.)\/+$/, '$1') || '/';
  const target = pageAt(model, route);
  if (!target || target.locale === entry.locale) return undefined;
  if (alternates(model, target).some((p) => p.locale === entry.locale)) return undefined;
  const marker = model.locales[entry.locale]?.crossLanguage[target.locale];
  if (!marker) return undefined;
  // "(en / allemand)" would leave a lone "(en" at a line's end: the marker's own spaces never break.
  return { hreflang: localeEntry(model.site, target.locale).hreflang, marker: marker.replace(/[ \t\n]+/g, '\u00a0') };
}

/** The link languages of every site link in `text` (`[label](/path)`), for an island that renders it itself. */
export function linkLanguagesIn(model: SiteView, entry: PageSummary, text: string): Record<string, LinkLanguage> {
  const out: Record<string, LinkLanguage> = {};
  for (const match of text.matchAll(/\]\((\/[^)\s]*)\)/g)) {
    const found = linkLanguage(model, entry, match[1]!);
    if (found) out[match[1]!] = found;
  }
  return out;
}
