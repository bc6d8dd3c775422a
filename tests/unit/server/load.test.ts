/**
 * The short version of `npm run loadtest`: a real `site serve`, 300 valid contact requests at
 * concurrency 50, on PGlite (and PostgreSQL when DATABASE_URL is set). Asserts behaviour, not timings:
 * no 5xx, every request acknowledged, rows == 2xx answers, every row equal to what was sent.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContactLoad } from '../../../bench/support/contact-load.ts';
import { scaled } from '../../support/time-scale.ts';

const engines = [
  { name: 'PGlite', databaseUrl: undefined },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', databaseUrl: process.env.DATABASE_URL }] : []),
];

describe.each(engines)('site serve under a burst of contact requests into $name', ({ databaseUrl }) => {
  let outDir: string;
  beforeAll(async () => void (outDir = await mkdtemp(path.join(tmpdir(), 'site-load-out-'))));
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it(
    '300 requests at concurrency 50: no 5xx, all acknowledged, rows == 2xx, content as sent',
    async () => {
      const report = await runContactLoad({ total: 300, concurrency: 50, outDir, databaseUrl });
      // One assertion over the whole report: a failure shows every count at once, not the first that differs.
      const { failed, otherStatuses, ok, rows, mismatches, failures } = report;
      expect({ failed, otherStatuses, ok, rows, mismatches, failures }).toEqual({
        failed: 0,
        otherStatuses: {},
        ok: 300,
        rows: 300,
        mismatches: [],
        failures: [],
      });
    },
    scaled(120_000),
  );
});
