import path from 'node:path';
import type { CheckConfig } from '../../content/check-config.ts';
import { publishingWindow } from '../../content/publishing.ts';
import { locate, type YamlSource } from '../../content/yaml-source.ts';
import { SiteError } from '../../errors/site-error.ts';
import { FUNCTION_LOCALES_FILE } from '../function-locales.ts';
import { planReport } from '../incremental/explain.ts';
import { siteFamilies } from '../incremental/scope.ts';
import { pageSourcesFile } from '../page-sources.ts';
import { describeOverrun } from '../page-weight.ts';
import { privacyPolicyFacts } from '../privacy-policy.ts';
import { siteFacts } from '../seo-files.ts';
import { treeStamps } from '../tree-stamps.ts';
import { besideStamps, recordBuild } from '../unchanged-build.ts';
import type { BuildReport, BuildRun, FinishedOutput, RouteReport, WrittenPages } from './types.ts';

/**
 * The build's report, and with the page cache its record for the next build (unchanged-build.ts): the content and
 * output stamps, the files beside them, and each page's line. A build with figures over budget is not recorded: its
 * errors point into check.yaml, which only a loaded build can do.
 */
export async function recordThisBuild(run: BuildRun, pages: WrittenPages, output: FinishedOutput): Promise<BuildReport> {
  const { start, content, site, assets, plan } = run;
  const { routes, listed } = output;
  const value: BuildReport = {
    outDir: start.options.outDir,
    routes: routes.sort((a, b) => a.route.localeCompare(b.route)),
    css: assets.code.cssUrl,
    loader: assets.code.islands.loader,
    budgetErrors: budgetErrors(routes, site.checkConfig, site.checkSource),
    pages: pages.counts,
    privacy: privacyPolicyFacts(site.model),
    loadedPages: site.loaded.pages.length,
    plan: planReport({ ...plan.plan, pages: pages.done }),
  };
  if (!start.cached) return value;
  const { outDir, options, publication, cache, inputs } = start;
  const contentStamps = value.budgetErrors.length === 0 && content.contentStamps;
  // Beside the folders: the element sources, and the function's locales with the folder that decides whether they are written.
  const project = path.dirname(path.resolve(options.contentDir));
  const beside = besideStamps([pageSourcesFile(outDir), path.join(project, 'supabase/functions'), path.join(project, FUNCTION_LOCALES_FILE)]);
  const families = siteFamilies(site.loaded.pages, (source) => content.memo.hasVerbatim(source));
  // A page file's stamp is the manifest's; into an emptied folder, every file there is one this build wrote (`keep`),
  // so the stamping walk lists nothing.
  const pageStamp = (file: string) => pages.next.pages[file]?.stamp;
  const stamps = contentStamps
    ? {
        window: publishingWindow(site.loaded, publication.at),
        content: contentStamps,
        output: listed ?? treeStamps(outDir, { stated: pageStamp, written: pages.removeOldOutput && pages.keep }) ?? [],
        beside,
        site: plan.site,
        budgets: site.budgets,
        siteFamilies: families,
      }
    : undefined;
  const byFile = new Map(site.view.pages.map((summary, index) => [summary.file, { key: plan.keys[index] ?? '', facts: siteFacts(summary) }]));
  const lines = { key: (file: string) => byFile.get(file)?.key ?? '', facts: (file: string) => byFile.get(file)?.facts ?? '' };
  await recordBuild(cache, inputs, stamps, value, lines, plan.lastLines);
  return value;
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
