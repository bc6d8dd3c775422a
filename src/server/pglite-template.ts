import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { defaultBuildCache, noCache, type BuildCache } from '../cache/build-cache.ts';
import { packageRoot } from '../package-root.ts';

/**
 * A new PGlite database starts from a stored copy of one in the same state instead of running initdb:
 * initdb in WASM is most of a first `site serve` start (measured 22–31 s against 7–11 s for the copy
 * on the loaded 2-core machine, about 3×), and the test suite opens dozens of new databases.
 *
 * The copy is PGlite's own data-directory dump (gzip, about 4.5 MB) in the build cache, under a key
 * that hashes PGlite's version and `state` (for the store: every migration file), so a changed
 * migration or a PGlite upgrade can never load a stale copy. Deleting the cache only costs the next
 * first start its initdb. A database that has files already is opened as it is.
 */
export interface OpenedPglite {
  db: PGlite;
  /** Keep this database as the copy for `state`, once it is in that state (a no-op when it came from one). */
  remember(): Promise<void>;
}

const KIND = 'pglite-template';

async function versionOfPglite(): Promise<string> {
  const manifest = path.join(packageRoot, 'node_modules/@electric-sql/pglite/package.json');
  try {
    return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

async function isEmpty(dataDir: string): Promise<boolean> {
  try {
    return (await readdir(dataDir)).length === 0;
  } catch {
    return true;
  }
}

/** The copy's name: a hash of PGlite's version and the state (a new version or migration, a new copy). */
export async function templateKey(state: string, version?: string): Promise<string> {
  return createHash('sha256')
    .update(`${version ?? (await versionOfPglite())}\0${state}`)
    .digest('hex');
}

/** Whether a copy for `state` is stored (the test suite makes its copies once, before any test opens a database). */
export async function hasStoredCopy(state: string, cache: BuildCache = defaultBuildCache()): Promise<boolean> {
  return (await cache.read(KIND, await templateKey(state))) !== undefined;
}

/** Opens PGlite in `dataDir` (in memory when undefined), from the stored copy for `state` when it is new. */
export async function openPglite(dataDir: string | undefined, state: string, cache: BuildCache = defaultBuildCache()): Promise<OpenedPglite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const fresh = dataDir === undefined || (await isEmpty(dataDir));
  if (!fresh) return { db: await PGlite.create(dataDir), remember: async () => {} };
  const key = await templateKey(state);
  const copy = await cache.read(KIND, key);
  if (copy) {
    try {
      return { db: await PGlite.create(dataDir, { loadDataDir: new Blob([new Uint8Array(copy)]) }), remember: async () => {} };
    } catch {
      // A damaged copy (a disk error, a cache restored from elsewhere): lay out the database as usual, in
      // the directory the copy may have half filled (it was empty before).
      if (dataDir !== undefined) {
        await rm(dataDir, { recursive: true, force: true });
        await mkdir(dataDir, { recursive: true });
      }
    }
  }
  const db = await PGlite.create(dataDir);
  if (cache === noCache) return { db, remember: async () => {} };
  return {
    db,
    async remember() {
      try {
        const dump = await db.dumpDataDir('gzip');
        await cache.write(KIND, key, new Uint8Array(await dump.arrayBuffer()));
      } catch {
        // Without a copy the next new database runs initdb: slower, never wrong.
      }
    },
  };
}

/** The state a store's copy stands for: every migration, by name and content. */
export async function migrationsState(migrationsDir: string): Promise<string> {
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0${await readFile(path.join(migrationsDir, file), 'utf8')}\0`);
  return `migrated ${hash.digest('hex')}`;
}
