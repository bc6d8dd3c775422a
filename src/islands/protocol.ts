/**
 * The island protocol, shared by the server renderer and the browser loader:
 * <div data-island="NAME" data-hydrate="STRATEGY" data-when="CONDITION" data-props="JSON">server HTML</div>
 * The loader reads these attributes; the props are the same object the server rendered with.
 */
export const HYDRATE_STRATEGIES = ['load', 'idle', 'visible', 'interaction'] as const;
export type HydrateStrategy = (typeof HYDRATE_STRATEGIES)[number];

/** Conditions evaluated in the browser before hydrating; `consent-missing` is set by the inline head script. */
export const HYDRATE_CONDITIONS = ['consent-missing'] as const;
export type HydrateCondition = (typeof HYDRATE_CONDITIONS)[number];

/** Set on an island root once React has hydrated it (tests wait for it). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';


/** One island root of a rendered page, as its attributes say. */
export interface IslandUse {
  name: string;
  hydrate: string;
  when?: string;
}

const TAG_ATTRIBUTES = /([\w-]+)="([^"]*)"/g;
export const attributesOf = (tag: string): Record<string, string> => Object.fromEntries([...tag.matchAll(TAG_ATTRIBUTES)].map((m) => [m[1]!, m[2]!]));

/** The island roots in a page's HTML (our own markup; see render/Island.tsx). */
export function islandUses(html: string): IslandUse[] {
  return [...html.matchAll(/<div\b[^>]*\bdata-island="[^"]*"[^>]*>/g)].map((m) => {
    const a = attributesOf(m[0]);
    return { name: a['data-island']!, hydrate: a['data-hydrate'] ?? 'load', ...(a['data-when'] ? { when: a['data-when'] } : {}) };
  });
}

/**
 * How a page must load the island loader: at page load when an island may wake without a condition;
 * only when consent is missing when the cookie banner is its sole island (the inline consent probe then
 * adds it); or not at all.
 */
export type LoaderNeed = 'page-load' | 'consent-missing' | 'none';

export function loaderNeed(islands: readonly IslandUse[]): LoaderNeed {
  if (islands.length === 0) return 'none';
  return islands.every((island) => island.when === 'consent-missing') ? 'consent-missing' : 'page-load';
}
