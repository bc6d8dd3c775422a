import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ScriptNode } from '../assets/islands.ts';
import { budgetFor, type CheckConfig } from '../content/check-config.ts';
import {
  BUDGETED,
  describeOverrun,
  islandPropsFiles,
  overBudget,
  pageAssetRefs,
  pageScripts,
  weigh,
  type IslandScripts,
  type PageScripts,
} from '../output/page-weight.ts';
import { finding, type Finding } from './finding.ts';
import type { BuiltPage } from './site-index.ts';

/** Static imports and re-exports in an ES module (esbuild output); `import("…")` is lazy. */
const STATIC_IMPORT =
  /(?<![\w$.])(?:import|export)\s*(?:\{[^}]*\}|\*(?:\s*as\s*[\w$]+)?|[\w$]+(?:\s*,\s*\{[^}]*\})?)?\s*(?:from\s*)?["'](\.{1,2}\/[^"'\s]+|\/[^"'\s]+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;
/** The island loader's registry, as esbuild writes it: `"name":()=>import("./Chunk-HASH.js")`. */
const ISLAND_ENTRY = /["']?([\w-]+)["']?\s*:\s*\(\)\s*=>\s*import\(\s*["']([^"']+)["']\s*\)/g;

const gzip = (data: Uint8Array | string) => gzipSync(data, { level: 9 }).byteLength;
const resolveUrl = (from: string, ref: string) => (ref.startsWith('/') ? ref : path.posix.join(path.posix.dirname(from), ref));

/** What the checker knows of the built scripts: the import graph read back from the files, and their gzip sizes. */
interface BuiltScripts {
  graph: Map<string, ScriptNode>;
  islands?: IslandScripts;
  gzip: Map<string, number>;
}

/**
 * The script graph of a built site, read from dist/assets/*.js (the checker may be given any output
 * directory, so it cannot rely on the build's metafile): the loader is the file holding the island
 * registry; the mount chunk is its other lazy import; chunks only ever imported lazily by other chunks
 * are the submit path.
 */
async function readScripts(outDir: string): Promise<BuiltScripts> {
  const names = (await readdir(path.join(outDir, 'assets')).catch(() => [] as string[])).filter((n) => n.endsWith('.js'));
  const graph = new Map<string, ScriptNode>();
  const sizes = new Map<string, number>();
  let islands: IslandScripts | undefined;
  for (const name of names) {
    const url = `/assets/${name}`;
    const text = await readFile(path.join(outDir, 'assets', name), 'utf8');
    sizes.set(url, gzip(text));
    graph.set(url, {
      static: [...text.matchAll(STATIC_IMPORT)].map((m) => resolveUrl(url, m[1]!)),
      dynamic: [...text.matchAll(DYNAMIC_IMPORT)].map((m) => resolveUrl(url, m[1]!)),
    });
    const registry = new Map([...text.matchAll(ISLAND_ENTRY)].map((m) => [m[1]!, resolveUrl(url, m[2]!)]));
    if (registry.size) {
      const mount = graph.get(url)!.dynamic.find((d) => ![...registry.values()].includes(d));
      if (mount) islands = { loader: url, mount, chunks: registry, submit: new Set() };
    }
  }
  if (islands) for (const [url, node] of graph) if (url !== islands.loader) for (const lazy of node.dynamic) islands.submit.add(lazy);
  return { graph, islands, gzip: sizes };
}

const HINT: Record<keyof typeof BUDGETED, string> = {
  html: 'shrink the page',
  css: 'shrink the stylesheet',
  js: 'shrink the scripts loaded up front (lazy-load what is not needed at once)',
  jsAtMost: 'shrink the islands of the page or what they import (load what only a submit needs on submit)',
};
const none = new Set<string>();
const NO_SCRIPTS: PageScripts = { load: none, hydrated: none, submit: none };

/**
 * budget: each route's gzip bytes stay within content/check.yaml (default, then per-route overrides).
 * The figures are the build's (output/page-weight.ts), measured here from the files in outDir.
 */
export async function checkBudgets(outDir: string, pages: readonly Pick<BuiltPage, 'entry' | 'html'>[], config: CheckConfig): Promise<Finding[]> {
  const scripts = await readScripts(outDir);
  const local = (url: string) => url.startsWith('/') && !url.startsWith('//');
  const refs = new Map(pages.map((page) => [page, pageAssetRefs(page.html)]));
  const sizes = new Map(scripts.gzip);
  // Stylesheets and islands' props files (which a woken island fetches) are weighed from the files too.
  for (const url of new Set([...refs.values()].flatMap((r) => [...r.stylesheets, ...islandPropsFiles(r)].filter(local)))) {
    sizes.set(url, gzip(await readFile(path.join(outDir, ...url.split('/').filter(Boolean))).catch(() => '')));
  }
  const out: Finding[] = [];
  for (const page of pages) {
    const { route, file } = page.entry;
    const pageRefs = refs.get(page)!;
    const stylesheets = pageRefs.stylesheets.filter(local);
    const files = scripts.islands ? pageScripts(pageRefs, scripts.graph, scripts.islands) : NO_SCRIPTS;
    const weight = weigh(files, gzip(page.html), { stylesheets, islands: pageRefs.islands }, (url) => sizes.get(url) ?? 0);
    for (const overrun of overBudget(weight, budgetFor(config, route))) {
      const { kind } = overrun;
      const counted = BUDGETED[kind].scripts;
      const assets = kind === 'html' ? [file] : counted ? [...files[counted]] : stylesheets;
      out.push(
        finding({
          code: 'budget',
          severity: 'error',
          ...describeOverrun(route, overrun),
          route,
          element: assets.join(', '),
          hint: `${HINT[kind]}, or raise budgets in content/check.yaml with a reason`,
        }),
      );
    }
  }
  return out;
}
