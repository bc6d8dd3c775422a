/**
 * The build rows of issue #19 for one synthetic size, runs of every case alternating so drift in the machine's speed
 * spreads over all: cold with an empty build cache, the same with the cache off (SITE_CACHE_DIR=off: what storing
 * the pages and assets a first time costs is the difference), every page rendered with a filled asset cache
 * (`--no-cache`: "cold" in the ratios), and warm builds into the previous build's output folder and page cache with
 * nothing changed, one page's YAML edited, one locale string edited (every page of that locale renders again), and the
 * output folder deleted (CI restored the cache, not `dist/`). With BENCH_BASELINE (the folder of a git worktree of
 * the generator before this change, e.g. `git worktree add /tmp/site-before <commit>`) the previous generator builds
 * the same content cold, with an empty and with a filled asset cache, in the same run, so the ratios hold on a noisy
 * machine.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, runSite, type Measured } from './measure.ts';
import { writeSyntheticContent } from './synthetic.ts';

/** What each row measures; the targets (issue-targets.ts) look rows up by it. */
export type CaseKind =
  | 'empty-cache'
  | 'cache-off'
  | 'cold'
  | 'no-change'
  | 'one-page'
  | 'locale'
  | 'output-deleted'
  | 'previous-empty-cache'
  | 'previous-cold'
  | 'previous-no-change'
  | 'version'
  | 'previous-version';

export interface CaseTiming {
  kind: CaseKind;
  label: string;
  /** Median wall ms and median peak resident MiB over the runs (`runs` of them). */
  runs: number;
  medianMs: number;
  peakMib: number;
  /** `rendered N, reused M, removed K` of the last run, when the generator prints it. */
  report: string;
}

export interface WarmTiming {
  pages: number;
  runs: number;
  cases: CaseTiming[];
  baseline?: string;
}

export interface BuildCase {
  kind: CaseKind;
  label: string;
  build: (run: number) => Promise<Measured>;
  /** At least this many runs whatever `runs` says (the warm rows: cheap, and a median needs three). */
  minRuns?: number;
}

/** Runs of the cheap warm rows however few the cold rows get (BENCH_RUNS=1 still gives those a median of three). */
export const WARM_RUNS = 3;

const REPORT = /rendered \d+, reused \d+, removed \d+/;

/** Runs every case `runs` times (or its `minRuns`), in turn (A B C A B C …), and keeps each case's medians. */
export async function timeCases(cases: readonly BuildCase[], runs: number): Promise<CaseTiming[]> {
  const results = cases.map(() => [] as Measured[]);
  const runsOf = (c: BuildCase) => Math.max(runs, c.minRuns ?? 0);
  const most = Math.max(...cases.map(runsOf));
  for (let run = 0; run < most; run++) for (const [i, c] of cases.entries()) if (run < runsOf(c)) results[i]!.push(await c.build(run));
  return cases.map(({ kind, label }, i) => ({
    kind,
    label,
    runs: results[i]!.length,
    medianMs: median(results[i]!.map((r) => r.ms)),
    peakMib: median(results[i]!.map((r) => r.peakMib)),
    report: REPORT.exec(results[i]!.at(-1)!.stdout)?.[0] ?? '–',
  }));
}

/**
 * Dates every file and folder of freshly written content a minute back. A build gives no stamp to a content file
 * written within the last second (a write in the same clock tick could keep its size and mtime: content/memo.ts),
 * so the build right after writing would leave the first no-change build reading every file by text: that row
 * would measure the bench's own timing, not a user's edit hours before.
 */
async function ageContent(dir: string): Promise<void> {
  const past = new Date(Date.now() - 60_000);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  // Files first, then the deepest folders: setting a folder's times does not change its parent's.
  await Promise.all(entries.filter((e) => e.isFile()).map((e) => utimes(path.join(e.parentPath, e.name), past, past)));
  for (const folder of [...entries.filter((e) => e.isDirectory()).map((e) => path.join(e.parentPath, e.name)), dir]) await utimes(folder, past, past);
}

