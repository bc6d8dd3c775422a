import path from 'node:path';
import { defaultBuildCache, noCache } from '../../cache/build-cache.ts';
import type { Result } from '../../errors/site-error.ts';
import { unchangedPlan } from '../incremental/explain.ts';
import { generatorId } from '../generator-id.ts';
import { claimOutDir, guardOutDir } from '../out-dir.ts';
import { lastBuild, unchangedSince, type BuildInputs, type UnchangedReport } from '../unchanged-build.ts';
import type { BuildOptions, BuildReport, BuildStart, RouteReport } from './types.ts';

/**
 * The build's settings resolved and the last build's record read. Done already: the output folder is refused
 * (guardOutDir, claimOutDir), or nothing the last build read or wrote changed, so that build is this one (unchanged-build.ts) and
 * nothing is loaded.
 */
export async function startBuild(options: BuildOptions): Promise<{ start: BuildStart } | { done: Result<BuildReport> }> {
  const guard = guardOutDir(options.outDir, options.contentDir);
  if (guard) return { done: { ok: false, errors: [guard] } };
  const cache = options.cache ?? defaultBuildCache();
  const outDir = path.resolve(options.outDir);
  // Without a cache there is nowhere to keep what this build did: every build is cold.
  const cached = options.pageCache === true && cache !== noCache;
  const generator = options.generator ?? (cached ? await generatorId() : '');
  const publication = options.publication ?? { at: new Date(), drafts: false };
  const inputs: BuildInputs = { contentDir: options.contentDir, outDir, generator, env: options.env ?? {}, drafts: publication.drafts };
  const recorded = cached && !options.fresh ? await lastBuild(cache, inputs) : undefined;
  // The page cache's record of the last build into this folder also marks it as a build's (its sources file may be gone).
  const claim = await claimOutDir(options.outDir, options.emptyOutDir === true || recorded !== undefined);
  if (claim) return { done: { ok: false, errors: [claim] } };
  const unchanged = recorded && unchangedSince(recorded, inputs, publication.at);
  if (unchanged) return { done: { ok: true, value: unchangedReport(options.outDir, unchanged) } };
  return { start: { options, cache, outDir, cached, generator, publication, inputs, recorded } };
}

/** The report of a build that found nothing changed since the last one: every page reused. */
function unchangedReport(outDir: string, report: UnchangedReport): BuildReport {
  const routes = report.routes.map((r): RouteReport => ({ ...r, overBudget: [] }));
  return {
    outDir,
    routes,
    css: report.css,
    loader: report.loader,
    budgetErrors: [],
    pages: { rendered: 0, reused: routes.length, removed: 0 },
    privacy: report.privacy,
    loadedPages: 0,
    plan: unchangedPlan(routes),
    projectFiles: [],
  };
}
