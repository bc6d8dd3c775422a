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


/**
 * How a page must load the island loader, read from its HTML (render/Island.tsx writes the attributes in
 * this order): at page load when an island may wake without a condition; only when consent is missing
 * when the cookie banner is its sole island (the inline consent probe then adds it); or not at all.
 */
export type LoaderNeed = 'page-load' | 'consent-missing' | 'none';

export function loaderNeed(html: string): LoaderNeed {
  const conditions = [...html.matchAll(/<div data-island="[^"]*" data-hydrate="[^"]*"(?: data-when="([^"]*)")?/g)].map((m) => m[1]);
  if (conditions.length === 0) return 'none';
  return conditions.every((when) => when === 'consent-missing') ? 'consent-missing' : 'page-load';
}
