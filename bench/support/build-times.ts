/**
 * `site build` wall time and peak memory: the real site with an empty and a filled build cache, and
 * synthetic content sets of growing size (each run a fresh process, as a user or CI runs it).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, repo, runSite } from './measure.ts';
import { writeSyntheticContent } from './synthetic.ts';

/**
 * Work folders (outputs, caches, synthetic content) deleted only once every build is timed: on this disk
 * (ext4 with online discard) deleting thousands of files slows the writes of builds that run meanwhile,
 * which measured the previous set's cleanup rather than the build (the real site's median rose from
 * 0.85 s to 1.08 s).
 */
const leftovers: string[] = [];

export async function removeBuildFolders(): Promise<void> {
  await Promise.all(leftovers.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

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
  leftovers.push(work);
  const warmCache = path.join(work, 'cache');
  const build = (run: number) =>
    // Each run into an output directory of its own, as on a fresh clone in CI: deleting an earlier build's
    // files is the disk's work, not the build's (a rebuild deletes the old output after writing the new).
    runSite(['build', '--content', contentDir, '--out', path.join(work, `out-${run}`)], { SITE_CACHE_DIR: cache === 'warm' ? warmCache : path.join(work, `cache-${run}`) });
  if (cache === 'warm') await build(-1);
  // Earlier sets leave megabytes of written files for the kernel to flush; flushing them first keeps that
  // disk work out of this set's timings (the real site's filled-cache median read 1.00 s right after the
  // empty-cache set instead of 0.85 s).
  execFileSync('sync');
  const results = [];
  for (let run = 0; run < runs; run++) results.push(await build(run));
  const ms = median(results.map((r) => r.ms));
  return { label, pages, runs, medianMs: ms, msPerPage: ms / pages, peakMb: median(results.map((r) => r.peakMb)) };
}

export async function realSiteBuilds(runs: number, pages: number): Promise<BuildTiming[]> {
  const content = path.join(repo, 'content');
  return [await timeBuilds('real site, empty build cache', content, pages, runs, 'cold'), await timeBuilds('real site, filled build cache', content, pages, runs, 'warm')];
}

export async function syntheticBuilds(sizes: readonly number[], runs: (pages: number) => number): Promise<BuildTiming[]> {
  const out: BuildTiming[] = [];
  for (const pages of sizes) {
    const dir = await mkdtemp(path.join(tmpdir(), `site-bench-synthetic-${pages}-`));
    leftovers.push(dir);
    await writeSyntheticContent(dir, pages);
    // The content is what varies here; the code's assets come from the build cache, as on any build but a machine's first.
    out.push(await timeBuilds(`synthetic, ${pages.toLocaleString('en')} pages, filled build cache`, dir, pages, runs(pages), 'warm'));
  }
  return out;
}
