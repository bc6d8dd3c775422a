import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimOutDir, unwritableOutDir } from '../../../src/output/out-dir.ts';
import { pageSourcesFile } from '../../../src/output/page-sources.ts';
import { BASE_SITE, loadFixture, type FixtureSite } from '../../support/fixture.ts';
import { scaled } from '../../support/time-scale.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'site-out-dir-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('claimOutDir: what a build may empty', () => {
  it('accepts a missing folder, an empty one and one a build wrote (its .<name>.sources.json beside it)', async () => {
    expect(await claimOutDir(path.join(work, 'missing'), false)).toBeUndefined();
    await mkdir(path.join(work, 'empty'));
    expect(await claimOutDir(path.join(work, 'empty'), false)).toBeUndefined();
    await mkdir(path.join(work, 'built'));
    await writeFile(path.join(work, 'built/index.html'), '<!doctype html>');
    await writeFile(pageSourcesFile(path.join(work, 'built')), '{"version":1,"pages":{}}');
    expect(await claimOutDir(path.join(work, 'built'), false)).toBeUndefined();
  });

  it('refuses a folder holding files no build wrote, naming them and the flag, unless told to empty it', async () => {
    const victim = path.join(work, 'victim');
    await mkdir(path.join(victim, 'sub'), { recursive: true });
    await writeFile(path.join(victim, 'notes.txt'), 'keep');
    const refused = await claimOutDir(victim, false);
    expect(refused?.code).toBe('out-dir-not-ours');
    expect(refused?.message).toBe(`refusing to empty ${victim}: it holds files no site build wrote (notes.txt, sub)`);
    expect(refused?.hint).toContain('--empty-out');
    expect(await claimOutDir(victim, true)).toBeUndefined();
  });

  it('refuses a file, even when told to empty', async () => {
    const file = path.join(work, 'afile');
    await writeFile(file, 'mine');
    for (const force of [false, true]) {
      const refused = await claimOutDir(file, force);
      expect(refused?.code).toBe('out-not-a-folder');
      expect(refused?.message).toContain(`${file}: it is a file, not a folder`);
    }
  });

  it('turns permission errors into the output folder into a readable error, and leaves other failures alone', () => {
    const out = path.join(work, 'site');
    const denied = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES', path: work });
    expect(unwritableOutDir(denied, out)?.message).toBe(`cannot write the output folder ${out}: permission denied (EACCES) at ${work}`);
    const cache = Object.assign(new Error('EPERM'), { code: 'EPERM', path: '/var/cache/x' });
    expect(unwritableOutDir(cache, out)?.message).toBe('cannot write /var/cache/x: operation not permitted (EPERM)');
    expect(unwritableOutDir(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }), out)).toBeUndefined();
    expect(unwritableOutDir(new TypeError('a bug'), out)).toBeUndefined();
  });
});

describe('site build into a folder it did not write', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await loadFixture(BASE_SITE);
  }, scaled(60_000));
  afterAll(() => site.remove());

  it(
    'keeps a folder of unrelated files and a file given as the output, and empties the folder with emptyOutDir',
    async () => {
      const victim = path.join(site.root, 'victim');
      await mkdir(path.join(victim, 'sub'), { recursive: true });
      await writeFile(path.join(victim, 'notes.txt'), 'keep');
      const refused = await site.build({ outDir: victim });
      expect(refused.ok ? [] : refused.errors.map((e) => e.code)).toEqual(['out-dir-not-ours']);
      expect(await readFile(path.join(victim, 'notes.txt'), 'utf8')).toBe('keep');
      expect(existsSync(path.join(victim, 'sub'))).toBe(true);

      const file = path.join(site.root, 'afile');
      await writeFile(file, 'mine');
      const refusedFile = await site.build({ outDir: file });
      expect(refusedFile.ok ? [] : refusedFile.errors.map((e) => e.code)).toEqual(['out-not-a-folder']);
      expect((await stat(file)).isFile()).toBe(true);

      const forced = await site.build({ outDir: victim, emptyOutDir: true });
      expect(forced.ok).toBe(true);
      expect((await readdir(victim)).includes('notes.txt')).toBe(false);
      // Now a build wrote it: the next build goes ahead without the flag.
      expect((await site.build({ outDir: victim })).ok).toBe(true);
    },
    scaled(120_000),
  );

  it.skipIf(!existsSync('/sys/kernel'))(
    'reports an output folder it may not create (EPERM under /sys) as one error, not a stack',
    async () => {
      const result = await site.build({ outDir: '/sys/site-out' });
      expect(result.ok ? [] : result.errors.map((e) => `${e.code}: ${e.message}`)).toEqual([
        'out-dir-unwritable: cannot write the output folder /sys/site-out: operation not permitted (EPERM)',
      ]);
    },
    scaled(120_000),
  );
});

describe('site build --out on the command line', () => {
  it.skipIf(!existsSync('/sys/kernel'))(
    'exits 1 with the path, the reason and a hint, and no stack trace',
    async () => {
      const site = await loadFixture(BASE_SITE);
      try {
        const run = await promisify(execFile)(process.execPath, [path.join(repo, 'bin/site.js'), 'build', '--out', '/sys/site-out'], {
          cwd: site.root,
          env: { ...process.env, NO_COLOR: '1', SITE_CACHE_DIR: path.join(work, 'cache') },
        }).then(
          () => ({ code: 0, stderr: '' }),
          (error: { code: number; stderr: string }) => error,
        );
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('cannot write the output folder /sys/site-out: operation not permitted (EPERM)');
        expect(run.stderr).toContain('write permission');
        expect(run.stderr).not.toMatch(/\n\s+at /);
      } finally {
        await site.remove();
      }
    },
    scaled(120_000),
  );
});