async function editFile(file: string, change: (text: string) => string): Promise<void> {
  await writeFile(file, change(await readFile(file, 'utf8')));
}

/** The generator at BENCH_BASELINE's bin/site.js, or undefined when unset. */
export function baselineBin(baseline: string | undefined): string | undefined {
  const bin = baseline && path.join(baseline, 'bin/site.js');
  if (bin && !existsSync(bin)) throw new Error(`BENCH_BASELINE: no bin/site.js in ${baseline}`);
  return bin || undefined;
}

export async function warmBuilds(pages: number, runs: number, baseline = process.env.BENCH_BASELINE, leftovers: string[] = []): Promise<WarmTiming> {
  const work = await mkdtemp(path.join(tmpdir(), `site-bench-warm-${pages}-`));
  leftovers.push(work);
  const content = path.join(work, 'content');
  await writeSyntheticContent(content, pages);
  await ageContent(content);
  const cache = path.join(work, 'cache');
  const env = { SITE_CACHE_DIR: cache };
  const warmOut = path.join(work, 'warm');
  const oldBin = baselineBin(baseline);
  const build = (out: string, extra: string[] = []) => ['build', ...extra, '--content', content, '--out', path.join(work, out)];

  const cases: BuildCase[] = [
    {
      kind: 'empty-cache',
      label: 'cold, empty build cache (a machine’s first build)',
      build: (run) => runSite(build(`empty-${run}`), { SITE_CACHE_DIR: path.join(work, `cache-empty-${run}`) }),
    },
    {
      kind: 'cache-off',
      label: 'cold, build cache off (SITE_CACHE_DIR=off: nothing stored)',
      build: (run) => runSite(build(`off-${run}`), { SITE_CACHE_DIR: 'off' }),
    },
    { kind: 'cold', label: 'cold: every page rendered (`--no-cache`), filled asset cache', build: (run) => runSite(build(`cold-${run}`, ['--no-cache']), env) },
    { kind: 'no-change', label: 'warm, nothing changed', build: () => runSite(build('warm'), env), minRuns: WARM_RUNS },
    {
      kind: 'one-page',
      label: 'warm, one page’s YAML edited',
      minRuns: WARM_RUNS,
      build: async (run) => {
        await editFile(path.join(content, 'pages/thema-1/de.yaml'), (text) => text.replace(/^( {2}title: ).*$/m, `$1"Thema 1, Fassung ${run}"`));
        return runSite(build('warm'), env);
      },
    },
    {
      kind: 'locale',
      label: 'warm, one locale string edited (de: every German page)',
      build: async (run) => {
        await editFile(path.join(content, 'locales/de.yaml'), (text) => text.replace(/^(skipToContent: ).*$/m, `$1Zum Inhalt springen (${run})`));
        return runSite(build('warm'), env);
      },
    },
    {
      kind: 'output-deleted',
      label: 'warm, output folder deleted (CI: build cache restored, fresh checkout)',
      build: async () => {
        await rm(warmOut, { recursive: true, force: true });
        execFileSync('sync');
        return runSite(build('warm'), env);
      },
    },
    ...(oldBin
      ? ([
          {
            kind: 'previous-empty-cache',
            label: 'previous generator (BENCH_BASELINE): cold, empty build cache',
            build: (run: number) => runSite(build(`old-empty-${run}`), { SITE_CACHE_DIR: path.join(work, `cache-old-empty-${run}`) }, oldBin),
          },
          {
            kind: 'previous-cold',
            label: 'previous generator (BENCH_BASELINE): cold, filled asset cache',
            build: (run: number) => runSite(build(`old-${run}`), env, oldBin),
          },
        ] satisfies BuildCase[])
      : []),
  ];
  // Fills the asset cache (both generators' entries) and the page cache, and flushes their writes.
  await runSite(build('warm'), env);
  if (oldBin) await runSite(build('old-first'), env, oldBin);
  execFileSync('sync');
  return { pages, runs, cases: await timeCases(cases, runs), ...(baseline ? { baseline } : {}) };
}
