/** docs/deploy/environment.md lists every variable of the site's own the code reads, so an operator finds each in one table. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
/** Set by `site` for its own child processes, never by a user. */
const INTERNAL = new Set(['SITE_DEV_CHILD']);
const OURS = /\b((?:SITE|SUPABASE|CONTACT)_[A-Z0-9_]*[A-Z0-9]|DATABASE_URL)\b/g;

async function codeFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(repo, dir), { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && /\.(ts|tsx|js|mjs)$/.test(e.name) && !e.parentPath.includes('/tests')).map((e) => path.join(e.parentPath, e.name));
}

it('every SITE_*, SUPABASE_*, CONTACT_* and DATABASE_URL variable read in src/ and supabase/functions/ is in the table', async () => {
  const read = new Map<string, string>();
  for (const file of [...(await codeFiles('src')), ...(await codeFiles('supabase/functions'))]) {
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines.forEach((line, i) => {
      // Reads only: env.X, env['X'], Deno.env.get('X'), and the SITE_NOTIFY_ names the notifier builds its settings from.
      for (const m of line.matchAll(/(?:env\.|env\[['"]|env\.get\(['"]|['"])((?:SITE|SUPABASE|CONTACT)_[A-Z0-9_]*[A-Z0-9]|DATABASE_URL)\b/g))
        read.set(m[1]!, `${path.relative(repo, file)}:${i + 1}`);
    });
  }
  const table = await readFile(path.join(repo, 'docs/deploy/environment.md'), 'utf8');
  const listed = new Set([...table.matchAll(/^\| (.+?) \|/gm)].flatMap((m) => [...m[1]!.matchAll(OURS)].map((v) => v[1]!)));
  expect(read.size).toBeGreaterThan(10);
  expect([...read].filter(([name]) => !listed.has(name) && !INTERNAL.has(name)).map(([name, at]) => `${name} (${at})`)).toEqual([]);
});
