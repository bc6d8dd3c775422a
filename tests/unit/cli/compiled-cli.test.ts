/**
 * bin/site.js runs the CLI from a bundle it compiles on first use and whenever an input changes. The
 * bundle must behave exactly as the sources: the same build, byte for byte.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, symlink, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../support/time-scale.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../..');
const site = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, [path.join(repo, 'bin/site.js'), ...args], { cwd: repo, env: { ...process.env, ...env, NODE_ENV: '' } });
const current = async () => JSON.parse(await readFile(path.join(repo, 'bin/.compiled/current.json'), 'utf8')) as { dir: string; inputs: string[] };

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'site-compiled-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

async function files(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('the compiled CLI', () => {
  it(
    'builds the same site, byte for byte, as the sources run through tsx',
    async () => {
      await site(['build', '--out', path.join(work, 'compiled')]);
      await site(['build', '--out', path.join(work, 'source')], { SITE_FROM_SOURCE: '1' });
      const [a, b] = [await files(path.join(work, 'compiled')), await files(path.join(work, 'source'))];
      expect(a).toEqual(b);
      for (const file of a) {
        const same = (await readFile(path.join(work, 'compiled', file))).equals(await readFile(path.join(work, 'source', file)));
        expect({ file, same }).toEqual({ file, same: true });
      }
    },
    scaled(60_000),
  );

  it(
    'lists its source files as inputs, and compiles again when one of them changes',
    async () => {
      await site(['--version']);
      const before = await current();
      expect(before.inputs).toContain('src/cli/main.ts');
      expect(before.inputs).toContain('src/content/load.ts');
      // The worker threads' entries (output/thread-entry.ts): without one, its thread would not start.
      expect(await readdir(path.join(repo, 'bin/.compiled', before.dir))).toEqual(expect.arrayContaining(['main.js', 'render-worker.js', 'output-worker.js']));
      await site(['--version']);
      expect((await current()).dir).toBe(before.dir);
      await expectCompiledAgainAfterTouching('src/content/routes.ts');
    },
    scaled(60_000),
  );

  // The bundle's folder is the generator's id (output/generator-id.ts): a build that finds it and the content
  // unchanged reuses the last output whole, so files a build reads without bundling them are inputs too.
  it(
    'compiles again when a file the build reads but does not bundle changes: the island loader, the stylesheet, the page shell',
    async () => {
      await site(['--version']);
      const { inputs } = await current();
      for (const file of ['src/islands/client.ts', 'src/islands/mount.tsx', 'src/assets/styles.css', 'templates/document.html']) expect(inputs).toContain(file);
      await expectCompiledAgainAfterTouching('src/islands/client.ts');
    },
    scaled(60_000),
  );
  it(
    'starts when a bundle it would clean up is gone by the time it looks (another CLI removed it)',
    async () => {
      // A link to nowhere is what a bundle removed between listing the folder and reading its age looks like.
      const gone = path.join(repo, 'bin/.compiled', `cli-gone-${process.pid}`);
      await symlink(path.join(work, 'removed'), gone);
      try {
        const { stdout } = await site(['--version']);
        expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
      } finally {
        await rm(gone, { force: true });
      }
    },
    scaled(60_000),
  );
});

async function expectCompiledAgainAfterTouching(file: string): Promise<void> {
  const before = (await current()).dir;
  const source = path.join(repo, file);
  const { atime, mtime } = await stat(source);
  await utimes(source, atime, new Date(mtime.getTime() + 1000));
  try {
    await site(['--version']);
    expect((await current()).dir).not.toBe(before);
  } finally {
    await utimes(source, atime, mtime);
  }
}
