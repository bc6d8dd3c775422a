import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_BUILD_CACHE } from '../../support/repo-cache.ts';
import { scaled } from '../../support/time-scale.ts';
import { until } from '../../support/until.ts';

/**
 * `site serve` and `site dev` (the supervisor and the dev server it runs) give their port back however they
 * are stopped: Ctrl+C, SIGTERM, or the process that started them killed outright (SIGKILL cannot be passed
 * on: the server notices its parent is gone).
 */

const repo = path.resolve(import.meta.dirname, '../../..');
const BIN = path.join(repo, 'bin/site.js');
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'site-lifetime-'));
  await cp(path.join(repo, 'tests/fixtures/check/base'), path.join(work, 'content'), { recursive: true });
  await mkdir(path.join(work, 'dist'));
});
afterAll(async () => rm(work, { recursive: true, force: true }));

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/**
 * Starts `node -e <parent>` whose one job is to start the command and wait; resolves with the parent
 * and the URL the command printed, once it has also printed `atRest`.
 */
async function startUnderParent(args: string[], atRest: RegExp): Promise<{ parent: ChildProcess; url: string; pid: number }> {
  const script = `const c = require('node:child_process').spawn(process.execPath, ${JSON.stringify([BIN, ...args])}, { stdio: 'inherit', env: { ...process.env, NO_COLOR: '1' } }); console.log('pid ' + c.pid); setInterval(() => {}, 1000);`;
  const parent = spawn(process.execPath, ['-e', script], { cwd: work, env: { ...process.env, ...REPO_BUILD_CACHE }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(parent);
  let out = '';
  parent.stdout!.on('data', (chunk: Buffer) => (out += chunk));
  const [url] = await Promise.all([printedUrl(parent), printed(parent, atRest)]);
  return { parent, url, pid: Number(/^pid (\d+)$/m.exec(out)![1]) };
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function printedUrl(child: ChildProcess): Promise<string> {
  return printed(child, / at (http:\/\/127\.0\.0\.1:\d+)/).then((match) => match[1]!);
}

function printed(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  let out = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk;
      const match = pattern.exec(out);
      if (match) resolve(match);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before listening: ${out}`)));
  });
}

function accepts(url: string): Promise<boolean> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** The port refuses connections within `seconds`: a state of another process, which no event here announces. */
async function expectPortFreed(url: string, seconds: number): Promise<void> {
  await until(async () => !(await accepts(url)), seconds * 1000, `${url} to refuse connections`);
}

// One data folder per command, shared by its runs (they run one after another): PGlite creates a new one
// in seconds, but reopens one in well under a second.
const serveArgs = () => ['serve', '--port', '0', '--out', path.join(work, 'dist'), '--data', path.join(work, 'data-serve')];
const devArgs = () => ['dev', '--port', '0', '--content', path.join(work, 'content'), '--data', path.join(work, 'data-dev')];

// What each prints once it has nothing left to start: the server's URL; for site dev, the end of its first check
// of the site, whose synchronous steps hold its event loop, and so its signals and its look for its parent, for a
// second or more under load (it stops at the next step: the time below is the stop's, not the check's).
describe.each([
  ['site serve', serveArgs, / at http:/],
  ['site dev', devArgs, /checked content and \d+ routes/],
])('%s', (_name, args, atRest) => {
  it(
    'frees its port within a few seconds when its parent is killed with SIGKILL',
    async () => {
      const { parent, url, pid } = await startUnderParent(args(), atRest);
      expect(await accepts(url)).toBe(true);
      parent.kill('SIGKILL');
      await expectPortFreed(url, 5);
      // It ends too (having closed its data folder), rather than only closing its listener.
      await expect.poll(() => running(pid), { timeout: scaled(10_000) }).toBe(false);
    },
    scaled(60_000),
  );

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'stops and frees its port on %s',
    async (signal) => {
      const child = spawn(process.execPath, [BIN, ...args()], { cwd: work, env: { ...process.env, ...REPO_BUILD_CACHE, NO_COLOR: '1' } });
      children.push(child);
      let errors = '';
      let printedAll = '';
      child.stderr!.on('data', (chunk: Buffer) => ((errors += chunk), (printedAll += chunk)));
      child.stdout!.on('data', (chunk: Buffer) => (printedAll += chunk));
      const url = await printedUrl(child);
      const exited = new Promise<string>((resolve) => child.once('exit', (code, killedBy) => resolve(`code ${code} signal ${killedBy} ${errors}`)));
      child.kill(signal);
      // Its own deadline, below the test's, so a stop that hangs says what the command printed.
      const deadline = scaled(30_000);
      const hung = new Promise<string>((resolve) =>
        setTimeout(() => resolve(`still running ${deadline} ms after ${signal}; it printed:\n${printedAll}`), deadline).unref(),
      );
      expect(await Promise.race([exited, hung])).toBe('code 0 signal null ');
      await expectPortFreed(url, 5);
    },
    scaled(60_000),
  );
});
