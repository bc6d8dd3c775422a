/**
 * Every command ends on its own. The compiled CLI (bin/site.js) builds and checks sites of every size from 1 to 40
 * routes and 200, cold and warm, and `serve` and `dev` stop on SIGTERM: each run is its own process group, and none of
 * its processes may be alive a few seconds after the command printed its result. The worker threads start past a
 * number of pages (output/output-thread.ts, render-thread.ts), so every size around those thresholds is built: a
 * build of 17 routes once printed its result and never exited.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../support/fixture.ts';
import { scaled } from '../../support/time-scale.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
/**
 * How long a command may take to exit after printing its result: a hang detector, not a measurement. The 5 s,
 * stretched on a machine declared busy (`npm run test:load`), where exiting waits its turn for the CPU too.
 */
const EXIT_GRACE_MS = scaled(5_000);
/**
 * A server told to stop first ends the work in flight (site dev's check of its first build, on a busy machine for
 * seconds), then closes; a hang is still caught.
 */
const STOP_GRACE_MS = scaled(20_000);
const SIZES = [...Array.from({ length: 40 }, (_, i) => i + 1), 200];

let work: string;
let cacheDir: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'site-exits-'));
  cacheDir = path.join(work, 'cache');
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** A German-only site of `routes` routes: the base fixture's home page and routes − 1 copies of its Impressum. */
async function siteOf(routes: number): Promise<string> {
  const root = path.join(work, `site-${routes}`);
  const content = path.join(root, 'content');
  await mkdir(content, { recursive: true });
  const base = path.join(FIXTURES, 'check/base');
  for (const file of ['site.yaml', 'check.yaml', 'locales/de.yaml', 'pages/home/de.yaml']) await cp(path.join(base, file), path.join(content, file));
  const site = await readFile(path.join(content, 'site.yaml'), 'utf8');
  await writeFile(path.join(content, 'site.yaml'), site.replace(/^ {2}- \{ code: en,.*\n/m, ''));
  const legal = await readFile(path.join(base, 'pages/impressum/de.yaml'), 'utf8');
  for (let i = 1; i < routes; i++) {
    await mkdir(path.join(content, `pages/p${i}`), { recursive: true });
    await writeFile(path.join(content, `pages/p${i}/de.yaml`), legal.replace('slug: impressum', `slug: p${i}`));
  }
  return root;
}

interface Ended {
  code: number | null;
  out: string;
  /** Milliseconds from the result line to the exit; undefined if the process was still running after the grace time. */
  exitedAfter: number | undefined;
  /** Whether any process of the command's group was still alive after it exited. */
  leftBehind: boolean;
}

/**
 * Whether a process of group `pgid` still runs. A zombie does not: a child that exited as its parent did (esbuild's
 * service, stopped at the end of a build) waits to be reaped by whoever adopts it, and this machine's init may not.
 */
function groupAlive(pgid: number): boolean {
  return readdirSync('/proc').some((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(group) === pgid && state !== 'Z';
    } catch {
      return false;
    }
  });
}

/**
 * Runs `site …args` in `cwd` as a process group of its own until it prints a line matching `result`; then, if given,
 * sends `signal`, and waits for the exit. A process still running after the grace time is killed with its group.
 */
function runUntilExit(cwd: string, args: string[], result: RegExp, signal?: NodeJS.Signals): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repo, 'bin/site.js'), ...args], {
      cwd,
      detached: true,
      env: { ...process.env, SITE_CACHE_DIR: cacheDir, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let resultAt: number | undefined;
    let grace: NodeJS.Timeout | undefined;
    let exited: { code: number | null; killedBy: NodeJS.Signals | null; at: number; leftBehind: boolean } | undefined;
    const onOutput = (chunk: Buffer) => {
      out += chunk.toString();
      if (resultAt !== undefined || !result.test(out)) return;
      resultAt = performance.now();
      // Output can still arrive after 'exit' (Node delivers the pipes' last chunks later): the command has exited.
      if (exited) return;
      if (signal) child.kill(signal);
      grace = setTimeout(
        () => {
          process.kill(-child.pid!, 'SIGKILL');
        },
        signal ? STOP_GRACE_MS : EXIT_GRACE_MS,
      );
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.once('error', reject);
    child.once('exit', (code, killedBy) => {
      clearTimeout(grace);
      const leftBehind = groupAlive(child.pid!);
      if (leftBehind) process.kill(-child.pid!, 'SIGKILL');
      exited = { code, killedBy, at: performance.now(), leftBehind };
    });
    // 'close' comes once the pipes are drained too, so `out` holds everything the command printed.
    child.once('close', () => {
      if (!exited) return reject(new Error('the pipes closed before the process exited'));
      const { code, killedBy, at, leftBehind } = exited;
      const exitedAfter = resultAt === undefined || killedBy === 'SIGKILL' ? undefined : Math.max(0, at - resultAt);
      resolve({ code, out, exitedAfter, leftBehind });
    });
  });
}

