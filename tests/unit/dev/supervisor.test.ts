import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { until } from '../../support/until.ts';

/**
 * The supervisor of `site dev` starts one dev server at a time, however code edits and a stop overlap. Its child
 * here is a stand-in that notes its start and takes a while to stop on SIGTERM, as a dev server closing its data
 * folder does; the stop signal is the test's to give.
 */
let stop: () => void = () => {};
vi.mock('../../../src/server/lifetime.ts', () => ({ untilStopped: () => new Promise<void>((resolve) => (stop = resolve)) }));
const { superviseDev } = await import('../../../src/dev/supervisor.ts');

const token = `supervised-${process.pid}`;
const STAND_IN = `require('node:fs').writeFileSync(require('node:path').join(process.argv[1], String(process.pid)), '');
process.on('SIGTERM', () => setTimeout(() => process.exit(0), 1500));
setInterval(() => {}, 1000); // ${token}`;

let project: string;
let started: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'site-supervisor-'));
  started = path.join(project, 'started');
  await Promise.all([mkdir(path.join(project, 'src')), mkdir(started)]);
});
afterEach(async () => {
  // A supervisor that lost track of a child leaves it running: this test ends it.
  spawnSync('pkill', ['-P', String(process.pid), '-f', token]);
  await rm(project, { recursive: true, force: true });
});

/** The stand-ins alive now, children of this process: spawn() has made a process by the time it returns. */
function alive(): number {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), '-f', token], { encoding: 'utf8' })
      .trim()
      .split('\n').length;
  } catch {
    return 0; // pgrep exits 1 when nothing matches
  }
}

const startedCount = async () => (await readdir(started)).length;

/** Saves a code file until the supervisor says it restarts (its watcher may still be reading the tree at first). */
async function editCode(file: string, logged: string[], restarts: number): Promise<void> {
  let polls = 0;
  await until(
    async () => {
      // Once a second: a file rewritten every poll never holds still long enough to count as saved.
      if (polls++ % 40 === 0) await writeFile(path.join(project, 'src', file), `export const at = ${Date.now()};\n`);
      return logged.filter((line) => line.endsWith('changed: restarting')).length >= restarts;
    },
    20_000,
    `restart ${restarts} to be logged`,
  );
}

it('starts one new dev server for edits that come while the old one is stopping', async () => {
  const logged: string[] = [];
  const ended = superviseDev(project, ['-e', STAND_IN, started], (line) => logged.push(line));
  await until(async () => (await startedCount()) === 1, 20_000, 'the first dev server to start');
  await editCode('a.ts', logged, 1);
  await editCode('b.ts', logged, 2);
  await until(async () => (await startedCount()) === 2, 20_000, 'the new dev server to start');
  expect(alive()).toBe(1);
  stop();
  expect(await ended).toBe(0);
  expect(alive()).toBe(0);
}, 60_000);

it('starts nothing more when stopped while a restart waits for the old dev server', async () => {
  const logged: string[] = [];
  const ended = superviseDev(project, ['-e', STAND_IN, started], (line) => logged.push(line));
  await until(async () => (await startedCount()) === 1, 20_000, 'the first dev server to start');
  await editCode('a.ts', logged, 1);
  stop();
  expect(await ended).toBe(0);
  expect(alive()).toBe(0);
  expect(await startedCount()).toBe(1);
}, 60_000);
