/**
 * npm run bench:dev: `site dev` on N synthetic pages (support/synthetic.ts), as a developer starts it: the first build,
 * then the check it runs after starting, then one-page edits. Prints the dev server's memory (resident set after the
 * first build, peak of the start-up, after the check), its CPU time, and each edit's save-to-served time (from the
 * write of the page's YAML to the first response of its route that has the new text).
 *
 * BENCH_DEV_PAGES (default 1000), BENCH_DEV_EDITS (default 7), BENCH_DEV_GAP_MS (pause between edits, default 1000),
 * BENCH_DEV_PORT (default 0: any free port), BENCH_WORKTREE (the checkout whose `site dev` runs; default this one,
 * so a worktree of main runs beside a branch on the same pages).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { processStatus, siteDevChild } from './support/process-status.ts';
import { writeSyntheticContent } from './support/synthetic.ts';

const PAGES = Number(process.env.BENCH_DEV_PAGES ?? 1000);
const EDITS = Number(process.env.BENCH_DEV_EDITS ?? 7);
const GAP_MS = Number(process.env.BENCH_DEV_GAP_MS ?? 1000);
const PORT = process.env.BENCH_DEV_PORT ?? '0';
const WORKTREE = path.resolve(process.env.BENCH_WORKTREE ?? path.join(import.meta.dirname, '..'));
/** The page every edit changes, and the text its hero's lead starts with. */
const EDITED = { file: 'pages/thema-1/en.yaml', route: '/en/thema-1', lead: 'lead: "How teams' };

const mib = (kb: number) => Math.round(kb / 1024);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

const work = await mkdtemp(path.join(os.tmpdir(), 'site-bench-dev-scale-'));
const content = path.join(work, 'content');
/** Stops `site dev` if it still runs: a failed round must not leave the server behind. */
let stopDev = async () => {};
try {
  await writeSyntheticContent(content, PAGES);
  const loadAtStart = load();
  const started = performance.now();
  const supervisor = spawn(
    process.execPath,
    [path.join(WORKTREE, 'bin/site.js'), 'dev', '--content', content, '--port', PORT, '--data', path.join(work, 'data')],
    {
      cwd: WORKTREE,
      env: { ...process.env, NO_COLOR: '1', SITE_CACHE_DIR: path.join(work, 'cache') },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  supervisor.stdout.on('data', (d: Buffer) => (out += d));
  supervisor.stderr.on('data', (d: Buffer) => (out += d));
  const exited = new Promise((resolve) => supervisor.once('exit', resolve));
  stopDev = async () => {
    if (supervisor.exitCode !== null || supervisor.signalCode !== null) return;
    supervisor.kill('SIGTERM');
    await exited;
  };
  const until = async (done: () => boolean) => {
    while (!done()) {
      if (supervisor.exitCode !== null) throw new Error(`site dev exited: ${out.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  let child: number | undefined;
  await until(() => (child = siteDevChild(supervisor.pid ?? 0)) !== undefined);
  const pid = child ?? 0;
  await until(() => /dev server at http/.test(out));
  const served = { seconds: (performance.now() - started) / 1000, ...processStatus(pid) };
  const url = /dev server at (http:\/\/\S+)/.exec(out)?.[1] ?? '';
  await until(() => /— checked /.test(out));
  const checked = { seconds: (performance.now() - started) / 1000, ...processStatus(pid) };
  const summary = /^\d+ errors?, \d+ warnings? — checked .*$/m.exec(out)?.[0] ?? '';

  const file = path.join(content, EDITED.file);
  const original = await readFile(file, 'utf8');
  const edits: number[] = [];
  for (let round = 0; round < EDITS; round++) {
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    const marker = `Edit ${round} ${Date.now()}`;
    const wrote = performance.now();
    await writeFile(file, original.replace(EDITED.lead, `lead: "${marker}. How teams`));
    for (;;) {
      // A kept-alive connection the server closed meanwhile fails once: the next request opens another.
      const body = await fetch(`${url}${EDITED.route}`).then(
        (response) => response.text(),
        () => '',
      );
      if (body.includes(marker)) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    edits.push(performance.now() - wrote);
  }
  const end = processStatus(pid);
  await stopDev();

  const sorted = [...edits].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  process.stdout.write(
    [
      `site dev, ${PAGES} pages, ${WORKTREE} (load ${loadAtStart} at the start, ${load()} at the end)`,
      `  first build served after ${served.seconds.toFixed(1)} s: resident ${mib(served.rss)} MiB (peak so far ${mib(served.hwm)} MiB)`,
      `  check printed after ${checked.seconds.toFixed(1)} s: resident ${mib(checked.rss)} MiB, peak of the start-up ${mib(checked.hwm)} MiB, CPU ${checked.cpu.toFixed(1)} s`,
      `  ${summary}`,
      `  ${EDITS} one-page edits ${GAP_MS} ms apart, save to served: median ${median.toFixed(0)} ms (${sorted.map((t) => t.toFixed(0)).join(', ')})`,
      `  at the end: resident ${mib(end.rss)} MiB, peak ${mib(end.hwm)} MiB, CPU ${end.cpu.toFixed(1)} s`,
      '',
    ].join('\n'),
  );
} finally {
  await stopDev();
  await rm(work, { recursive: true, force: true });
}
