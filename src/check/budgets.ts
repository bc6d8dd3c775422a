import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { budgetFor, type CheckConfig } from './config.ts';
import { finding, type Finding } from './finding.ts';
import { linksWithRel } from './html.ts';
import type { BuiltPage } from './output.ts';

/** Static imports and re-exports in an ES module (esbuild output); `import("…")` is lazy and not counted. */
const STATIC_IMPORT = /(?<![\w$.])(?:import|export)\s*(?:\{[^}]*\}|\*(?:\s*as\s*[\w$]+)?|[\w$]+(?:\s*,\s*\{[^}]*\})?)?\s*(?:from\s*)?["'](\.{1,2}\/[^"'\s]+|\/[^"'\s]+)["']/g;

/** The island loader's registry, as esbuild writes it: `"name":()=>import("./Chunk-HASH.js")`. */
const ISLAND_ENTRY = /["']?([\w-]+)["']?\s*:\s*\(\)\s*=>\s*import\(\s*["']([^"']+)["']\s*\)/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;
/** Islands that hydrate without any interaction download their code during page load. */
const EAGER = new Set(['load', 'idle']);

export interface PageWeight {
  route: string;
  html: number;
  css: number;
  js: number;
  /** The assets counted, for the error message. */
  assets: { css: string[]; js: string[] };
}

const gzip = (data: Uint8Array | string) => gzipSync(data, { level: 9 }).byteLength;

function resolveUrl(from: string, ref: string): string {
  return ref.startsWith('/') ? ref : path.posix.join(path.posix.dirname(from), ref);
}

/**
 * gzip bytes of the HTML, the linked stylesheets, and the JavaScript a first visit downloads without
 * interacting: scripts in the page with their static imports, plus — when an island hydrates on `load` or
 * `idle` — the island runtime and that island's chunk. Islands waiting for `visible` or `interaction` are lazy.
 */
export async function measurePages(outDir: string, pages: readonly BuiltPage[]): Promise<PageWeight[]> {
  const cache = new Map<string, { bytes: number; text: string } | undefined>();
  const asset = async (url: string) => {
    if (!cache.has(url)) {
      try {
        const text = await readFile(path.join(outDir, ...url.split('?')[0]!.split('/').filter(Boolean)), 'utf8');
        cache.set(url, { bytes: gzip(text), text });
      } catch {
        cache.set(url, undefined);
      }
    }
    return cache.get(url);
  };
  const weights: PageWeight[] = [];
  for (const page of pages) {
    const local = (url: string | null): url is string => !!url && url.startsWith('/') && !url.startsWith('//');
    const css = linksWithRel(page.dom, 'stylesheet').map((el) => el.getAttributeValue('href')).filter(local);
    const js = new Set<string>();
    const queue = [
      ...page.dom.querySelectorAll('script[src]').map((el) => el.getAttributeValue('src')),
      ...linksWithRel(page.dom, 'modulepreload').map((el) => el.getAttributeValue('href')),
    ].filter(local);
    const eager = page.dom.querySelectorAll('[data-island]').filter((el) => EAGER.has(el.getAttributeValue('data-hydrate') ?? 'load')).map((el) => el.getAttributeValue('data-island') ?? '');
    if (eager.length) {
      for (const loader of [...queue]) {
        const text = (await asset(loader))?.text ?? '';
        const registry = new Map([...text.matchAll(ISLAND_ENTRY)].map((m) => [m[1]!, resolveUrl(loader, m[2]!)]));
        const runtime = [...text.matchAll(DYNAMIC_IMPORT)].map((m) => resolveUrl(loader, m[1]!)).filter((url) => ![...registry.values()].includes(url));
        queue.push(...runtime, ...eager.flatMap((name) => (registry.has(name) ? [registry.get(name)!] : [])));
      }
    }
    while (queue.length) {
      const url = queue.shift()!;
      if (js.has(url)) continue;
      js.add(url);
      const file = await asset(url);
      for (const match of file?.text.matchAll(STATIC_IMPORT) ?? []) queue.push(resolveUrl(url, match[1]!));
    }
    const sum = async (urls: Iterable<string>) => {
      let total = 0;
      for (const url of urls) total += (await asset(url))?.bytes ?? 0;
      return total;
    };
    weights.push({ route: page.entry.route, html: gzip(page.html), css: await sum(css), js: await sum(js), assets: { css, js: [...js] } });
  }
  return weights;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** budget: each route's gzip bytes stay within content/check.yaml (default, then per-route overrides). */
export async function checkBudgets(outDir: string, pages: readonly BuiltPage[], config: CheckConfig): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const weight of await measurePages(outDir, pages)) {
    const budget = budgetFor(config, weight.route);
    for (const kind of ['html', 'css', 'js'] as const) {
      const limit = budget[kind];
      if (limit === undefined || weight[kind] <= limit * 1024) continue;
      const assets = kind === 'html' ? [pages.find((p) => p.entry.route === weight.route)!.entry.file] : weight.assets[kind];
      out.push(finding({
        code: 'budget',
        severity: 'error',
        message: `${kind.toUpperCase()} of ${weight.route} is ${kb(weight[kind])} gzip, over its budget of ${kb(limit * 1024)}`,
        route: weight.route,
        element: assets.join(', '),
        expected: `≤ ${limit} KB (gzip -9)`,
        found: `${kb(weight[kind])} (${weight[kind]} bytes)`,
        hint: `shrink the ${kind === 'html' ? 'page' : kind === 'css' ? 'stylesheet' : 'scripts loaded up front (lazy-load what is not needed at once)'}, or raise budgets in content/check.yaml with a reason`,
      }));
    }
  }
  return out;
}
