import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { injectedStyles } from '../assets/injected-styles.ts';
import { bundleIslands, type IslandBundle } from '../assets/islands.ts';
import { buildStyles } from '../assets/styles.ts';
import { defaultBuildCache, type BuildCache } from '../cache/build-cache.ts';
import { loadContent, type ContentEnv } from '../content/load.ts';
import type { SiteModel } from '../content/model.ts';
import { SiteError, type Result } from '../errors/site-error.ts';
import { renderRoute } from '../render/render-route.tsx';
import { contentHash } from './hash.ts';
import { islandScripts, pageAssetRefs, pageWeight, type PageWeight } from './page-weight.ts';
import { ASSET_EFFORT, PAGE_EFFORT } from './precompress.ts';
import { contentSecurityPolicy, contentSecurityPolicyMeta, seoFiles, type RenderedRoute } from './seo-files.ts';
import { OutputWriter } from './writer.ts';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Modules only the contact submit loads (the backend client): reported apart from what pages hydrate. */
const SUBMIT_ENTRIES = ['src/islands/contact-form/send.ts'];

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  env?: ContentEnv;
  /** Where deterministic steps keep their results; default `node_modules/.cache/site` (see cache/). */
  cache?: BuildCache;
}

export interface RouteReport {
  route: string;
  file: string;
  /** gzip bytes a visitor downloads, by moment (see PageWeight). */
  weight: PageWeight;
}

export interface BuildReport {
  model: SiteModel;
  outDir: string;
  routes: RouteReport[];
  /** URL of the stylesheet every page links. */
  css: string;
  /** URL of the island loader, the one script pages load up front. */
  loader: string;
}

function guardOutDir(outDir: string, contentDir: string): SiteError | undefined {
  const out = path.resolve(outDir);
  const unsafe = [path.parse(out).root, process.cwd(), packageRoot, path.resolve(contentDir)];
  if (unsafe.some((dir) => dir === out || dir.startsWith(out + path.sep))) {
    return new SiteError({ code: 'unsafe-out-dir', message: `refusing to empty ${out}: it contains the project or its content`, hint: 'choose an output directory of its own, e.g. dist' });
  }
  return undefined;
}

/** What the code alone determines (scripts, stylesheet, document shell): the same for any content. */
interface CodeAssets {
  islands: IslandBundle;
  css: string;
  template: string;
}

async function codeAssets(cache: BuildCache): Promise<CodeAssets> {
  const [islands, css, template] = await Promise.all([bundleIslands(), buildStyles(cache), readFile(path.join(packageRoot, 'templates/document.html'), 'utf8')]);
  return { islands, css, template };
}

/**
 * content → model → HTML per route + island bundle + CSS + SEO files, written to outDir (emptied
 * first) with a gzip and a brotli copy of every compressible file. Bundling and CSS depend on code
 * only and run while the content loads.
 */
export async function buildSite(options: BuildOptions): Promise<Result<BuildReport>> {
  const guard = guardOutDir(options.outDir, options.contentDir);
  if (guard) return { ok: false, errors: [guard] };
  const cache = options.cache ?? defaultBuildCache();
  const code = codeAssets(cache);
  // A content error returns before `code` is awaited: its failure (if any) must not go unhandled.
  code.catch(() => {});
  const loaded = await loadContent(options.contentDir, options.env);
  if (!loaded.ok) return loaded;
  const model = loaded.value;
  const { islands, css, template } = await code;

  const cssUrl = `/assets/site-${contentHash(css)}.css`;
  const assets = new Map(islands.files).set(cssUrl, new TextEncoder().encode(css));
  const pageAssets = { css: cssUrl, loader: islands.loader };
  const pages = model.pages.map((entry) => ({ entry, html: renderRoute(model, entry, pageAssets, template) }));
  const runtime = { injectedStyles: await injectedStyles(islands.files) };
  // The policy `_headers` sends, also as a meta tag: hosts that ignore `_headers` (and `site serve`) enforce it too.
  const cspMeta = contentSecurityPolicyMeta(contentSecurityPolicy(model, pages.map((p) => p.html), runtime));

  await rm(options.outDir, { recursive: true, force: true });
  const writer = new OutputWriter(options.outDir);
  const assetGzip = new Map<string, number>();
  await Promise.all([...assets].map(async ([url, bytes]) => assetGzip.set(url, await writer.write(url, bytes, ASSET_EFFORT, cache))));
  const scripts = islandScripts(islands.loader, islands.graph, SUBMIT_ENTRIES);
  const routes = await Promise.all(pages.map(async ({ entry, html }): Promise<RouteReport & RenderedRoute> => {
    const final = html.replace('<meta charset="utf-8">', `<meta charset="utf-8">\n${cspMeta}`);
    const htmlGzip = await writer.write(`/${entry.file}`, new TextEncoder().encode(final), PAGE_EFFORT);
    const weight = pageWeight(pageAssetRefs(final), htmlGzip, islands.graph, scripts, (url) => assetGzip.get(url) ?? 0);
    return { route: entry.route, file: entry.file, weight, entry, html: final };
  }));
  await Promise.all([
    ...[...seoFiles(model, routes, runtime)].map(([url, text]) => writer.write(url, new TextEncoder().encode(text), PAGE_EFFORT)),
    readFile(path.join(packageRoot, 'templates/favicon.svg')).then((svg) => writer.write('/favicon.svg', svg, ASSET_EFFORT, cache)),
  ]);
  return {
    ok: true,
    value: {
      model,
      outDir: options.outDir,
      routes: routes.map(({ route, file, weight }) => ({ route, file, weight })).sort((a, b) => a.route.localeCompare(b.route)),
      css: cssUrl,
      loader: islands.loader,
    },
  };
}
