/**
 * The synchronous steps of `site dev`'s content check (checkSourcesUnless) on N synthetic pages: the time between one
 * `stop()` and the next is as long as the server can wait for an answer or an edit. The content is loaded once into a
 * memo first, as the dev build does, so the check reads the files as the build left them.
 *
 * BENCH_CHECK_PAGES (default 2000), BENCH_CHECK_RUNS (default 5), BENCH_WORKTREE (the checkout whose check runs;
 * default this one, so a worktree of main runs beside a branch on the same pages).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeSyntheticContent } from './support/synthetic.ts';

const PAGES = Number(process.env.BENCH_CHECK_PAGES ?? 2000);
const RUNS = Number(process.env.BENCH_CHECK_RUNS ?? 5);
const WORKTREE = path.resolve(process.env.BENCH_WORKTREE ?? path.join(import.meta.dirname, '..'));

const run = await import(pathToFileURL(path.join(WORKTREE, 'src/check/run.ts')).href);
const { ContentMemo } = await import(pathToFileURL(path.join(WORKTREE, 'src/content/memo.ts')).href);
const { loadContentWithSources } = await import(pathToFileURL(path.join(WORKTREE, 'src/content/load.ts')).href);

const dir = await mkdtemp(path.join(os.tmpdir(), 'check-steps-'));
try {
  await writeSyntheticContent(dir, PAGES);
  const memo = new ContentMemo();
  await loadContentWithSources(dir, {}, undefined, memo);
  for (let r = 0; r < RUNS; r++) {
    // Wall time and this process's CPU time of each step: on a loaded machine a step's wall time includes the time
    // the process waited for a core.
    const steps: number[] = [];
    const cpu: number[] = [];
    let from = performance.now();
    let cpuFrom = process.cpuUsage();
    const lap = () => {
      steps.push(performance.now() - from);
      const used = process.cpuUsage(cpuFrom);
      cpu.push((used.user + used.system) / 1000);
    };
    const stop = async () => {
      lap();
      await new Promise((resolve) => setImmediate(resolve));
      from = performance.now();
      cpuFrom = process.cpuUsage();
      return false;
    };
    const checked = await run.checkSourcesUnless({ contentDir: dir, memo }, stop);
    lap();
    const [load = 0, ...rest] = steps;
    const restCpu = cpu.slice(1);
    const max = Math.max(...rest);
    const maxCpu = Math.max(...restCpu);
    const sum = (list: number[]) => list.reduce((a, b) => a + b, 0).toFixed(0);
    console.log(
      `run ${r + 1}: ${PAGES} pages, load ${load.toFixed(0)} ms, ${rest.length} steps after it: max ${max.toFixed(0)} ms wall (step ${rest.indexOf(max) + 1}), ` +
        `${maxCpu.toFixed(0)} ms CPU (step ${restCpu.indexOf(maxCpu) + 1}), sum ${sum(rest)} ms wall, ${sum(restCpu)} ms CPU, ` +
        `${checked.findings.length} findings, load average ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
    );
    if (process.env.BENCH_CHECK_VERBOSE) console.log(rest.map((s, i) => `${s.toFixed(0)}/${(restCpu[i] ?? 0).toFixed(0)}`).join(' '));
    // The findings themselves, placed (lazy locations read), to compare two checkouts' findings and their order.
    if (r === RUNS - 1) console.log(`findings sha256 ${createHash('sha256').update(JSON.stringify(checked.findings)).digest('hex')}`);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
