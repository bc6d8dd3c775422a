import { spawn, type ChildProcess } from 'node:child_process';
import { untilStopped } from '../server/lifetime.ts';
import { watchTree } from './watch-tree.ts';

/** Code a page depends on: an edit here means every page, and new modules, so the dev server restarts. */
const CODE_DIRS = ['src', 'templates', 'supabase/functions/_shared'];
export const DEV_CHILD_ENV = 'SITE_DEV_CHILD';
/**
 * Node flags of the dev server: its check collects the garbage of parsing every page as it goes (dev-check.ts,
 * `garbageBound`) instead of letting the heap grow to several times what is live. Node 24 sizes the young generation
 * by the machine's memory (128 MB on 24 GiB, where Node 20 and 22 take 32): 16 MB semi-spaces keep it at 32.
 */
export const DEV_CHILD_FLAGS = ['--expose-gc', '--max-semi-space-size=16'];
/** A save or a checkout touches several files: one restart for all of them. */
const SETTLE_MS = 50;

/**
 * Runs `site dev` in a child process and starts a fresh one when code changes. ES modules cannot be
 * re-imported in place, and a fresh process is the one way to be sure no stale component renders.
 * Open pages reconnect to the new server and reload (see live-reload.ts). The child ends with this
 * process however it ends: on SIGINT and SIGTERM this process stops it; if this process is killed
 * outright, the child sees its parent gone (`untilStopped`) and stops itself, freeing the port.
 */
export function superviseDev(projectRoot: string, argv: readonly string[], log: (line: string) => void): Promise<number> {
  let child: ChildProcess | undefined;
  let stopping = false;
  let restarting = false;
  let finish: (code: number) => void = () => {};

  const start = () => {
    // A code edit's restart and a stop can overlap: the old child's exit then starts nothing.
    if (stopping) return;
    restarting = false;
    const current = spawn(process.execPath, [...process.execArgv, ...DEV_CHILD_FLAGS, ...argv], {
      stdio: 'inherit',
      env: { ...process.env, [DEV_CHILD_ENV]: '1' },
    });
    child = current;
    // A dev server that ends on its own (port taken, Ctrl+C) ends `site dev` with its exit code.
    current.once('exit', (code) => {
      if (!restarting && child === current) finish(code ?? 1);
    });
  };
  const restart = (file: string) => {
    if (stopping) return;
    log(`${file} changed: restarting`);
    // Edits while the old child is still stopping: its exit starts one new child, which reads them all.
    if (restarting) return;
    const old = child;
    if (!old || ended(old)) return start();
    restarting = true;
    old.once('exit', start);
    old.kill('SIGTERM');
  };

  const watcher = watchTree(projectRoot, { folders: CODE_DIRS, accept: () => true, settleMs: SETTLE_MS, onBurst: (files) => restart(files[0]!) });
  start();
  return new Promise((resolve) => {
    finish = (code) => {
      stopping = true;
      void watcher.close().then(() => resolve(code));
    };
    void untilStopped().then(() => {
      stopping = true;
      if (!child || ended(child)) return finish(0);
      restarting = true;
      child.once('exit', () => finish(0));
      child.kill('SIGTERM');
    });
  });
}

/** A child that exited or was killed: its 'exit' event has fired and will not come again. */
function ended(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}
