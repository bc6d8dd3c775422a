/**
 * `site build` wall time and peak memory: the real site with an empty and a filled build cache, and
 * synthetic content sets of growing size (each run a fresh process, as a user or CI runs it).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, repo, runSite } from './measure.ts';
import { writeSyntheticContent } from './synthetic.ts';

export interface BuildTiming {
  label: string;
  pages: number;
  runs: number;
  medianMs: number;
  msPerPage: number;
  /** Median over the runs of each run's peak resident memory, MB. */
  peakMb: number;
}

/** Builds `contentDir` `runs` times; `cache` 'cold' gives every run an empty build cache, 'warm' a filled one. */
async function timeBuilds(label: string, contentDir: string, pages: number, runs: number, cache: 'cold' | 'warm'): Promise<BuildTiming> {
  const work = await mkdtemp(path.join(tmpdir(), 'site-bench-build-'));
  const warmCache = path.join(work, 'cache');
  const build = (run: number) =>
    // Each run into an output directory of its own, as on a fresh clone in CI: deleting an earlier build's
    // files is the disk's work, not the build's (README, Performance, gives the cost of a rebuild).
    runSite(['build', '--content', contentDir, '--out', path.join(work, `out-${run}`)], { SITE_CACHE_DIR: cache === 'warm' ? warmCache : path.join(work, `cache-${run}`) });
  try {
    if (cache === 'warm') await build(-1);
    const results = [];
    for (let run = 0; run < runs; run++) results.push(await build(run));
    const ms = median(results.map((r) => r.ms));
    return { label, pages, runs, medianMs: ms, msPerPage: ms / pages, peakMb: median(results.map((r) => r.peakMb)) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export async function realSiteBuilds(runs: number, pages: number): Promise<BuildTiming[]> {
  const content = path.join(repo, 'content');
  return [await timeBuilds('real site, empty build cache', content, pages, runs, 'cold'), await timeBuilds('real site, filled build cache', content, pages, runs, 'warm')];
}

export async function syntheticBuilds(sizes: readonly number[], runs: (pages: number) => number): Promise<BuildTiming[]> {
  const out: BuildTiming[] = [];
  for (const pages of sizes) {
    const dir = await mkdtemp(path.join(tmpdir(), `site-bench-synthetic-${pages}-`));
    try {
      await writeSyntheticContent(dir, pages);
      // The content is what varies here; the code's assets come from the build cache, as on any build but a machine's first.
      out.push(await timeBuilds(`synthetic, ${pages.toLocaleString('en')} pages, filled build cache`, dir, pages, runs(pages), 'warm'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return out;
}
