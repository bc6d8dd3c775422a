/**
 * `site leads export|erase|keep|unkeep|purge` as an operator runs them while `site serve` holds the data
 * (through the leads route) and the retention purge `site serve` runs by itself (at start and daily, with an
 * injected clock and timer), on PGlite and, when DATABASE_URL is set, PostgreSQL.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../support/cli.ts';
import { FUNCTION_PATH } from '../../../supabase/functions/_shared/contact-fields.ts';
import { PRIVACY_POLICY } from '../../../supabase/functions/_shared/generated/privacy-policy.ts';
import { readLeads } from '../../../src/server/leads.ts';
import { openContactStore, storeTarget } from '../../../src/server/contact-store.ts';
import { openLocalBackend, type LocalBackend } from '../../../src/server/local-backend.ts';
import type { PurgedRequest } from '../../../src/server/contact-privacy.ts';
import { startServer, type RunningServer } from '../../../src/server/server.ts';
import { applyMigrations, freshPostgres, SUPABASE_ROLES, type Session } from './support/databases.ts';
import { localMinute } from '../../../src/cli/leads-table.ts';

const engines = [{ name: 'PGlite', postgres: false }, ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(engines)('site leads and the retention purge while site serve holds $name', ({ postgres }) => {
  const START = new Date();
  let clock = START;
  /** The daily purge, run now; resolves once it ended, so what it purged is known without waiting for time to pass. */
  let tick: () => Promise<void> = () => Promise.resolve();
  const purged: PurgedRequest[][] = [];
  const purgeErrors: unknown[] = [];
  let dataDir: string;
  let database: Session | undefined;
  let savedUrl: string | undefined;
  let backend: LocalBackend;
  let server: RunningServer;
  const leads = (...args: string[]) => cli('leads', '--data', dataDir, ...args);

  async function send(email: string, message = 'Hallo'): Promise<string> {
    const response = await fetch(`${server.url}${FUNCTION_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-site-form': 'business', 'x-site-locale': 'de' },
      body: JSON.stringify({ name: 'Anna', email, company: null, products: null, subject: 'Angebot', message, privacy_consent: true }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  }

  beforeAll(async () => {
    savedUrl = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    if (postgres) {
      database = await freshPostgres(savedUrl!);
      process.env.DATABASE_URL = database.url;
    }
    dataDir = await mkdtemp(path.join(tmpdir(), 'site-leads-privacy-'));
    backend = await openLocalBackend({
      dataDir,
      rateLimit: { limit: 1000, windowSeconds: 60 },
      onStoreError: (error) => {
        throw error;
      },
      retention: {
        now: () => clock,
        every: (run) => ((tick = run), () => (tick = () => Promise.resolve())),
        onPurged: (requests) => void purged.push(requests),
        onError: (error) => void purgeErrors.push(error),
      },
    });
    server = await startServer({ port: 0, host: '127.0.0.1', handlers: backend.handlers });
    await backend.publish(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await backend?.close();
    await database?.close();
    if (savedUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = savedUrl;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores the policy in force with every request: consent time and the generated version', async () => {
    const id = await send('proof@example.com');
    const { out, code } = await leads('export', 'Proof@Example.com');
    expect(code).toBe(0);
    const exported = JSON.parse(out) as { contact_requests: Record<string, unknown>[] };
    expect(exported.contact_requests).toHaveLength(1);
    expect(exported.contact_requests[0]).toMatchObject({
      id,
      policy_version: PRIVACY_POLICY.version,
      retention_months: PRIVACY_POLICY.contactRetentionMonths,
      kept_at: null,
    });
    const row = exported.contact_requests[0]!;
    expect(Math.abs(Date.parse(row.consent_at as string) - Date.parse(row.created_at as string))).toBeLessThan(1000);
  });

  it('export, keep, unkeep, erase and purge through the running server, with the output docs/operating/privacy.md shows', async () => {
    const a = await send('Kunde@Example.com');
    const b = await send('kunde@example.com');
    const other = await send('other@example.com');

    // An id's first 8 characters name it, as `site leads show` takes it (the table's id column).
    const kept = await leads('keep', a.slice(0, 8), '--reason', 'Vertrag 2026-114');
    expect(kept).toMatchObject({ code: 0, out: `kept ${a}: exempt from the retention purge (reason: "Vertrag 2026-114")\n` });

    // The daily run, seven months on: everything unkept is due, the kept request stays.
    const retention = PRIVACY_POLICY.contactRetentionMonths;
    clock = new Date(START);
    clock.setUTCMonth(clock.getUTCMonth() + retention - 1);
    await tick();
    expect(purgeErrors).toEqual([]);
    expect(purged).toHaveLength(0);
    const preview = await leads('purge', '--now', clock.toISOString(), '--dry-run');
    // Times as the `site leads` table gives them: in the site's time zone (content/site.yaml), forms and languages by name.
    const local = (at: Date) => `${localMinute(at.toISOString(), 'Europe/Berlin')} \\(Europe/Berlin\\)`;
    expect(preview.out).toMatch(new RegExp(`^would delete 0 contact requests not kept and older than ${retention} months as of ${local(clock)}\\n$`));
    clock = new Date(START);
    clock.setUTCMonth(clock.getUTCMonth() + retention + 1);
    await tick();
    expect(purgeErrors).toEqual([]);
    expect(purged).toHaveLength(1);
    expect(purged[0]!.map((r) => r.id).sort()).toEqual(expect.arrayContaining([b, other]));
    expect(purged[0]!.map((r) => r.id)).not.toContain(a);
    expect((await readLeads(dataDir, storeTarget(dataDir))).map((r) => r.id)).toEqual([a]);

    const unkept = await leads('unkeep', a.slice(0, 8).toUpperCase());
    expect(unkept.out).toBe(`${a} is no longer kept: the retention purge deletes it once it is due\n`);
    const purge = await leads('purge', '--now', clock.toISOString());
    expect(purge.code).toBe(0);
    expect(purge.out).toMatch(
      new RegExp(
        `^deleted 1 contact request not kept and older than ${retention} months as of ${local(clock)}\\n  ${a}  received \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\(Europe/Berlin\\)  Kontaktformular Unternehmen  Deutsch\\n$`,
      ),
    );

    const last = await send('Kunde@example.com');
    // Erasing shows what it deletes first; a dry run stops there, and without a terminal to confirm on it needs --yes.
    const shows = new RegExp(
      `^will erase 1 contact request and 1 lead notification stored about "KUNDE@example\\.com":\\n  ${last}  received \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\(Europe/Berlin\\)  Kontaktformular Unternehmen  Deutsch  "Anna"\\n`,
    );
    const dry = await leads('erase', 'KUNDE@example.com', '--dry-run');
    expect(dry).toMatchObject({ code: 0, out: expect.stringMatching(shows) });
    expect(dry.out).toMatch(/\ndry run: nothing was erased\n$/);
    const unconfirmed = await leads('erase', 'KUNDE@example.com');
    expect(unconfirmed).toMatchObject({
      code: 2,
      out: expect.stringMatching(shows),
      err: expect.stringContaining('nothing was erased: confirm on a terminal, or pass --yes'),
    });
    expect((await readLeads(dataDir, storeTarget(dataDir))).map((r) => r.id)).toContain(last);
    const erase = await leads('erase', 'KUNDE@example.com', '--yes');
    expect(erase.code).toBe(0);
    expect(erase.out).toMatch(shows);
    expect(erase.out).toMatch(
      /\nerased 2 rows stored about KUNDE@example\.com \(contact_requests: 1, lead_notifications: 1\)\nrecorded in contact_erasures as subject [0-9a-f]{16}… \(HMAC-SHA-256 of the address; no personal data\)\n$/,
    );
    // Nothing stored: nothing to confirm, the erasure is still recorded.
    const again = await leads('erase', 'kunde@example.com');
    expect(again.out).toMatch(
      /^nothing is stored about "kunde@example\.com"\nerased 0 rows stored about kunde@example\.com \(contact_requests: 0, lead_notifications: 0\)/,
    );
    expect(JSON.parse((await leads('export', 'kunde@example.com')).out).contact_requests).toEqual([]);
  });

  it('refuses bad input with exit 2 and a message, and changes nothing', async () => {
    const id = await send('keepme@example.com');
    const before = JSON.stringify(await readLeads(dataDir, storeTarget(dataDir)));
    const refused = [
      [['export'], /missing required argument 'email'/],
      [['erase', 'not-an-address'], /'not-an-address' is not an e-mail address; nothing was changed/],
      [['erase', ''], /give the e-mail address/],
      [['keep', id], /required option '--reason <text>' not specified/],
      [['keep', id, '--reason', ' '], /give the reason/],
      [['keep', '42', '--reason', 'x'], /'42' is not a request id/],
      [
        ['keep', '0b9e2c4a-1111-4111-8111-111111111111', '--reason', 'x'],
        /no contact request has the id 0b9e2c4a-1111-4111-8111-111111111111; nothing was changed/,
      ],
      [['unkeep', '0b9e2c4a-1111-4111-8111-111111111111'], /no contact request has the id/],
      [['purge', '--now', 'next tuesday'], /'next tuesday' is not an ISO 8601 time/],
      [['purge', '--now', '2026-13-01'], /is not an ISO 8601 time/],
    ] as const;
    for (const [args, message] of refused) {
      const result = await leads(...args);
      expect([result.code, result.err], args.join(' ')).toEqual([2, expect.stringMatching(message)]);
    }
    expect(JSON.stringify(await readLeads(dataDir, storeTarget(dataDir)))).toBe(before);
  });

  it('`site leads` with no sub-command still lists', async () => {
    const { code, out } = await leads('--json');
    expect(code).toBe(0);
    expect((JSON.parse(out) as { email: string }[]).map((r) => r.email)).toContain('keepme@example.com');
  });

  it('lists each request with its id; --wide and `show <id>` give the whole message', async () => {
    const message = `Zeile eins\n${'Eine sehr lange Nachricht, '.repeat(12)}Ende.\n\u001b[2JZeile drei`;
    const id = await send('whole@example.com', message);
    const table = await leads();
    const row = table.out.split('\n').find((line) => line.includes('whole@example.com'))!;
    expect(row.startsWith(id)).toBe(true);
    expect(row).not.toContain('Ende.');
    expect(table.out).toContain('`site leads show <id>` shows one in full, --wide every message whole');
    const wide = (await leads('--wide')).out.split('\n').find((line) => line.includes('whole@example.com'))!;
    expect(wide).toContain(`Zeile eins ${'Eine sehr lange Nachricht, '.repeat(12)}Ende. \\u{1b}[2JZeile drei`);
    const shown = await leads('show', id);
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(new RegExp(`^id +${id}\\n`, 'm'));
    expect(shown.out).toMatch(/^email +whole@example\.com$/m);
    expect(shown.out).toContain(`message\n  Zeile eins\n  ${'Eine sehr lange Nachricht, '.repeat(12)}Ende.\n  \\u{1b}[2JZeile drei\n`);
    // Names and the site's time as the notification words them, whether it is kept, and its notification's state.
    expect(row).toContain('Kontaktformular Unternehmen  Deutsch');
    expect(table.out).toMatch(/^id +received \(Europe\/Berlin\) +form +language/);
    expect(shown.out).toMatch(/^form +Kontaktformular Unternehmen$/m);
    expect(shown.out).toMatch(/^received +\w+, \d+\. \w+ 20\d\d um \d\d:\d\d (MEZ|MESZ) \(20\d\d-.*Z\)$/m);
    expect(shown.out).toMatch(new RegExp(`^kept +no \\(deleted by the retention rule when due; \`site leads keep ${id} --reason …\` exempts it\\)$`, 'm'));
    expect(shown.out).toMatch(/^notification +(queued|none queued)/m);
    expect((await leads('keep', id, '--reason', 'Vertrag 2026-114')).code).toBe(0);
    // An unambiguous start of the id is enough, as `git show` takes a short hash.
    const kept = await leads('show', id.slice(0, 8));
    expect(kept.out).toMatch(/^kept +yes, since \w+, .+ (MEZ|MESZ): Vertrag 2026-114 \(/m);
    expect(kept.out).toContain(`\`site leads unkeep ${id}\``);
    expect(await leads('show', 'abc')).toMatchObject({ code: 2, err: expect.stringContaining("'abc' is not a request id") });
    expect(await leads('show', '0b9e2c4a-1111-4111-8111-111111111111')).toMatchObject({
      code: 1,
      err: expect.stringContaining('no contact request has the id 0b9e2c4a-1111-4111-8111-111111111111'),
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('site leads on a database the Supabase CLI migrates (DATABASE_URL)', () => {
  let database: Session;
  const versions = async () =>
    (await readdir('supabase/migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => f.split('_')[0]!);
  beforeAll(async () => {
    database = await freshPostgres(process.env.DATABASE_URL!);
    await database.exec(SUPABASE_ROLES);
    await applyMigrations(database);
    await database.exec('create schema supabase_migrations; create table supabase_migrations.schema_migrations (version text primary key)');
  });
  afterAll(() => database?.close());

  it('works on the tables `supabase db push` made and applies nothing itself; refuses while a migration is missing there', async () => {
    const all = await versions();
    await database.query('insert into supabase_migrations.schema_migrations (version) select unnest($1::text[])', [all.slice(0, -1)]);
    const target = { kind: 'postgres', url: database.url! } as const;
    await expect(openContactStore(target)).rejects.toThrow(`lacks ${all.at(-1)}`);
    await database.query('insert into supabase_migrations.schema_migrations (version) values ($1)', [all.at(-1)]);
    const store = await openContactStore(target);
    try {
      expect(await store.privacy.erase('a@example.com', 'd'.repeat(64))).toEqual({ contact_requests: 0, lead_notifications: 0 });
    } finally {
      await store.close();
    }
    expect(await database.query("select to_regclass('public.site_migrations') as t")).toEqual([{ t: null }]);
  });
});
