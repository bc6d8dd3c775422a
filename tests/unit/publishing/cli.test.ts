import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../support/cli.ts';
import { loadFixture } from '../../support/fixture.ts';
import { scaled } from '../../support/time-scale.ts';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

describe('site build --at / --drafts and routes.lock', () => {
  it('--at without an offset is a usage error (exit 2) that names the expected form; nothing is built', async () => {
    const s = await loadFixture('check/base');
    cleanups.push(s.remove);
    const run = await cli('build', '--content', s.content, '--out', s.out, '--at', '2026-12-01T09:00:00');
    expect(run.code).toBe(2);
    expect(run.err).toContain("option '--at <time>' argument '2026-12-01T09:00:00' is invalid. Expected an ISO 8601 date and time with a time zone offset");
    expect(existsSync(s.out)).toBe(false);
    expect((await cli('check', '--content', s.content, '--at', 'morgen')).code).toBe(2);
  });

  it(
    'a plain build records its routes in routes.lock beside the content folder; --drafts and --at builds do not',
    async () => {
      const s = await loadFixture('check/base', { edits: [{ file: 'pages/faq/de.yaml', find: 'header: back', replace: 'draft: true\nheader: back' }] });
      cleanups.push(s.remove);
      await writeFile(path.join(s.root, 'package.json'), '{}');
      const lock = path.join(s.root, 'routes.lock');
      expect((await cli('build', '--content', s.content, '--out', s.out, '--drafts')).code).toBe(0);
      expect(existsSync(lock)).toBe(false);
      expect((await cli('build', '--content', s.content, '--out', s.out, '--at', '2030-01-01T00:00:00Z')).code).toBe(0);
      expect(existsSync(lock)).toBe(false);
      const plain = await cli('build', '--content', s.content, '--out', s.out);
      expect(plain.code).toBe(0);
      expect(plain.out).toContain('added the new routes to');
      // The draft is not published, so it is not in the lock.
      expect((await readFile(lock, 'utf8')).split('\n').filter((l) => l.startsWith('/'))).toEqual(['/', '/agb', '/datenschutz', '/en', '/impressum']);
    },
    scaled(120_000),
  );
});
