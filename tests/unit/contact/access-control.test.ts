/**
 * Access control of the contact tables as Supabase runs them: the API roles exist (with Supabase's
 * default grants) before the migrations are applied. anon and authenticated can neither read nor write
 * contact_requests or the rate-limit counts; the service role can insert and count. On PGlite always,
 * and on PostgreSQL (in a fresh database) when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, engines, SUPABASE_ROLES, type Session } from '../server/support/databases.ts';

const INSERT =
  "insert into public.contact_requests (name, email, message, privacy_consent, form_variant, locale) values ('a', 'a@example.com', 'm', true, 'business', 'de') returning id";
const HASH = 'a'.repeat(64);

describe.each(engines)('contact tables on $name with Supabase API roles', ({ open }) => {
  let db: Session;

  async function as<T>(role: string, work: () => Promise<T>): Promise<T> {
    await db.exec(`set role ${role}`);
    try {
      return await work();
    } finally {
      await db.exec('reset role');
    }
  }

  beforeAll(async () => {
    db = await open();
    await db.exec(SUPABASE_ROLES);
    await applyMigrations(db);
  });
  afterAll(() => db?.close());

  it('has row-level security on every contact table and no policy at all', async () => {
    const rows = await db.query<{ relname: string; rls: boolean }>(
      "select relname, relrowsecurity as rls from pg_class where relname in ('contact_requests', 'contact_rate_limits', 'lead_notifications') order by relname",
    );
    expect(rows).toEqual([
      { relname: 'contact_rate_limits', rls: true },
      { relname: 'contact_requests', rls: true },
      { relname: 'lead_notifications', rls: true },
    ]);
    expect(await db.query("select policyname from pg_policies where tablename in ('contact_requests', 'contact_rate_limits', 'lead_notifications')")).toEqual(
      [],
    );
  });

  it.each(['anon', 'authenticated'])('%s can neither read nor write contact_requests, nor touch the rate-limit counts', async (role) => {
    await as(role, async () => {
      await expect(db.query('select * from public.contact_requests')).rejects.toMatchObject({ code: '42501' });
      await expect(db.query(INSERT)).rejects.toMatchObject({ code: '42501' });
      await expect(db.query("update public.contact_requests set name = 'x'")).rejects.toMatchObject({ code: '42501' });
      await expect(db.query('delete from public.contact_requests')).rejects.toMatchObject({ code: '42501' });
      await expect(db.query('select * from public.contact_rate_limits')).rejects.toMatchObject({ code: '42501' });
      await expect(db.query('select public.contact_rate_hit($1, 5, 60)', [HASH])).rejects.toMatchObject({ code: '42501' });
      await expect(db.query('select * from public.lead_notifications')).rejects.toMatchObject({ code: '42501' });
      await expect(db.query('update public.lead_notifications set attempts = 0')).rejects.toMatchObject({ code: '42501' });
    });
  });

  it('a request the service role stores queues its lead notification in the same statement; the service role works the outbox', async () => {
    const [row] = await as('service_role', () => db.query<{ id: string }>(INSERT));
    const queued = await as('service_role', () =>
      db.query<{ request_id: string }>('select request_id from public.lead_notifications where request_id = $1', [row!.id]),
    );
    expect(queued).toEqual([{ request_id: row!.id }]);
    await as('service_role', () => db.query('update public.lead_notifications set delivered_at = now() where request_id = $1', [row!.id]));
  });

  it('the service role can insert a contact request and count a client', async () => {
    const [row] = await as('service_role', () => db.query<{ id: string }>(INSERT));
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    const [hit] = await as('service_role', () => db.query<{ wait: number }>('select public.contact_rate_hit($1, 5, 60) as wait', [HASH]));
    expect(hit?.wait).toBe(0);
  });

  it('contact_rate_hit allows the limit, then answers the seconds to wait; clients count separately', async () => {
    // An hour's window, so the four calls do not straddle a boundary (windows align to the clock).
    const hit = async (hash: string) => (await db.query<{ wait: number }>('select public.contact_rate_hit($1, 3, 3600) as wait', [hash]))[0]!.wait;
    const client = 'b'.repeat(64);
    expect([await hit(client), await hit(client), await hit(client)]).toEqual([0, 0, 0]);
    const wait = await hit(client);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await hit('c'.repeat(64))).toBe(0);
    // Only hashes are kept, never anything shaped like an address.
    await expect(db.query('select public.contact_rate_hit($1, 3, 60)', ['127.0.0.1'])).rejects.toMatchObject({ code: '23514' });
  });
});
