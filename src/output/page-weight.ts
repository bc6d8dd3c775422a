import type { ScriptNode } from '../assets/islands.ts';
import { attributesOf, islandUses, type IslandUse } from '../islands/protocol.ts';
import type { Budget } from '../schema/check.ts';

/**
 * gzip bytes a visitor downloads for one page, by moment. JS is counted as whole files, each once:
 * the page's scripts with everything they import statically, plus the islands that have woken.
 */
export interface PageWeight {
  /** gzip -9 bytes of the HTML, or with `htmlAtMost` an upper bound of them (htmlGzipBound) that no budget needed exactly. */
  html: number;
  htmlAtMost?: true;
  css: number;
  /**
   * Before any interaction, first visit or returning alike: the page's scripts and the islands that hydrate
   * on load or idle. The cookie banner a first visit shows adds nothing (the inline consent probe runs it).
   */
  jsBeforeInteraction: number;
  /** Every island on the page hydrated and a toast shown: the most JS the page loads before a submit. */
  jsHydrated: number;
  /**
   * What every island hydrated loads beside its JS: the islands' props files (JSON, render/Island.tsx), each
   * fetched as its island wakes. Not JS (parsed, never run), so the JS budgets leave it out; it was part of
   * `html` while the props sat in the page.
   */
  islandProps: number;
  /** What the first contact submit adds (the backend client). */
  jsSubmit: number;
}

/** PageWeight's figures (byte counts), without the flag on one of them. */
export type WeightFigure = Exclude<keyof PageWeight, 'htmlAtMost'>;

/** What a page links and which islands it holds, read from its HTML (our own markup; see render/Island.tsx). */
export interface PageAssetRefs {
  scripts: string[];
  stylesheets: string[];
  islands: IslandUse[];
}

const LINK_TAG = /<link\b[^>]*>/g;
const PRELOAD = /\brel="modulepreload"/;
const STYLESHEET = /\brel="stylesheet"/;

export function pageAssetRefs(html: string): PageAssetRefs {
  // The island loader is started by an inline script that names it in `data-islands` (render/head.ts).
  const scripts = [...html.matchAll(/<script\b[^>]*\s(?:src|data-islands)="([^"]+)"/g)].map((m) => m[1]!);
  // One pass over the link tags for both kinds: a tag holds `rel="…"` within its first `>` or not at all.
  const preloads: string[] = [];
  const stylesheets: string[] = [];
  for (const [tag] of html.matchAll(LINK_TAG)) {
    const preload = PRELOAD.test(tag);
    const stylesheet = STYLESHEET.test(tag);
    const href = (preload || stylesheet) && attributesOf(tag).href;
    if (!href) continue;
    if (preload) preloads.push(href);
    if (stylesheet) stylesheets.push(href);
  }
  // Every text field, whatever an island use comes to carry: each would keep the page as much as a URL.
  const islands = islandUses(html).map(
    (use) => Object.fromEntries(Object.entries(use).map(([field, value]) => [field, typeof value === 'string' ? kept(value) : value])) as IslandUse,
  );
  return { scripts: [...scripts, ...preloads].map(kept), stylesheets: stylesheets.map(kept), islands };
}

/** The one copy of each URL and island attribute pages have named (a site's pages name the same few). */
const keptTexts = new Map<string, string>();

/**
 * A substring as a string of its own, shared by every page that names it: V8 keeps a substring as a slice of
 * its whole string, and a build keeps every page's refs (the page cache's records), so one kept URL would keep
 * the page's HTML (10,000 pages: ~430 MB of a cold build's heap, found with a heap snapshot).
 */
function kept(text: string): string {
  let copy = keptTexts.get(text);
  if (copy === undefined) {
    copy = Buffer.from(text, 'utf8').toString('utf8');
    keptTexts.set(copy, copy);
  }
  return copy;
}

/** The scripts an island needs: the loader (linked by the page), React's mount chunk and the island's own chunk. */
export interface IslandScripts {
  loader: string;
  mount: string;
  /** Island name → chunk URL. */
  chunks: Map<string, string>;
  /** Chunks that only the contact submit imports. */
  submit: Set<string>;
}

/** Island chunks by the islands/<name>/ folder their entry lives in (the layout ARCHITECTURE.md prescribes). */
export function islandScripts(loader: string, graph: ReadonlyMap<string, ScriptNode>, submitEntries: readonly string[]): IslandScripts {
  const chunks = new Map<string, string>();
  let mount: string | undefined;
  for (const url of graph.get(loader)?.dynamic ?? []) {
    const entry = graph.get(url)?.entry ?? '';
    const island = /^src\/islands\/([\w-]+)\//.exec(entry)?.[1];
    if (island) chunks.set(island, url);
    else if (entry === 'src/islands/mount.tsx') mount = url;
  }
  if (!mount) throw new Error(`the island loader ${loader} imports no mount chunk`);
  const submit = new Set([...graph].filter(([, node]) => node.entry && submitEntries.includes(node.entry)).map(([url]) => url));
  return { loader, mount, chunks, submit };
}

const EAGER = new Set(['load', 'idle']);

/** Every script reachable from `roots` through static imports (and dynamic ones when `lazy`), minus `stop`. */
function closure(
  roots: Iterable<string>,
  graph: ReadonlyMap<string, ScriptNode>,
  { lazy, stop = new Set() }: { lazy: boolean; stop?: ReadonlySet<string> },
): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const url = queue.pop();
    if (url === undefined || seen.has(url) || stop.has(url)) continue;
    seen.add(url);
    const node = graph.get(url);
    if (node) queue.push(...node.static, ...(lazy ? node.dynamic : []));
  }
  return seen;
}

