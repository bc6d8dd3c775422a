import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../../../src/server/pglite-template.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The migration as Supabase runs it: API roles exist before it is applied. The anon (and
 * authenticated) role must neither read nor write contact_requests; only the service role / owner does.
 */
describe('supabase/migrations on a database with Supabase API roles', () => {
  let db: PGlite;

  beforeAll(async () => {
    // A bare database, from the stored copy after the first (see src/server/pglite-template.ts).
    const opened = await openPglite(undefined, 'bare');
    await opened.remember();
    db = opened.db;
    await db.exec(`
      create role anon nologin;
      create role authenticated nologin;
      grant usage on schema public to anon, authenticated;
      alter default privileges in schema public grant all on tables to anon, authenticated;`);
    const dir = 'supabase/migrations';
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()) await db.exec(await readFile(path.join(dir, file), 'utf8'));
  });
  afterAll(() => db?.close());

  it('enables row-level security with no policy at all', async () => {
    expect((await db.query<{ rls: boolean }>("select relrowsecurity as rls from pg_class where relname = 'contact_requests'")).rows).toEqual([{ rls: true }]);
    expect((await db.query<{ n: number }>("select count(*)::int as n from pg_policies where tablename = 'contact_requests'")).rows).toEqual([{ n: 0 }]);
  });

  it.each(['anon', 'authenticated'])('denies %s reading and writing', async (role) => {
    await db.exec(`set role ${role}`);
    try {
      await expect(db.query('select * from public.contact_requests')).rejects.toMatchObject({ code: '42501' });
      await expect(
        db.query(
          "insert into public.contact_requests (name, email, message, privacy_consent, form_variant, locale) values ('a', 'a@example.com', 'm', true, 'business', 'de')",
        ),
      ).rejects.toMatchObject({ code: '42501' });
    } finally {
      await db.exec('reset role');
    }
  });

  it('lets the owner (what the service role stands for) write, and checks consent and product ids in the table too', async () => {
    const insert = (consent: boolean, products: string | null) =>
      db.query(
        'insert into public.contact_requests (name, email, products, message, privacy_consent, form_variant, locale) values ($1, $2, $3, $4, $5, $6, $7)',
        ['a', 'a@example.com', products, 'm', consent, 'business', 'de'],
      );
    await expect(insert(true, 'platform,chatbot')).resolves.toBeDefined();
    await expect(insert(false, null)).rejects.toMatchObject({ code: '23514' });
    await expect(insert(true, 'chatbot,robot')).rejects.toMatchObject({ code: '23514' });
  });
});
