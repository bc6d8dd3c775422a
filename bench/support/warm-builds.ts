/**
 * Warm builds (the page cache, issue #19): the same synthetic content built cold (every page rendered) and
 * warm (into the output folder and page cache of the previous build) with nothing changed, one page's YAML
 * edited, and one locale string edited (every page of that locale renders again); and, in the same run,
 * the cold build of the same content by the generator as it was before the page cache (BENCH_BASELINE: the
 * folder of a git worktree of that release, e.g. `git worktree add /tmp/site-before <commit>`), so the ratios
 * hold on a noisy machine. Runs alternate between the cases, so drift in the machine's speed spreads over all.
 * The cold case finds each page already in the build cache (the warm-up stored it), so it does not pay for
 * storing pages the first time; the deleted-output case is a CI job that restored the cache but not `dist/`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, runSite, type Measured } from './measure.ts';
import { writeSyntheticContent } from './synthetic.ts';

export interface WarmTiming {
  pages: number;
  runs: number;
  /** Median wall ms and peak MB per case. */
  cases: { label: string; medianMs: number; peakMb: number; report: string }[];
  /** The case's median over the cold build's (new generator, page cache ignored). */
  baseline?: string;
}

const REPORT = /rendered \d+, reused \d+, removed \d+/;

async function editFile(file: string, change: (text: string) => string): Promise<void> {
  await writeFile(file, change(await readFile(file, 'utf8')));
}

export async function warmBuilds(pages: number, runs: number, baseline = process.env.BENCH_BASELINE, leftovers: string[] = []): Promise<WarmTiming> {
  const work = await mkdtemp(path.join(tmpdir(), `site-bench-warm-${pages}-`));
  leftovers.push(work);
  const content = path.join(work, 'content');
  await writeSyntheticContent(content, pages);
  const cache = path.join(work, 'cache');
  const env = { SITE_CACHE_DIR: cache };
  const warmOut = path.join(work, 'warm');
  const oldBin = baseline && path.join(baseline, 'bin/site.js');
  if (oldBin && !existsSync(oldBin)) throw new Error(`BENCH_BASELINE: no bin/site.js in ${baseline}`);

  const cases: [string, (run: number) => Promise<Measured>][] = [
    ['cold: every page rendered (`--no-cache`), filled asset cache', (run) => runSite(['build', '--no-cache', '--content', content, '--out', path.join(work, `cold-${run}`)], env)],
    ['warm, nothing changed', () => runSite(['build', '--content', content, '--out', warmOut], env)],
    [
      'warm, one page’s YAML edited',
      async (run) => {
        await editFile(path.join(content, 'pages/thema-1/de.yaml'), (text) => text.replace(/^( {2}title: ).*$/m, `$1"Thema 1, Fassung ${run}"`));
        return runSite(['build', '--content', content, '--out', warmOut], env);
      },
    ],
    [
      'warm, one locale string edited (de: every German page)',
      async (run) => {
        await editFile(path.join(content, 'locales/de.yaml'), (text) => text.replace(/^(skipToContent: ).*$/m, `$1Zum Inhalt springen (${run})`));
        return runSite(['build', '--content', content, '--out', warmOut], env);
      },
    ],
    [
      'warm, output folder deleted (CI: build cache restored, fresh checkout)',
      async () => {
        await rm(warmOut, { recursive: true, force: true });
        execFileSync('sync');
        return runSite(['build', '--content', content, '--out', warmOut], env);
      },
    ],
    ...(oldBin ? [['previous generator (BENCH_BASELINE): cold build', (run: number) => runSite(['build', '--content', content, '--out', path.join(work, `old-${run}`)], env, oldBin)] as [string, (run: number) => Promise<Measured>]] : []),
  ];
  // Fills the asset cache (both generators' entries) and the page cache, and flushes their writes.
  await runSite(['build', '--content', content, '--out', warmOut], env);
  if (oldBin) await runSite(['build', '--content', content, '--out', path.join(work, 'old-first')], env, oldBin);
  execFileSync('sync');
  const results = cases.map(() => [] as Measured[]);
  for (let run = 0; run < runs; run++) for (const [i, [, build]] of cases.entries()) results[i]!.push(await build(run));
  const timed = cases.map(([label], i) => ({
    label,
    medianMs: median(results[i]!.map((r) => r.ms)),
    peakMb: median(results[i]!.map((r) => r.peakMb)),
    report: REPORT.exec(results[i]!.at(-1)!.stdout)?.[0] ?? '–',
  }));
  return { pages, runs, cases: timed, ...(baseline ? { baseline } : {}) };
}

const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);

/** The rows of RESULTS.md's warm-build table: each case with its ratio to the cold build and to the previous generator's. */
export function warmRows(timings: readonly WarmTiming[]): string {
  return timings
    .flatMap(({ pages, runs, cases }) => {
      const cold = cases[0]!.medianMs;
      const old = cases.find((c) => c.label.startsWith('previous generator'))?.medianMs;
      return cases.map(
        (c) => `| ${pages.toLocaleString('en')} | ${c.label} | ${runs} | ${ms(c.medianMs)} | ${Math.round((c.medianMs / cold) * 100)} % | ${old ? `${Math.round((c.medianMs / old) * 100)} %` : '–'} | ${Math.round(c.peakMb)} MB | ${c.report} |`,
      );
    })
    .join('\n');
}

export const WARM_HEADER = `| pages | build | runs | median wall | of cold | of the previous generator's cold | peak memory | site build's report (last run) |
|---|---|---|---|---|---|---|---|`;

/** RESULTS.md's section on warm builds. */
export function warmSection(timings: readonly WarmTiming[], loadAverage: string): string {
  const baseline = timings.find((t) => t.baseline)?.baseline;
  return `## Warm builds (page cache)

Synthetic content (\`bench/support/synthetic.ts\`), one process per build, runs of the cases alternating; load average
at the end ${loadAverage}. "Of cold" is the median over this generator's cold build of the same content in the same run${
    baseline ? `; the previous generator is BENCH_BASELINE, a git worktree of the commit compared against` : ' (BENCH_BASELINE unset: no previous generator measured)'
  }.

${WARM_HEADER}
${warmRows(timings)}
`;
}