/** The script files behind each PageWeight figure (urls), for reports that name what a figure counts. */
export interface PageScripts {
  load: Set<string>;
  hydrated: Set<string>;
  submit: Set<string>;
}

export function pageScripts(refs: PageAssetRefs, graph: ReadonlyMap<string, ScriptNode>, islands: IslandScripts): PageScripts {
  const woken = (uses: IslandUse[]) => (uses.length ? [islands.mount, ...uses.map((u) => islands.chunks.get(u.name)).filter((c): c is string => !!c)] : []);
  // The loader's own dynamic imports are every island of the site: only woken islands are followed.
  const page = closure(refs.scripts, graph, { lazy: false });
  const loader = closure([islands.loader], graph, { lazy: false });
  const withIslands = (uses: IslandUse[], follow: { lazy: boolean; stop?: ReadonlySet<string> }) =>
    new Set([...page, ...(uses.length ? loader : []), ...closure(woken(uses), graph, follow)]);
  const eager = refs.islands.filter((u) => EAGER.has(u.hydrate));
  const hydrated = withIslands(refs.islands, { lazy: true, stop: islands.submit });
  const reachable = withIslands(refs.islands, { lazy: true });
  return {
    load: withIslands(eager, { lazy: false }),
    hydrated,
    submit: new Set([...reachable].filter((url) => !hydrated.has(url))),
  };
}

/**
 * The most bytes gzip -9 can make of `size` bytes: zlib's compressBound (stored blocks and their headers when nothing
 * compresses) plus gzip's header and trailer. A page whose bound is within its HTML budget needs no compression to pass
 * it: a cold build of 1,000 pages spent ~0.3 of its ~4.3 CPU-s compressing each page only to print and check its size.
 */
export function htmlGzipBound(size: number): number {
  return size + (size >> 12) + (size >> 14) + (size >> 25) + 13 + 18;
}

/** Whether a page of `size` bytes needs its exact gzip size: a budget of `limit` KB (if any) that its bound exceeds. */
export function needsHtmlGzip(size: number, limit: number | undefined): boolean {
  return limit !== undefined && htmlGzipBound(size) > limit * 1024;
}

/** The weights of one page, given gzip sizes of the built files. */
export function pageWeight(
  refs: PageAssetRefs,
  htmlGzip: number,
  graph: ReadonlyMap<string, ScriptNode>,
  islands: IslandScripts,
  gzipSize: (url: string) => number,
): PageWeight {
  return weigh(pageScripts(refs, graph, islands), htmlGzip, refs, gzipSize);
}

/** The islands' props files a page names, each once (pages name a shared file once per island using it). */
export function islandPropsFiles(refs: Pick<PageAssetRefs, 'islands'>): Set<string> {
  return new Set(refs.islands.flatMap((use) => (use.props ? [use.props] : [])));
}

/** The weights of a page whose scripts are known: gzip sizes summed per moment. */
export function weigh(
  scripts: PageScripts,
  htmlGzip: number,
  refs: Pick<PageAssetRefs, 'stylesheets' | 'islands'>,
  gzipSize: (url: string) => number,
): PageWeight {
  const sum = (urls: Iterable<string>) => [...urls].reduce((total, url) => total + gzipSize(url), 0);
  return {
    html: htmlGzip,
    css: sum(refs.stylesheets),
    jsBeforeInteraction: sum(scripts.load),
    jsHydrated: sum(scripts.hydrated),
    jsSubmit: sum(scripts.submit),
    islandProps: sum(islandPropsFiles(refs)),
  };
}

/**
 * What each budget key of content/check.yaml limits: a PageWeight figure (and, for JS, the PageScripts
 * behind it), and how reports name it.
 */
export const BUDGETED: Record<keyof Budget, { figure: WeightFigure; scripts?: keyof PageScripts; label: string }> = {
  html: { figure: 'html', label: 'HTML' },
  css: { figure: 'css', label: 'CSS' },
  js: { figure: 'jsBeforeInteraction', scripts: 'load', label: 'JS before interaction' },
  jsAtMost: { figure: 'jsHydrated', scripts: 'hydrated', label: 'JS with every island hydrated' },
};

export interface BudgetOverrun {
  kind: keyof Budget;
  bytes: number;
  /** The budget in KB (1024 bytes). */
  limit: number;
}

/** The figures of one page over its budget. */
export function overBudget(weight: PageWeight, budget: Budget): BudgetOverrun[] {
  return (Object.keys(BUDGETED) as (keyof Budget)[]).flatMap((kind) => {
    const limit = budget[kind];
    const bytes = weight[BUDGETED[kind].figure];
    return limit !== undefined && bytes > limit * 1024 ? [{ kind, bytes, limit }] : [];
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** How `site build` and `site check` word an overrun. */
export function describeOverrun(route: string, { kind, bytes, limit }: BudgetOverrun): { message: string; expected: string; found: string } {
  return {
    message: `${BUDGETED[kind].label} of ${route} is ${kb(bytes)} gzip, over its budget of ${kb(limit * 1024)}`,
    expected: `≤ ${limit} KB (gzip -9)`,
    found: `${kb(bytes)} (${bytes} bytes)`,
  };
}
