/** Runs commands the way a user does and measures them: wall time from spawn to exit, and peak memory. */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const repo = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(repo, 'bin/site.js');
const PEAK_RSS = path.join(repo, 'bench/support/peak-rss.mjs');

export interface Measured {
  ms: number;
  /** Peak resident memory of the measured process, MiB (VmHWM kB / 1024). */
  peakMib: number;
  stdout: string;
}

/** `node bin/site.js …args` (or another generator's `bin`), timed from spawn to exit; fails on a non-zero exit. */
export async function runSite(args: readonly string[], env: NodeJS.ProcessEnv = {}, bin = BIN): Promise<Measured> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-bench-rss-'));
  const rssFile = path.join(dir, 'rss');
  const started = performance.now();
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', PEAK_RSS, bin, ...args], {
      cwd: repo,
      env: { ...process.env, NO_COLOR: '1', ...env, SITE_BENCH_RSS_FILE: rssFile },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('exit', (exit) => resolve({ code: exit, stdout: out, stderr: err }));
  });
  const ms = performance.now() - started;
  const peakKb = Number(await readFile(rssFile, 'utf8').catch(() => 'NaN'));
  await rm(dir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`site ${args.join(' ')} exited with ${code}:\n${stderr || stdout}`);
  return { ms, peakMib: peakKb / 1024, stdout };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
