/**
 * vitest's global setup: the stored copies new PGlite databases start from (src/server/pglite-template.ts) are
 * made once, before any test file runs. On a fresh clone the build cache is empty, and every test file or
 * `site serve` child that opened a database before the first copy was stored ran initdb itself (about 5 CPU-s
 * each, many at once at the start of a run). Two copies: a bare database (the store tests' in-memory sessions,
 * tests/unit/server/support/databases.ts) and one migrated as `site serve` migrates it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packageRoot } from '../../src/package-root.ts';
import { openContactStore } from '../../src/server/contact-store.ts';
import { hasStoredCopy, migrationsState, openPglite } from '../../src/server/pglite-template.ts';

export default async function makePgliteCopies(): Promise<void> {
  if (!(await hasStoredCopy('bare'))) {
    const bare = await openPglite(undefined, 'bare');
    await bare.remember();
    await bare.db.close();
  }
  if (await hasStoredCopy(await migrationsState(path.join(packageRoot, 'supabase/migrations')))) return;
  const dir = await mkdtemp(path.join(tmpdir(), 'site-pglite-copy-'));
  try {
    // Opening a new store migrates it and stores the copy (contact-store.ts, `migrated`).
    await (await openContactStore({ kind: 'pglite', dataDir: dir })).close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
