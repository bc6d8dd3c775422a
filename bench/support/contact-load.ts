/**
 * One load run against a real `site serve`: `total` valid contact requests at `concurrency`, then the
 * store is read back. Used by `npm run loadtest` (2,000 at 50) and, shorter, by the unit suite.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readLeads } from '../../src/server/leads.ts';
import { newRunId, percentile, sendContactRequests, startSiteServe, type SentRequest } from './site-serve.ts';

export interface LoadReport {
  store: 'PGlite' | 'PostgreSQL';
  sent: number;
  ok: number;
  /** 5xx answers and failed connections. */
  failed: number;
  /** What the failed ones said, counted by message. */
  failures: string[];
  otherStatuses: Record<string, number>;
  rows: number;
  /** Rows whose content differs from what was sent, or acknowledged requests without a row. */
  mismatches: string[];
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

export async function runContactLoad(options: { total: number; concurrency: number; outDir: string; databaseUrl?: string }): Promise<LoadReport> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-load-'));
  const run = newRunId();
  // All requests come from 127.0.0.1: the limit is raised for the run (it stays on and is counted).
  const server = await startSiteServe({ outDir: options.outDir, dataDir: dir, databaseUrl: options.databaseUrl, rateLimit: `${options.total * 10}/60` });
  let results: SentRequest[];
  let seconds: number;
  try {
    const started = performance.now();
    results = await sendContactRequests({ url: server.url, run, total: options.total, concurrency: options.concurrency });
    seconds = (performance.now() - started) / 1000;
  } catch (error) {
    await server.stop();
    throw error;
  }
  try {
    const target = options.databaseUrl
      ? ({ kind: 'postgres', url: options.databaseUrl } as const)
      : ({ kind: 'pglite', dataDir: path.join(dir, 'pglite') } as const);
    const rows = (await readLeads(dir, target)).filter((row) => row.email.startsWith(`load-${run}-`));
    const byId = new Map(rows.map((row) => [row.id, row] as const));
    const ok = results.filter((r) => r.status >= 200 && r.status < 300);
    const mismatches: string[] = [];
    for (const r of ok) {
      const row = byId.get(r.id ?? '');
      if (!row) {
        mismatches.push(`${r.body.email}: acknowledged (${r.id}) but not stored`);
        continue;
      }
      const { id: _id, created_at: _at, form_variant, locale, ...fields } = row;
      if (JSON.stringify(fields) !== JSON.stringify(r.body) || form_variant !== 'business' || locale !== 'de')
        mismatches.push(`${r.body.email}: stored ${JSON.stringify(row)}`);
    }
    const otherStatuses: Record<string, number> = {};
    for (const r of results)
      if (r.status !== 0 && (r.status < 200 || (r.status >= 300 && r.status < 500))) otherStatuses[r.status] = (otherStatuses[r.status] ?? 0) + 1;
    const times = results.map((r) => r.ms);
    return {
      store: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      sent: results.length,
      ok: ok.length,
      failed: results.filter((r) => r.status === 0 || r.status >= 500).length,
      failures: countedMessages(results.flatMap((r) => (r.error ? [r.error] : []))),
      otherStatuses,
      rows: rows.length,
      mismatches,
      requestsPerSecond: results.length / seconds,
      p50: percentile(times, 0.5),
      p99: percentile(times, 0.99),
    };
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

function countedMessages(messages: string[]): string[] {
  const counts = new Map<string, number>();
  for (const message of messages) counts.set(message, (counts.get(message) ?? 0) + 1);
  return [...counts].map(([message, count]) => `${count}× ${message}`);
}
