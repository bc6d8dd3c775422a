import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryCache } from '../../../src/cache/build-cache.ts';
import { migrationsState, openPglite, templateKey } from '../../../src/server/pglite-template.ts';
import { scaled } from '../../support/time-scale.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-pglite-template-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a new PGlite database from the stored copy', () => {
  // One initdb in this file (about 5 CPU-s): the damaged copy is met first, so the database it lays out instead is
  // the one kept as the copy the later openings start from.
  it(
    'ignores a damaged copy, keeps the database it lays out instead as the copy, starts a new directory from it and opens an existing one as it is',
    async () => {
      const cache = directoryCache(path.join(dir, 'cache'));
      const stored = path.join(dir, 'cache/pglite-template', await templateKey('state A'));
      // A damaged copy: a bare database, laid out as usual.
      await mkdir(path.dirname(stored), { recursive: true });
      await writeFile(stored, 'not a dump');
      const first = await openPglite(path.join(dir, 'one'), 'state A', cache);
      expect((await first.db.query("select to_regclass('marker') as t")).rows).toEqual([{ t: null }]);
      await first.db.exec("create table marker (note text); insert into marker values ('from the copy')");
      await first.remember();
      await first.db.close();

      const second = await openPglite(path.join(dir, 'two'), 'state A', cache);
      expect((await second.db.query<{ note: string }>('select note from marker')).rows).toEqual([{ note: 'from the copy' }]);
      await second.db.exec("insert into marker values ('only in two')");
      await second.db.close();

      // A directory with a database in it is opened as it is: its own rows, not the copy's.
      const again = await openPglite(path.join(dir, 'two'), 'state A', cache);
      expect((await again.db.query<{ note: string }>('select note from marker order by note')).rows.map((r) => r.note)).toEqual([
        'from the copy',
        'only in two',
      ]);
      await again.db.close();
    },
    scaled(180_000),
  );

  it('names the copy by PGlite version and state, so a changed migration never loads a stale copy', async () => {
    expect(await templateKey('state A', '0.5.16')).not.toBe(await templateKey('state A', '0.5.17'));
    expect(await templateKey('state A', '0.5.16')).not.toBe(await templateKey('state B', '0.5.16'));
    const migrations = path.join(dir, 'migrations');
    await cp(path.join(repo, 'supabase/migrations'), migrations, { recursive: true });
    const before = await migrationsState(migrations);
    const [file] = (await readdir(migrations)).sort();
    await writeFile(path.join(migrations, file!), '-- changed\n', { flag: 'a' });
    expect(await migrationsState(migrations)).not.toBe(before);
  });
});
