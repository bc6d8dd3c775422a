import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { injectedStyles } from '../assets/injected-styles.ts';
import { bundleIslands } from '../assets/islands.ts';
import { buildStyles } from '../assets/styles.ts';
import { loadContent, type ContentEnv } from '../content/load.ts';
import type { SiteModel } from '../content/model.ts';
import { SiteError, type Result } from '../errors/site-error.ts';
import { renderRoute } from '../render/render-route.tsx';
import { contentHash } from './hash.ts';
import { contentSecurityPolicy, contentSecurityPolicyMeta, seoFiles, type RenderedRoute } from './seo-files.ts';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Stands in for the stylesheet URL until the CSS (which depends on the rendered pages) is built. */
const CSS_TOKEN = '/assets/__site_css__';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  env?: ContentEnv;
}

export interface RouteReport {
  route: string;
  file: string;
  htmlBytes: number;
  cssBytes: number;
  /** JavaScript the page loads before any interaction (the island loader). */
  jsBytes: number;
  jsGzipBytes: number;
}

export interface BuildReport {
  model: SiteModel;
  outDir: string;
  routes: RouteReport[];
  css: string;
  loader?: string;
  files: Map<string, Uint8Array>;
}

async function writeOut(outDir: string, url: string, data: string | Uint8Array): Promise<void> {
  const target = path.join(outDir, ...url.split('/').filter(Boolean));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, data);
}

function guardOutDir(outDir: string, contentDir: string): SiteError | undefined {
  const out = path.resolve(outDir);
  const unsafe = [path.parse(out).root, process.cwd(), packageRoot, path.resolve(contentDir)];
  if (unsafe.some((dir) => dir === out || dir.startsWith(out + path.sep))) {
    return new SiteError({ code: 'unsafe-out-dir', message: `refusing to empty ${out}: it contains the project or its content`, hint: 'choose an output directory of its own, e.g. dist' });
  }
  return undefined;
}

/** content → model → HTML per route + island bundle + CSS, written to outDir (emptied first). */
export async function buildSite(options: BuildOptions): Promise<Result<BuildReport>> {
  const guard = guardOutDir(options.outDir, options.contentDir);
  if (guard) return { ok: false, errors: [guard] };
  const loaded = await loadContent(options.contentDir, options.env);
  if (!loaded.ok) return loaded;
  const model = loaded.value;

  await rm(options.outDir, { recursive: true, force: true });
  const template = await readFile(path.join(packageRoot, 'templates/document.html'), 'utf8');
  const islands = await bundleIslands(options.outDir);

  const pages = model.pages.map((entry) => ({ entry, html: renderRoute(model, entry, { css: CSS_TOKEN, loader: islands.loader }, template) }));
  const css = await buildStyles(pages.map((p) => p.html));
  const cssUrl = `/assets/site-${contentHash(css)}.css`;

  const files = new Map(islands.files);
  files.set(cssUrl, new TextEncoder().encode(css));
  const loaderBytes = islands.files.get(islands.loader) ?? new Uint8Array();
  const routes: RouteReport[] = [];
  const rendered: RenderedRoute[] = [];
  const runtime = { injectedStyles: await injectedStyles(islands.files) };
  // The policy `_headers` sends, also as a meta tag: hosts that ignore `_headers` (and `site serve`) enforce it too.
  const cspMeta = contentSecurityPolicyMeta(contentSecurityPolicy(model, pages.map((p) => p.html.replace(CSS_TOKEN, cssUrl)), runtime));
  for (const { entry, html } of pages) {
    const final = html.replace(CSS_TOKEN, cssUrl).replace('<meta charset="utf-8">', `<meta charset="utf-8">\n${cspMeta}`);
    rendered.push({ entry, html: final });
    const bytes = new TextEncoder().encode(final);
    files.set(`/${entry.file}`, bytes);
    routes.push({
      route: entry.route,
      file: entry.file,
      htmlBytes: bytes.byteLength,
      cssBytes: css.length,
      jsBytes: loaderBytes.byteLength,
      jsGzipBytes: gzipSync(loaderBytes, { level: 9 }).byteLength,
    });
  }
  for (const [url, text] of seoFiles(model, rendered, runtime)) files.set(url, new TextEncoder().encode(text));
  for (const [url, data] of files) await writeOut(options.outDir, url, data);
  await copyFile(path.join(packageRoot, 'templates/favicon.svg'), path.join(options.outDir, 'favicon.svg'));
  routes.sort((a, b) => a.route.localeCompare(b.route));
  return { ok: true, value: { model, outDir: options.outDir, routes, css: cssUrl, loader: islands.loader, files } };
}
