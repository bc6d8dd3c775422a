/**
 * Start-up (issue #19): a 4-page synthetic site built warm with nothing changed (what a build costs before it has any
 * work), `site --version`, and with BENCH_BASELINE the same by the previous generator, runs alternating.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StartUpTiming } from './issue-targets.ts';
import { runSite } from './measure.ts';
import { writeSyntheticContent } from './synthetic.ts';
import { baselineBin, timeCases, type BuildCase } from './warm-builds.ts';

const PAGES = 4;

export async function startUpBuilds(runs: number, baseline = process.env.BENCH_BASELINE, leftovers: string[] = []): Promise<StartUpTiming> {
  const work = await mkdtemp(path.join(tmpdir(), 'site-bench-start-up-'));
  leftovers.push(work);
  const content = path.join(work, 'content');
  await writeSyntheticContent(content, PAGES);
  const oldBin = baselineBin(baseline);
  // Each generator its own cache and output: the previous one has no page cache and renders every page.
  const build = (name: string, bin?: string) => () =>
    runSite(['build', '--content', content, '--out', path.join(work, `out-${name}`)], { SITE_CACHE_DIR: path.join(work, `cache-${name}`) }, bin);
  const cases: BuildCase[] = [
    { kind: 'no-change', label: 'site build, warm, nothing changed', build: build('new') },
    ...(oldBin
      ? [{ kind: 'previous-no-change', label: 'previous generator: site build, warm, nothing changed', build: build('old', oldBin) } satisfies BuildCase]
      : []),
    { kind: 'version', label: 'site --version', build: () => runSite(['--version']) },
    ...(oldBin
      ? [{ kind: 'previous-version', label: 'previous generator: site --version', build: () => runSite(['--version'], {}, oldBin) } satisfies BuildCase]
      : []),
  ];
  // Twice each: the first fills the caches (and compiles the CLI bundle), the second finds the pages stored.
  for (let i = 0; i < 2; i++) for (const c of cases) await c.build(-1);
  execFileSync('sync');
  return { pages: PAGES, runs, cases: await timeCases(cases, runs) };
}
