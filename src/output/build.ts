import type { Result } from '../errors/site-error.ts';
import { unwritableOutDir } from './out-dir.ts';
import { buildAssets, startCodeAssets } from './phases/assets.ts';
import { finishOutput } from './phases/finish.ts';
import { failBuild, loadSite, openContent } from './phases/load.ts';
import { writePages } from './phases/pages.ts';
import { planBuild } from './phases/plan-pages.ts';
import { recordThisBuild } from './phases/record.ts';
import { writeSiteFiles } from './phases/site-files.ts';
import { startBuild } from './phases/start.ts';
import type { BuildOptions, BuildReport, BuildStart, OpenedContent } from './phases/types.ts';
import { BEFORE_RENDER_THREAD, RenderPool } from './render-thread.ts';
import type { CodeAssets } from './site-render.ts';

export type { BuildOptions, BuildReport, PageCounts, RouteReport } from './phases/types.ts';
export { SUBMIT_ENTRIES } from './phases/pages.ts';

/**
 * content → model → HTML per route + island bundle + CSS + SEO files, written to outDir: into the last build's output
 * when the page cache has it (only what changed is written), else into an emptied folder. Each phase is a function in
 * phases/ with its input and output typed in phases/types.ts; src/output/README.md says what each decides.
 */
export async function buildSite(options: BuildOptions): Promise<Result<BuildReport>> {
  try {
    return await buildPhases(options);
  } catch (error) {
    // A folder that cannot be written is the user's to fix: said in a line, not a stack.
    const unwritable = unwritableOutDir(error, options.outDir);
    if (unwritable) return { ok: false, errors: [unwritable] };
    throw error;
  }
}

async function buildPhases(options: BuildOptions): Promise<Result<BuildReport>> {
  const started = await startBuild(options);
  if ('done' in started) return started.done;
  const { start } = started;
  // The code assets build while the content is stamped and loaded.
  const code = startCodeAssets(start.cache);
  const renderPool = new RenderPool();
  try {
    const content = await openContent(start);
    // A build that renders every page starts its render threads now: they load the renderer while the content loads.
    if (rendersEverything(start) && pageFiles(content) > BEFORE_RENDER_THREAD) renderPool.spawn();
    return await loadAndWrite(start, content, code, renderPool);
  } finally {
    await renderPool.stop();
  }
}

/** No page of this build can be reused or restored: `--no-cache`, or no build recorded into this folder yet. */
function rendersEverything(start: BuildStart): boolean {
  return start.options.fresh === true || start.recorded === undefined;
}

/** The page files the content folder's stamps list (none without the page cache, which stamps it). */
function pageFiles(content: OpenedContent): number {
  let count = 0;
  for (const entry of content.contentStamps ?? []) if (entry.startsWith('pages/') && entry.endsWith('.yaml')) count++;
  return count;
}

async function loadAndWrite(start: BuildStart, content: OpenedContent, code: Promise<CodeAssets>, renderPool: RenderPool): Promise<Result<BuildReport>> {
  const site = await loadSite(start, content, code);
  if (!site.ok) return failBuild(start, content, site.errors);
  const assets = await buildAssets(start, site.value, code);
  if (!assets.ok) return failBuild(start, content, assets.errors);
  const plan = await planBuild(start, content, site.value, assets.value);
  const run = { start, content, site: site.value, assets: assets.value, plan };
  const pages = await writePages(run, renderPool);
  await writeSiteFiles(run, pages);
  const output = await finishOutput(run, pages);
  return { ok: true, value: await recordThisBuild(run, pages, output) };
}
