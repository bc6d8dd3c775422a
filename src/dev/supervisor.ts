import { spawn, type ChildProcess } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

/** Code a page depends on: an edit here means every page, and new modules, so the dev server restarts. */
const CODE_DIRS = ['src', 'templates', 'supabase/functions/_shared'];
export const DEV_CHILD_ENV = 'SITE_DEV_CHILD';

/**
 * Runs `site dev` in a child process and starts a fresh one when code changes. ES modules cannot be
 * re-imported in place, and a fresh process is the one way to be sure no stale component renders.
 * Open pages reconnect to the new server and reload (see live-reload.ts).
 */
export function superviseDev(projectRoot: string, argv: readonly string[], log: (line: string) => void): Promise<number> {
  let child: ChildProcess | undefined;
  let stopping = false;
  let restarting = false;
  let timer: NodeJS.Timeout | undefined;
  let finish: (code: number) => void = () => {};

  const start = () => {
    restarting = false;
    const current = spawn(process.execPath, [...process.execArgv, ...argv], { stdio: 'inherit', env: { ...process.env, [DEV_CHILD_ENV]: '1' } });
    child = current;
    // A dev server that ends on its own (port taken, Ctrl+C) ends `site dev` with its exit code.
    current.once('exit', (code) => {
      if (!restarting && child === current) finish(code ?? 1);
    });
  };
  const restart = (file: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      log(`${file} changed: restarting`);
      const old = child;
      if (!old || old.exitCode !== null) return start();
      restarting = true;
      old.once('exit', start);
      old.kill('SIGTERM');
    }, 50);
  };

  const watchers: FSWatcher[] = CODE_DIRS.map((dir) =>
    watch(path.join(projectRoot, dir), { recursive: true }, (_event, file) => {
      if (file && !stopping) restart(path.join(dir, file.toString()));
    }),
  );
  start();
  return new Promise((resolve) => {
    finish = (code) => {
      stopping = true;
      clearTimeout(timer);
      for (const w of watchers) w.close();
      resolve(code);
    };
    const stop = () => {
      if (!child || child.exitCode !== null) return finish(0);
      restarting = true;
      child.once('exit', () => finish(0));
      child.kill('SIGTERM');
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
