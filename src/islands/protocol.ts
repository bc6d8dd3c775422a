/**
 * The island protocol, shared by the server renderer and the browser loader:
 * <div data-island="NAME" data-hydrate="STRATEGY" data-prefix="ID-" data-props-src="URL">server HTML</div>
 * The loader reads these attributes; the JSON file at URL holds the same object the server rendered with.
 */
export const HYDRATE_STRATEGIES = ['load', 'idle', 'visible', 'interaction'] as const;
export type HydrateStrategy = (typeof HYDRATE_STRATEGIES)[number];

/** Set on an island root once React has hydrated it (tests wait for it). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** One island root of a rendered page, as its attributes say. */
export interface IslandUse {
  name: string;
  hydrate: string;
  /** The URL of its props file, which the loader fetches when the island wakes. */
  props?: string;
}

const TAG_ATTRIBUTES = /([\w-]+)="([^"]*)"/g;
export const attributesOf = (tag: string): Record<string, string> => Object.fromEntries([...tag.matchAll(TAG_ATTRIBUTES)].map((m) => [m[1]!, m[2]!]));

/**
 * The island roots in a page's HTML (our own markup; see render/Island.tsx): each `<div` tag holding a
 * `data-island` attribute. Found from the attribute's text rather than by matching every `<div` with a
 * regular expression, which cost 0.08 ms a page (two scans a page, 10,000 pages: 0.8 s of a build).
 */
export function islandUses(html: string): IslandUse[] {
  const uses: IslandUse[] = [];
  for (let at = html.indexOf(' data-island="'); at !== -1; at = html.indexOf(' data-island="', at + 1)) {
    const start = html.lastIndexOf('<', at);
    const end = html.indexOf('>', at);
    if (!html.startsWith('<div', start) || !/\s/.test(html[start + 4] ?? '') || html.lastIndexOf('>', at) > start || end === -1) continue;
    const a = attributesOf(html.slice(start, end + 1));
    const props = a['data-props-src'];
    uses.push({ name: a['data-island']!, hydrate: a['data-hydrate'] ?? 'load', ...(props ? { props } : {}) });
  }
  return uses;
}

/**
 * Whether a page links the island loader (at page load): when it holds an island. The cookie banner is not
 * one (the inline consent probe runs it), so a page without islands downloads no script at all.
 */
export type LoaderNeed = 'page-load' | 'none';

export function loaderNeed(islands: readonly IslandUse[]): LoaderNeed {
  return islands.length === 0 ? 'none' : 'page-load';
}
