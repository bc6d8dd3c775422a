/**
 * `site build` of the real site: with an empty build cache (a machine's first build), every page rendered with a
 * filled asset cache (`--no-cache`), and warm with nothing changed; each run a fresh process, as a user or CI runs it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repo, runSite } from './measure.ts';
import { timeCases, WARM_RUNS, type CaseTiming } from './warm-builds.ts';

/**
 * Work folders (outputs, caches, synthetic content) deleted only once every build is timed: on this disk
 * (ext4 with online discard) deleting thousands of files slows the writes of builds that run meanwhile,
 * which measured the previous set's cleanup rather than the build (the real site's median rose from
 * 0.85 s to 1.08 s).
 */
export const leftovers: string[] = [];

export async function removeBuildFolders(): Promise<void> {
  await Promise.all(leftovers.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

export async function realSiteBuilds(runs: number): Promise<CaseTiming[]> {
  const work = await mkdtemp(path.join(tmpdir(), 'site-bench-build-'));
  leftovers.push(work);
  const content = path.join(repo, 'content');
  const cache = { SITE_CACHE_DIR: path.join(work, 'cache') };
  const build = (out: string, extra: string[] = []) => ['build', ...extra, '--content', content, '--out', path.join(work, out)];
  await runSite(build('warm'), cache);
  // Earlier sets leave megabytes of written files for the kernel to flush; flushing them first keeps that
  // disk work out of this set's timings.
  execFileSync('sync');
  return timeCases(
    [
      // Each cold run into an output folder of its own, as on a fresh clone in CI: deleting an earlier build's
      // files is the disk's work, not the build's.
      {
        kind: 'empty-cache',
        label: 'real site, empty build cache',
        build: (run) => runSite(build(`empty-${run}`), { SITE_CACHE_DIR: path.join(work, `cache-${run}`) }),
      },
      {
        kind: 'cold',
        label: 'real site, every page rendered (`--no-cache`), filled asset cache',
        build: (run) => runSite(build(`cold-${run}`, ['--no-cache']), cache),
      },
      { kind: 'no-change', label: 'real site, warm, nothing changed', build: () => runSite(build('warm'), cache), minRuns: WARM_RUNS },
    ],
    runs,
  );
}
