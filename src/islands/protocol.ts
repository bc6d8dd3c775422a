/**
 * The island protocol, shared by the server renderer and the browser loader:
 * <div data-island="NAME" data-hydrate="STRATEGY" data-prefix="ID-" data-props="JSON">server HTML</div>
 * The loader reads these attributes; the props are the same object the server rendered with.
 */
export const HYDRATE_STRATEGIES = ['load', 'idle', 'visible', 'interaction'] as const;
export type HydrateStrategy = (typeof HYDRATE_STRATEGIES)[number];

/** Set on an island root once React has hydrated it (tests wait for it). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';


/** One island root of a rendered page, as its attributes say. */
export interface IslandUse {
  name: string;
  hydrate: string;
}

const TAG_ATTRIBUTES = /([\w-]+)="([^"]*)"/g;
export const attributesOf = (tag: string): Record<string, string> => Object.fromEntries([...tag.matchAll(TAG_ATTRIBUTES)].map((m) => [m[1]!, m[2]!]));

/** The island roots in a page's HTML (our own markup; see render/Island.tsx). */
export function islandUses(html: string): IslandUse[] {
  return [...html.matchAll(/<div\b[^>]*\bdata-island="[^"]*"[^>]*>/g)].map((m) => {
    const a = attributesOf(m[0]);
    return { name: a['data-island']!, hydrate: a['data-hydrate'] ?? 'load' };
  });
}

/**
 * Whether a page links the island loader (at page load): when it holds an island. The cookie banner is not
 * one (the inline consent probe runs it), so a page without islands downloads no script at all.
 */
export type LoaderNeed = 'page-load' | 'none';

export function loaderNeed(islands: readonly IslandUse[]): LoaderNeed {
  return islands.length === 0 ? 'none' : 'page-load';
}
