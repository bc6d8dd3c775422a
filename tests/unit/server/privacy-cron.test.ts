/**
 * The daily purge scheduled in the database, as on Supabase: on a PostgreSQL server with pg_cron loaded
 * (`.ci/run` installs and preloads it), the migrations install the extension and schedule
 * `purge-contact-requests`; scheduling again changes nothing. Skipped where DATABASE_URL is unset or the
 * server has no pg_cron (PGlite and the plain-PostgreSQL case are in contact-privacy.test.ts).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContactStore } from '../../../src/server/contact-store.ts';

const url = process.env.DATABASE_URL;

async function cronLoaded(): Promise<boolean> {
  if (!url) return false;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ preload: string; db: string | null }>(
      "select current_setting('shared_preload_libraries') as preload, current_setting('cron.database_name', true) as db",
    );
    // pg_cron runs in one database of the cluster; the migrations must be applied in that one.
    return (
      rows[0]!.preload
        .split(',')
        .map((s) => s.trim())
        .includes('pg_cron') && (rows[0]!.db ?? 'postgres') === new URL(url).pathname.slice(1)
    );
  } finally {
    await client.end();
  }
}

describe.runIf(await cronLoaded())('the retention purge scheduled with pg_cron (DATABASE_URL with pg_cron)', () => {
  let client: pg.Client;
  beforeAll(async () => {
    // Applies the migrations (once per database, as `site serve` does); the privacy migration schedules the job.
    await (await openContactStore({ kind: 'postgres', url: url! })).close();
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(() => client?.end());

  const jobs = async () =>
    (
      await client.query<{ jobname: string; schedule: string; command: string }>(
        "select jobname, schedule, command from cron.job where jobname = 'purge-contact-requests'",
      )
    ).rows;

  it('schedules purge_contact_requests daily, once however often it is scheduled', async () => {
    expect(await jobs()).toEqual([
      { jobname: 'purge-contact-requests', schedule: '17 3 * * *', command: 'select count(*) from public.purge_contact_requests()' },
    ]);
    const { rows } = await client.query<{ result: string }>('select public.schedule_contact_purge() as result');
    expect(rows[0]!.result).toBe('scheduled: purge-contact-requests daily at 03:17 UTC');
    expect(await jobs()).toHaveLength(1);
  });

  it('the scheduled command runs as written', async () => {
    const [job] = await jobs();
    await expect(client.query(job!.command)).resolves.toMatchObject({ rowCount: 1 });
  });
});
