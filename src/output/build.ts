import { defaultBuildCache, type BuildCache } from '../cache/build-cache.ts';
import { budgetFor, loadCheckConfig, type CheckConfig } from '../content/check-config.ts';
import { loadContent, type ContentEnv } from '../content/load.ts';
import { locate, type YamlSource } from '../content/yaml-source.ts';
import type { SiteModel } from '../content/model.ts';
import { SiteError, type Result } from '../errors/site-error.ts';
import { describeOverrun, islandScripts, overBudget, pageWeight, type BudgetOverrun, type PageWeight } from './page-weight.ts';
import { writeFunctionLocales } from './function-locales.ts';
import { emptyOutDir, guardOutDir } from './out-dir.ts';
import { seoFiles, type InlineCode } from './seo-files.ts';
import { pageSourcesEntry, writePageSources } from './page-sources.ts';
import { codeAssets, renderPage, sitePolicy } from './site-render.ts';
import { OutputWriter } from './writer.ts';

const encoder = new TextEncoder();
/** Modules only the contact submit loads (the backend client): reported apart from what pages hydrate. */
export const SUBMIT_ENTRIES = ['src/islands/contact-form/send.ts'];

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
  /** Figures over the route's budget in content/check.yaml. */
  overBudget: BudgetOverrun[];
}

export interface BuildReport {
  model: SiteModel;
  outDir: string;
  routes: RouteReport[];
  /** URL of the stylesheet every page links. */
  css: string;
  /** URL of the island loader, the one script pages load up front. */
  loader: string;
  /** One error per figure over budget (the files are written all the same, for inspection). */
  budgetErrors: SiteError[];
}

/**
 * content → model → HTML per route + island bundle + CSS + SEO files, written to outDir (emptied
 * first; assets with a gzip and a brotli copy). Bundling and CSS depend on code only and run while
 * the content loads. Pages are written as they are rendered, so a build holds a few pages in memory,
 * not all, and the disk works while the next page renders.
 */
export async function buildSite(options: BuildOptions): Promise<Result<BuildReport>> {
  const guard = guardOutDir(options.outDir, options.contentDir);
  if (guard) return { ok: false, errors: [guard] };
  const cache = options.cache ?? defaultBuildCache();
  const codePending = codeAssets(cache);
  // A content error returns before the code assets are awaited: their failure must not go unhandled.
  codePending.catch(() => {});
  const [loaded, checkConfig] = await Promise.all([loadContent(options.contentDir, options.env), loadCheckConfig(options.contentDir)]);
  if (!loaded.ok || checkConfig.errors.length) return { ok: false, errors: [...(loaded.ok ? [] : loaded.errors), ...checkConfig.errors] };
  const model = loaded.value;
  const code = await codePending;
  await writeFunctionLocales(options.contentDir, model);

  const removeOldOutput = await emptyOutDir(options.outDir);
  const writer = new OutputWriter(options.outDir);
  const assetGzip = new Map<string, number>();
  // Page weights add up asset sizes: the assets (few, their encodings cached) are written first.
  await Promise.all([...code.files].map(async ([url, bytes]) => assetGzip.set(url, await writer.asset(url, bytes, cache))));
  const { islands } = code;
  const scripts = islandScripts(islands.loader, islands.graph, SUBMIT_ENTRIES);
  const inline: InlineCode[] = [];
  const written: Promise<RouteReport>[] = [];
  const elementSources: ReturnType<typeof pageSourcesEntry>[] = [];
  for (const entry of model.pages) {
    await writer.ready();
    const page = renderPage(model, entry, code);
    inline.push(page.inline);
    elementSources.push(pageSourcesEntry(page));
    // The report is made as soon as the page is written: what a page's HTML links is read from substrings that
    // would keep the whole page in memory if kept until the end.
    written.push(writer.page(`/${entry.file}`, page.bytes).then((htmlGzip): RouteReport => {
      const weight = pageWeight(page.refs, htmlGzip, islands.graph, scripts, (url) => assetGzip.get(url) ?? 0);
      return { route: entry.route, file: entry.file, weight, overBudget: overBudget(weight, budgetFor(checkConfig.config, entry.route)) };
    }));
  }
  await Promise.all([...seoFiles(model, sitePolicy(model, inline, code))].map(([url, text]) => writer.file(url, encoder.encode(text))));
  const routes = await Promise.all(written);
  await writePageSources(options.outDir, elementSources);
  await removeOldOutput();
  return {
    ok: true,
    value: {
      model,
      outDir: options.outDir,
      routes: routes.sort((a, b) => a.route.localeCompare(b.route)),
      css: code.cssUrl,
      loader: islands.loader,
      budgetErrors: budgetErrors(routes, checkConfig.config, checkConfig.source),
    },
  };
}

/** Over-budget figures as errors located at the budget that applies (the route's override, else the default). */
function budgetErrors(routes: readonly RouteReport[], config: CheckConfig, source: YamlSource | undefined): SiteError[] {
  return routes.flatMap(({ route, overBudget }) =>
    overBudget.map((overrun) => {
      const { kind } = overrun;
      const where = config.budgets.routes[route]?.[kind] !== undefined ? ['budgets', 'routes', route, kind] : ['budgets', 'default', kind];
      return new SiteError({
        code: 'budget',
        ...describeOverrun(route, overrun),
        // Without content/check.yaml there are no budgets, so an overrun always has a source.
        location: source && locate(source, where),
        hint: 'make the page lighter, or raise the budget in content/check.yaml with a reason; `site check` names the files counted',
      });
    }),
  );
}