/** Runs `tasks` with at most `width` at once. */
async function inPool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

const BUILT = /built (\d+) routes into/;

describe('every command exits on its own once its work is done', () => {
  it(
    'site build, cold and warm, at every size from 1 to 40 routes and at 200',
    async () => {
      const runs = await inPool(
        SIZES.map((routes) => async () => {
          const root = await siteOf(routes);
          const cold = await runUntilExit(root, ['build', '--no-cache'], BUILT);
          const warm = await runUntilExit(root, ['build'], BUILT);
          return { routes, cold, warm };
        }),
        3,
      );
      const summary = (run: Ended) => ({
        code: run.code,
        built: Number(BUILT.exec(run.out)?.[1]),
        exited: run.exitedAfter !== undefined && run.exitedAfter < EXIT_GRACE_MS,
        leftBehind: run.leftBehind,
      });
      const expected = (routes: number) => ({ code: 0, built: routes, exited: true, leftBehind: false });
      for (const { routes, cold, warm } of runs) {
        expect({ routes, cold: summary(cold), warm: summary(warm) }).toEqual({ routes, cold: expected(routes), warm: expected(routes) });
      }
    },
    scaled(600_000),
  );

  it(
    'site build with a content error exits 1 after reporting it, on a site large enough to start the threads',
    async () => {
      const root = await siteOf(40);
      await writeFile(path.join(root, 'content/pages/p7/de.yaml'), 'slug: p7\nmeta: { title: 7 }\nsections: nope\n');
      const run = await runUntilExit(root, ['build', '--no-cache'], /error/);
      expect({ code: run.code, exited: run.exitedAfter !== undefined, leftBehind: run.leftBehind }).toEqual({ code: 1, exited: true, leftBehind: false });
    },
    scaled(120_000),
  );

  it(
    'site check exits with the code its findings call for, at sizes around the thread thresholds',
    async () => {
      const runs = await inPool(
        [1, 16, 17, 33, 40].map((routes) => async () => ({ routes, run: await runUntilExit(await siteOf(routes), ['check'], /\d+ errors?, \d+ warnings?/) })),
        3,
      );
      for (const { routes, run } of runs) {
        const errors = Number(/(\d+) errors?,/.exec(run.out)?.[1]);
        expect({ routes, code: run.code, exited: run.exitedAfter !== undefined, leftBehind: run.leftBehind }).toEqual({
          routes,
          code: errors > 0 ? 1 : 0,
          exited: true,
          leftBehind: false,
        });
      }
    },
    scaled(300_000),
  );

  it(
    'site schema, site translations and site leads exit with their code once they printed their result',
    async () => {
      const root = await siteOf(40);
      const data = path.join(root, 'data');
      const runs = {
        schema: await runUntilExit(root, ['schema'], /wrote /),
        translations: await runUntilExit(root, ['translations'], /\d+ missing/),
        leads: await runUntilExit(root, ['leads', '--data', data], /\S/),
      };
      for (const [name, run] of Object.entries(runs))
        expect({ name, code: run.code, exited: run.exitedAfter !== undefined, leftBehind: run.leftBehind }).toEqual({
          name,
          code: 0,
          exited: true,
          leftBehind: false,
        });
    },
    scaled(180_000),
  );

  it(
    'site serve and site dev stop on SIGTERM and SIGINT, after a build that started the worker threads',
    async () => {
      const root = await siteOf(40);
      expect((await runUntilExit(root, ['build', '--no-cache'], BUILT)).code).toBe(0);
      const data = path.join(root, 'data');
      const runs = {
        serveTerm: await runUntilExit(root, ['serve', '--port', '0', '--data', data], /serving .* at http/, 'SIGTERM'),
        serveInt: await runUntilExit(root, ['serve', '--port', '0', '--data', data], /serving .* at http/, 'SIGINT'),
        devTerm: await runUntilExit(root, ['dev', '--port', '0', '--data', data], /dev server at http/, 'SIGTERM'),
      };
      for (const [name, run] of Object.entries(runs))
        expect({ name, exited: run.exitedAfter !== undefined, leftBehind: run.leftBehind }).toEqual({ name, exited: true, leftBehind: false });
    },
    scaled(180_000),
  );
});
