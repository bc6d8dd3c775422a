/**
 * npm run bench:warm: only the synthetic build rows of `npm run bench` (see support/warm-builds.ts), printed with
 * issue #19's targets they meet. BENCH_WARM_SIZES (default 1000), BENCH_RUNS (default 5), BENCH_BASELINE (a worktree
 * of the generator before this change, for the side-by-side ratios). RESULTS.md and docs/performance.md are `npm run bench`'s.
 */
import { rm } from 'node:fs/promises';
import os from 'node:os';
import { buildRowsTable, targetRows, targetTable } from './support/issue-targets.ts';
import { warmBuilds, type WarmTiming } from './support/warm-builds.ts';

const SIZES = (process.env.BENCH_WARM_SIZES ?? '1000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const leftovers: string[] = [];
const timings: WarmTiming[] = [];
try {
  for (const pages of SIZES) {
    process.stdout.write(`warm builds, ${pages} pages …\n`);
    timings.push(await warmBuilds(pages, pages >= 10_000 ? Math.min(RUNS, 3) : RUNS, undefined, leftovers));
  }
} finally {
  await Promise.all(leftovers.map((dir) => rm(dir, { recursive: true, force: true })));
}
process.stdout.write(
  `load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}\n\n${targetTable(targetRows({ sizes: timings }))}\n\n${buildRowsTable(timings)}\n`,
);
