import type { ScriptNode } from '../assets/islands.ts';

/**
 * gzip bytes a visitor downloads for one page, by moment. JS is counted as whole files, each once:
 * the page's scripts with everything they import statically, plus the islands that have woken.
 */
export interface PageWeight {
  html: number;
  css: number;
  /** A returning visitor reading the page: islands that hydrate on load or idle (no condition), nothing else. */
  jsLoad: number;
  /** A first visit: as jsLoad, plus conditional islands whose condition holds then (the cookie banner). */
  jsFirstVisit: number;
  /** Every island on the page hydrated and a toast shown: the most the page loads before a submit. */
  jsHydrated: number;
  /** What the first contact submit adds (the backend client). */
  jsSubmit: number;
}

export interface IslandUse {
  name: string;
  hydrate: string;
  when?: string;
}

/** What a page links and which islands it holds, read from its HTML (our own markup; see render/Island.tsx). */
export interface PageAssetRefs {
  scripts: string[];
  stylesheets: string[];
  islands: IslandUse[];
}

const TAG_ATTRIBUTES = /([\w-]+)="([^"]*)"/g;
const attributesOf = (tag: string) => Object.fromEntries([...tag.matchAll(TAG_ATTRIBUTES)].map((m) => [m[1]!, m[2]!]));

export function pageAssetRefs(html: string): PageAssetRefs {
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map((m) => attributesOf(m[0]).href).filter((h): h is string => !!h);
  const stylesheets = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => attributesOf(m[0]).href).filter((h): h is string => !!h);
  const islands = [...html.matchAll(/<div\b[^>]*\bdata-island="[^"]*"[^>]*>/g)].map((m) => {
    const a = attributesOf(m[0]);
    return { name: a['data-island']!, hydrate: a['data-hydrate'] ?? 'load', ...(a['data-when'] ? { when: a['data-when'] } : {}) };
  });
  return { scripts: [...scripts, ...preloads], stylesheets, islands };
}

/** The scripts an island needs besides the loader: React's mount chunk and the island's own chunk. */
export interface IslandScripts {
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
  return { mount, chunks, submit };
}

const EAGER = new Set(['load', 'idle']);

/** Every script reachable from `roots` through static imports (and dynamic ones when `lazy`), minus `stop`. */
function closure(roots: Iterable<string>, graph: ReadonlyMap<string, ScriptNode>, lazy: boolean, stop: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url) || stop.has(url)) continue;
    seen.add(url);
    const node = graph.get(url);
    if (node) queue.push(...node.static, ...(lazy ? node.dynamic : []));
  }
  return seen;
}

/** The weights of one page, given gzip sizes of the built files. */
export function pageWeight(refs: PageAssetRefs, htmlGzip: number, graph: ReadonlyMap<string, ScriptNode>, islands: IslandScripts, gzipSize: (url: string) => number): PageWeight {
  const sum = (urls: Iterable<string>) => [...urls].reduce((total, url) => total + gzipSize(url), 0);
  const woken = (uses: IslandUse[]) => (uses.length ? [islands.mount, ...uses.map((u) => islands.chunks.get(u.name)).filter((c): c is string => !!c)] : []);
  // The loader's own dynamic imports are every island of the site: only woken islands are followed.
  const page = closure(refs.scripts, graph, false);
  const withIslands = (uses: IslandUse[], lazy: boolean, stop?: ReadonlySet<string>) => new Set([...page, ...closure(woken(uses), graph, lazy, stop)]);
  const eager = refs.islands.filter((u) => EAGER.has(u.hydrate));
  const hydrated = withIslands(refs.islands, true, islands.submit);
  const reachable = withIslands(refs.islands, true);
  return {
    html: htmlGzip,
    css: sum(refs.stylesheets),
    jsLoad: sum(withIslands(eager.filter((u) => !u.when), false)),
    jsFirstVisit: sum(withIslands(eager, false)),
    jsHydrated: sum(hydrated),
    jsSubmit: sum([...reachable].filter((url) => !hydrated.has(url))),
  };
}
