/**
 * Erase and purge while a real `site serve` stores 200 contact requests at concurrency 25, on PGlite
 * (the operator's commands go through the server's leads route) and PostgreSQL (straight to the
 * database, beside the server's pool): no 5xx, and every acknowledged request that is not the erased
 * subject's is still stored.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRunId, sendContactRequests, startSiteServe, type SentRequest } from '../../../bench/support/site-serve.ts';
import { FUNCTION_PATH } from '../../../supabase/functions/_shared/contact-fields.ts';
import { readLeads, runLeadsOperation } from '../../../src/server/leads.ts';
import type { StoreTarget } from '../../../src/server/contact-store.ts';
import { freshPostgres, type Session } from './support/databases.ts';
import { scaled } from '../../support/time-scale.ts';

const engines = [{ name: 'PGlite', postgres: false }, ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];
const SUBJECT = 'Subject@Example.com';

describe.each(engines)('erase and purge during a burst of contact requests into $name', ({ postgres }) => {
  let dir: string;
  let database: Session | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-privacy-load-'));
    if (postgres) database = await freshPostgres(process.env.DATABASE_URL!);
  });
  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it(
    '200 requests at concurrency 25 with an erasure and two purges in the middle: no 5xx, nothing else lost',
    async () => {
      const dataDir = path.join(dir, 'data');
      const target: StoreTarget = database ? { kind: 'postgres', url: database.url! } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
      const server = await startSiteServe({ outDir: dir, dataDir, databaseUrl: database?.url, rateLimit: '10000/60' });
      try {
        const subject = async (email: string) => {
          const response = await fetch(`${server.url}${FUNCTION_PATH}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-site-form': 'business', 'x-site-locale': 'de' },
            body: JSON.stringify({ name: 'Sub', email, company: null, products: null, subject: 'S', message: 'M', privacy_consent: true }),
          });
          expect(response.status).toBe(200);
        };
        await Promise.all([subject(SUBJECT), subject(SUBJECT.toLowerCase()), subject(SUBJECT.toUpperCase())]);

        const run = newRunId();
        let answered = 0;
        const operations: Promise<unknown>[] = [];
        const results: SentRequest[] = await sendContactRequests({
          url: server.url,
          run,
          total: 200,
          concurrency: 25,
          onResult: () => {
            answered += 1;
            // In the thick of it: an erasure at the 40th answer, purges (real clock: nothing is due) at the 20th and 120th.
            if (answered === 20 || answered === 120) operations.push(runLeadsOperation(dataDir, target, { op: 'purge', dryRun: false }));
            if (answered === 40) operations.push(runLeadsOperation(dataDir, target, { op: 'erase', email: SUBJECT.toLowerCase() }));
          },
        });
        const [purge1, erase, purge2] = (await Promise.all(operations)) as [unknown, unknown, unknown];
        expect(erase).toMatchObject({ op: 'erase', deleted: { contact_requests: 3 } });
        expect(purge1).toMatchObject({ op: 'purge', requests: [] });
        expect(purge2).toMatchObject({ op: 'purge', requests: [] });

        expect(results.filter((r) => r.status === 0 || r.status >= 500)).toEqual([]);
        const acknowledged = results.filter((r) => r.status === 200).map((r) => r.id!);
        expect(acknowledged).toHaveLength(200);
        const stored = new Set((await readLeads(dataDir, target)).map((r) => r.id));
        expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
        expect([...(await readLeads(dataDir, target))].filter((r) => r.email.toLowerCase() === SUBJECT.toLowerCase())).toEqual([]);
      } finally {
        await server.stop();
      }
    },
    scaled(120_000),
  );
});
