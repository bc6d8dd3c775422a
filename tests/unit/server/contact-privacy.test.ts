/**
 * The privacy operations (supabase/migrations/20261125020000_contact_privacy.sql through
 * src/server/contact-privacy.ts and leads-operations.ts) on PGlite, and on PostgreSQL when DATABASE_URL
 * is set: export, erase, keep, unkeep and purge round trips with an injected clock, every bad input
 * refused with nothing changed, and the SQL functions as Supabase's roles call them.
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactPrivacy } from '../../../src/server/contact-privacy.ts';
import type { LocalContactStore } from '../../../src/server/contact-store.ts';
import { checkOperation, LeadsInputError, parseInstant, runOperation, subjectHash, type LeadsOperation } from '../../../src/server/leads-operations.ts';
import { applyMigrations, engines, SUPABASE_ROLES, type Session } from './support/databases.ts';

const T0 = new Date('2026-01-15T10:00:00Z');
const months = (n: number, from = T0) => {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d;
};
const KEY = 'k'.repeat(64);

describe.each(engines)('contact privacy on $name', ({ open }) => {
  let db: Session;
  let store: LocalContactStore;
  const dataDir = '/nonexistent-the-key-comes-from-the-environment';

  async function insert(email: string, createdAt: Date, retentionMonths: number | null = 6): Promise<string> {
    const [row] = await db.query<{ id: string }>(
      `insert into public.contact_requests (created_at, name, email, message, privacy_consent, form_variant, locale, policy_version, retention_months)
       values ($1, 'Anna', $2, 'Hallo', true, 'business', 'de', $3, $4) returning id`,
      [createdAt.toISOString(), email, 'a'.repeat(64), retentionMonths],
    );
    return row!.id;
  }
  const ids = async () => (await db.query<{ id: string }>('select id from public.contact_requests order by id')).map((r) => r.id).sort();
  const everything = async () =>
    JSON.stringify([await db.query('select * from public.contact_requests order by id'), await db.query('select * from public.contact_erasures order by id')]);
  const run = (operation: LeadsOperation, now = T0) => runOperation(store, operation, { dataDir, now: () => now });

  beforeAll(async () => {
    process.env.SITE_ERASURE_KEY = KEY;
    db = await open();
    await db.exec(SUPABASE_ROLES);
    await applyMigrations(db);
    store = { privacy: contactPrivacy((text, params) => db.query(text, params)) } as LocalContactStore;
  });
  afterAll(async () => {
    delete process.env.SITE_ERASURE_KEY;
    await db?.close();
  });
  beforeEach(async () => {
    await db.exec('delete from public.contact_requests; delete from public.contact_erasures;');
  });

  it('export: every request of the address whatever its case, with the consent proof, and nobody else’s', async () => {
    const a = await insert('Anna@Example.com', T0);
    const b = await insert('anna@example.COM', months(1));
    await insert('bert@example.com', T0);
    const result = await run({ op: 'export', email: 'ANNA@example.com' }, months(2));
    if (result.op !== 'export') throw new Error(result.op);
    expect(result.data.email).toBe('anna@example.com');
    expect(result.data.exported_at).toBe(months(2).toISOString());
    expect(result.data.contact_requests.map((r) => r.id)).toEqual([a, b]);
    expect(result.data.contact_requests[0]).toEqual({
      id: a,
      created_at: T0.toISOString(),
      name: 'Anna',
      email: 'Anna@Example.com',
      company: null,
      products: null,
      subject: null,
      message: 'Hallo',
      privacy_consent: true,
      form_variant: 'business',
      locale: 'de',
      consent_at: expect.any(String),
      policy_version: 'a'.repeat(64),
      retention_months: 6,
      kept_at: null,
      keep_reason: null,
    });
    const none = await run({ op: 'export', email: 'nobody@example.com' });
    expect(none.op === 'export' && none.data.contact_requests).toEqual([]);
  });

  it('erase: deletes every request of the address in one call, keeps the others, records a keyed hash and counts only; idempotent', async () => {
    await insert('Anna@Example.com', T0);
    await insert('anna@example.com', months(1));
    const bert = await insert('bert@example.com', T0);
    const first = await run({ op: 'erase', email: 'ANNA@EXAMPLE.COM' });
    expect(first).toMatchObject({ op: 'erase', deleted: { contact_requests: 2, lead_notifications: 2 }, subjectHash: subjectHash('anna@example.com', KEY) });
    expect(await ids()).toEqual([bert]);
    const again = await run({ op: 'erase', email: 'anna@example.com' });
    expect(again).toMatchObject({ deleted: { contact_requests: 0, lead_notifications: 0 } });
    const unknown = await run({ op: 'erase', email: 'nobody@example.com' });
    expect(unknown).toMatchObject({ deleted: { contact_requests: 0, lead_notifications: 0 } });
    const records = await db.query<{ subject_hash: string; deleted: unknown }>(
      'select subject_hash, deleted from public.contact_erasures order by erased_at, deleted::text desc',
    );
    expect(records.map((r) => r.deleted)).toEqual([
      { contact_requests: 2, lead_notifications: 2 },
      { contact_requests: 0, lead_notifications: 0 },
      { contact_requests: 0, lead_notifications: 0 },
    ]);
    expect(records[0]!.subject_hash).toBe(records[1]!.subject_hash);
    // The record holds no personal data: no address, no name, in any case.
    expect(JSON.stringify(await db.query('select * from public.contact_erasures')).toLowerCase()).not.toMatch(/anna|example|nobody/);
  });

  it('purge: at +5 months nothing, at +7 months exactly the unkept requests older than six months; a kept one survives', async () => {
    const old = await insert('a@example.com', T0);
    const kept = await insert('b@example.com', T0);
    const young = await insert('c@example.com', months(2));
    expect(await run({ op: 'keep', id: kept, reason: 'Vertrag 2026-114' }, months(1))).toEqual({ op: 'keep', id: kept, reason: 'Vertrag 2026-114' });
    const [keptRow] = await db.query<{ kept_at: Date; keep_reason: string }>('select kept_at, keep_reason from public.contact_requests where id = $1', [kept]);
    expect([new Date(keptRow!.kept_at).toISOString(), keptRow!.keep_reason]).toEqual([months(1).toISOString(), 'Vertrag 2026-114']);

    const atFive = await run({ op: 'purge', now: months(5).toISOString(), dryRun: false });
    expect(atFive).toMatchObject({ retentionMonths: 6, requests: [] });
    const preview = await run({ op: 'purge', now: months(7).toISOString(), dryRun: true });
    expect(preview.op === 'purge' && preview.requests.map((r) => r.id)).toEqual([old]);
    expect(await ids()).toEqual([old, kept, young].sort());
    const atSeven = await run({ op: 'purge', now: months(7).toISOString(), dryRun: false });
    expect(atSeven).toMatchObject({
      op: 'purge',
      now: months(7).toISOString(),
      dryRun: false,
      requests: [{ id: old, created_at: T0.toISOString(), form_variant: 'business', locale: 'de' }],
    });
    expect(await ids()).toEqual([kept, young].sort());

    // Unkept, the request falls under the rule again; the younger one still waits for its six months.
    expect(await run({ op: 'unkeep', id: kept })).toEqual({ op: 'unkeep', id: kept });
    const later = await run({ op: 'purge', now: months(7).toISOString(), dryRun: false });
    expect(later.op === 'purge' && later.requests.map((r) => r.id)).toEqual([kept]);
    expect(await ids()).toEqual([young]);
  });

  it('purge: the shorter of the period stated at arrival and the one stated now applies; the clock is the injected one', async () => {
    const statedLonger = await insert('a@example.com', T0, 12);
    const statedShorter = await insert('b@example.com', T0, 3);
    const unknown = await insert('c@example.com', T0, null);
    const atFour = await run({ op: 'purge', dryRun: false }, months(4));
    expect(atFour.op === 'purge' && [atFour.now, atFour.requests.map((r) => r.id)]).toEqual([months(4).toISOString(), [statedShorter]]);
    const atSix = await run({ op: 'purge', dryRun: false }, months(6));
    expect(atSix.op === 'purge' && atSix.requests.map((r) => r.id).sort()).toEqual([statedLonger, unknown].sort());
  });

  it('refuses every bad input with a clear message and changes nothing', async () => {
    const id = await insert('anna@example.com', T0);
    const before = await everything();
    const refused = async (input: unknown, message: RegExp) => {
      const attempt = async () => run(checkOperation(input));
      await expect(attempt()).rejects.toThrow(LeadsInputError);
      await expect(attempt()).rejects.toThrow(message);
    };
    await refused({ op: 'export' }, /give the e-mail address/);
    await refused({ op: 'erase', email: '' }, /give the e-mail address/);
    await refused({ op: 'erase', email: 'anna' }, /'anna' is not an e-mail address/);
    await refused({ op: 'erase', email: 'anna@example.com; drop table x' }, /is not an e-mail address/);
    await refused({ op: 'keep', id: 'nope', reason: 'x' }, /'nope' is not a request id/);
    await refused({ op: 'keep', id, reason: '  ' }, /give the reason/);
    await refused(
      { op: 'keep', id: '0b9e2c4a-1111-4111-8111-111111111111', reason: 'x' },
      /no contact request has the id 0b9e2c4a-1111-4111-8111-111111111111/,
    );
    await refused({ op: 'unkeep', id: '0b9e2c4a-1111-4111-8111-111111111111' }, /no contact request has the id/);
    await refused({ op: 'purge', now: 'yesterday', dryRun: false }, /'yesterday' is not an ISO 8601 time/);
    await refused({ op: 'purge', now: '2026-02-30', dryRun: false }, /not an ISO 8601 time/);
    await refused({ op: 'purge', now: '2026-06-01T12:00:00', dryRun: false }, /not an ISO 8601 time/);
    await refused({ op: 'drop' }, /unknown operation "drop"/);
    expect(await everything()).toBe(before);
  });
});

describe('ISO 8601 times for purge --now', () => {
  it('reads dates as midnight UTC and times with their zone', () => {
    expect(parseInstant('2026-06-01').toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(parseInstant('2026-06-01T14:00:00+02:00').toISOString()).toBe('2026-06-01T12:00:00.000Z');
    expect(parseInstant('2026-06-01T12:00Z').toISOString()).toBe('2026-06-01T12:00:00.000Z');
  });
});

describe.each(engines)('the SQL functions on $name as Supabase’s roles call them', ({ open }) => {
  let db: Session;
  async function as<T>(role: string, work: () => Promise<T>): Promise<T> {
    await db.exec(`set role ${role}`);
    try {
      return await work();
    } finally {
      await db.exec('reset role');
    }
  }
  const CALLS = [
    ["select public.export_contact_data('a@example.com')", 'export_contact_data'],
    [`select public.erase_contact_data('a@example.com', '${'b'.repeat(64)}')`, 'erase_contact_data'],
    ["select public.keep_contact_request('0b9e2c4a-1111-4111-8111-111111111111', 'x')", 'keep_contact_request'],
    ['select * from public.purge_contact_requests()', 'purge_contact_requests'],
    ['select public.schedule_contact_purge()', 'schedule_contact_purge'],
  ] as const;

  beforeAll(async () => {
    db = await open();
    await db.exec(SUPABASE_ROLES);
    await applyMigrations(db);
  });
  afterAll(() => db?.close());

  it.each(['anon', 'authenticated'])('%s may execute none of them, nor read the erasure records', async (role) => {
    await as(role, async () => {
      for (const [sql] of CALLS) await expect(db.query(sql), sql).rejects.toMatchObject({ code: '42501' });
      await expect(db.query('select * from public.contact_erasures')).rejects.toMatchObject({ code: '42501' });
    });
  });

  it('the service role exports, erases, keeps and purges', async () => {
    await db.query(
      "insert into public.contact_requests (created_at, name, email, message, privacy_consent, form_variant, locale, retention_months) values (now() - interval '7 months', 'A', 'A@example.com', 'm', true, 'business', 'de', 6)",
    );
    await as('service_role', async () => {
      const [exported] = await db.query<{ data: { contact_requests: unknown[] } }>("select public.export_contact_data('a@EXAMPLE.com') as data");
      expect(exported!.data.contact_requests).toHaveLength(1);
      expect(await db.query('select count(*)::int as n from public.purge_contact_requests(now(), 6, true)')).toEqual([{ n: 1 }]);
      const [erased] = await db.query<{ deleted: unknown }>(`select public.erase_contact_data('a@example.com', '${'c'.repeat(64)}') as deleted`);
      expect(erased!.deleted).toEqual({ contact_requests: 1, lead_notifications: 1 });
      expect(await db.query('select count(*)::int as n from public.purge_contact_requests()')).toEqual([{ n: 0 }]);
      expect(await db.query("select public.keep_contact_request('0b9e2c4a-1111-4111-8111-111111111111', 'x') as found")).toEqual([{ found: false }]);
    });
  });

  it('row-level security is on for the erasure records, with no policy', async () => {
    expect(await db.query("select relrowsecurity as rls from pg_class where relname = 'contact_erasures'")).toEqual([{ rls: true }]);
    expect(await db.query("select policyname from pg_policies where tablename = 'contact_erasures'")).toEqual([]);
  });

  it('without pg_cron the migration applies and schedules nothing, and says why when asked', async () => {
    const [row] = await db.query<{ result: string }>('select public.schedule_contact_purge() as result');
    expect(row!.result).toMatch(/^not scheduled: pg_cron cannot be installed here/);
    expect(await db.query("select extname from pg_extension where extname = 'pg_cron'")).toEqual([]);
  });
});

describe('supabase/migrations', () => {
  it('has one file per version: the Supabase CLI records each by the timestamp before the first _, so two files with one version cannot both be pushed', async () => {
    const versions = (await readdir('supabase/migrations')).filter((f) => f.endsWith('.sql')).map((f) => f.split('_')[0]);
    expect(versions.filter((v, i) => versions.indexOf(v) !== i)).toEqual([]);
  });
});
