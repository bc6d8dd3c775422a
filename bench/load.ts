/**
 * `npm run loadtest`: against `site serve` on 127.0.0.1, 2,000 valid contact requests at concurrency 50
 * into PGlite, and into PostgreSQL when DATABASE_URL is set; then asserts zero 5xx, rows == 2xx answers
 * and every row equal to what was sent. Then static-page throughput for `/` (autocannon, bounded in
 * time). Exit 1 when an assertion fails. Tune with LOAD_REQUESTS, LOAD_CONCURRENCY, LOAD_STATIC_SECONDS.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { runContactLoad, type LoadReport } from './support/contact-load.ts';
import { startSiteServe } from './support/site-serve.ts';

const TOTAL = Number(process.env.LOAD_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 50);
const STATIC_SECONDS = Number(process.env.LOAD_STATIC_SECONDS ?? 5);
const OUT = path.resolve('dist');

const ms = (value: number) => `${value.toFixed(1)} ms`;
let failed = false;

function report(r: LoadReport): void {
  console.log(
    `${r.store.padEnd(10)} ${r.sent} requests at ${CONCURRENCY}: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}; ` +
      `2xx ${r.ok}, 5xx/failed ${r.failed}, other ${JSON.stringify(r.otherStatuses)}, rows ${r.rows}`,
  );
  const problems = [
    ...(r.failed > 0 ? [`${r.failed} answers were 5xx or failed`] : []),
    ...(r.rows !== r.ok ? [`rows (${r.rows}) != 2xx answers (${r.ok})`] : []),
    ...(r.ok !== r.sent ? [`only ${r.ok} of ${r.sent} were acknowledged`] : []),
    ...r.mismatches.slice(0, 5),
  ];
  for (const problem of problems) console.error(`  FAIL ${problem}`);
  if (problems.length > 0) failed = true;
}

async function staticThroughput(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-load-static-'));
  const server = await startSiteServe({ outDir: OUT, dataDir: dir });
  try {
    const result = await autocannon({ url: `${server.url}/`, connections: CONCURRENCY, duration: STATIC_SECONDS });
    console.log(
      `static /   ${result.requests.total} requests in ${STATIC_SECONDS} s at ${CONCURRENCY}: ${result.requests.average.toFixed(0)} req/s, ` +
        `p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}, ${(result.throughput.average / 1e6).toFixed(1)} MB/s; non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
    if (result.non2xx > 0 || result.errors > 0) {
      console.error('  FAIL static page answered non-2xx or errors');
      failed = true;
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (!existsSync(path.join(OUT, 'index.html'))) {
  console.error('dist/index.html is missing: run `npx site build` first (npm run loadtest does)');
  process.exit(1);
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, node ${process.version}`,
);
report(await runContactLoad({ total: TOTAL, concurrency: CONCURRENCY, outDir: OUT }));
if (process.env.DATABASE_URL) report(await runContactLoad({ total: TOTAL, concurrency: CONCURRENCY, outDir: OUT, databaseUrl: process.env.DATABASE_URL }));
else console.log('PostgreSQL  skipped (set DATABASE_URL)');
await staticThroughput();
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
process.exit(failed ? 1 : 0);
