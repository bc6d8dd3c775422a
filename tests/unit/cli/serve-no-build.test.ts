/**
 * `site serve` where nothing was built yet (a fresh clone, a new starter): it still serves the contact backend, but
 * says at once that every page answers 404 until `site build` runs, instead of serving an empty folder without a word.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../support/time-scale.ts';
import { until } from '../../support/until.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'site-serve-no-build-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The lines `site serve --out <out>` prints up to its "serving" line, then stopped with SIGTERM. */
async function serveOutput(out: string): Promise<{ out: string; code: number | null }> {
  const child = spawn(process.execPath, [path.join(repo, 'bin/site.js'), 'serve', '--port', '0', '--out', out, '--data', path.join(work, 'data')], {
    cwd: repo,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await until(() => text.includes('serving '), 60_000, '`site serve` to print its address');
  child.kill('SIGTERM');
  return { out: text, code: await exited };
}

describe('site serve without a build', () => {
  it(
    'says there is no build when the folder has no index.html, and nothing when it has one',
    async () => {
      const missing = await serveOutput(path.join(work, 'dist'));
      expect(missing.out).toContain(`no build in ${path.join(work, 'dist')}/ (no index.html): every page answers 404 until \`site build\` writes it`);
      expect(missing.code).toBe(0);
      const built = path.join(work, 'built');
      await mkdir(built);
      await writeFile(path.join(built, 'index.html'), '<!doctype html><title>x</title>');
      const present = await serveOutput(built);
      expect(present.out).toContain('serving ');
      expect(present.out).not.toContain('no build');
    },
    scaled(120_000),
  );
});
