/**
 * npm run bench:warm: only the warm-build rows of `npm run bench` (see support/warm-builds.ts), written into
 * RESULTS.md's "Warm builds" section in place. BENCH_WARM_SIZES (default 1000), BENCH_RUNS (default 5),
 * BENCH_BASELINE (a worktree of the generator before the page cache, for the side-by-side ratio).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repo } from './support/measure.ts';
import { warmBuilds, warmSection, type WarmTiming } from './support/warm-builds.ts';

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
const section = warmSection(timings, os.loadavg().map((l) => l.toFixed(1)).join(' / '));
const file = path.join(repo, 'bench/RESULTS.md');
const results = await readFile(file, 'utf8');
const start = results.indexOf('## Warm builds');
const end = start < 0 ? -1 : results.indexOf('\n## ', start + 1);
const updated = start < 0 ? `${results.trimEnd()}\n\n${section}` : `${results.slice(0, start)}${section}${end < 0 ? '' : results.slice(end)}`;
await writeFile(file, updated);
process.stdout.write(section);
