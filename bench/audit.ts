/**
 * npm run audit: Lighthouse (mobile emulation, its default throttling) in Debian's Chromium against
 * `site serve` over HTTP/2 with TLS (a certificate made for the run), as the hosts the site is made for
 * serve it — compression, cache headers and the CSP as a host would send them — for every indexable
 * route; writes bench/AUDIT.md and exits 1 when a category scores below 100 on a route.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadContent } from '../src/content/load.ts';
import { isIndexable } from '../src/content/routes.ts';
import { buildSite } from '../src/output/build.ts';
import { repo } from './support/measure.ts';
import { selfSignedCertificate } from './support/certificate.ts';
import { startSiteServe } from './support/site-serve.ts';

const run = promisify(execFile);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** #15: the largest contentful paint under Lighthouse's mobile throttling (simulated), on every indexable route. */
const LCP_BUDGET_MS = 1000;
// --ignore-certificate-errors: the run's own certificate is signed by nobody Chromium knows.
const CHROME_FLAGS =
  '--headless=new --ignore-certificate-errors --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

/**
 * `site serve` answers a page's first request with a fast encoding and then encodes it again at brotli 11 for
 * the requests after it (server/on-request-encoding.ts), as a host's edge cache serves most visitors a stored
 * encoding. Lighthouse loads a page once: it is asked for first, until its answer changes (at most 5 s).
 */
async function settleEncoding(url: string, ca: Buffer): Promise<void> {
  const tag = () =>
    new Promise<string | undefined>((resolve, reject) => {
      https
        .get(url, { ca, headers: { 'accept-encoding': 'br' } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.headers.etag));
        })
        .on('error', reject);
    });
  const first = await tag();
  for (let tries = 0; tries < 50 && (await tag()) === first; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
}

interface Report {
  categories: Record<(typeof CATEGORIES)[number], { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; title: string; displayValue?: string; numericValue?: number }>;
}

const built = await buildSite({ contentDir: path.join(repo, 'content'), outDir: path.join(repo, 'dist') });
if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
// The build reports routes only (a build that found nothing changed loads no content): noindex comes from the content.
const loaded = await loadContent(path.join(repo, 'content'));
if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
const live = new Set(built.value.routes.map((r) => r.route));
const routes = loaded.value.pages
  .filter((p) => live.has(p.route) && isIndexable(p.route, p.page.meta.noindex))
  .map((p) => p.route)
  .sort();
const only = process.env.AUDIT_ROUTES?.split(',');

const work = await mkdtemp(path.join(tmpdir(), 'site-audit-'));
// A throw-away certificate for 127.0.0.1, made for this run.
const { certFile, keyFile, cert: ca } = await selfSignedCertificate(work);
const serve = await startSiteServe({ outDir: path.join(repo, 'dist'), dataDir: path.join(work, 'data'), args: ['--tls-cert', certFile, '--tls-key', keyFile] });
const rows: string[] = [];
const problems: string[] = [];
const belowTarget: string[] = [];
const overLcp: string[] = [];
try {
  for (const route of only ?? routes) {
    const output = path.join(work, 'report.json');
    process.stdout.write(`lighthouse ${route} … `);
    await settleEncoding(`${serve.url}${route}`, ca);
    await run(
      path.join(repo, 'node_modules/.bin/lighthouse'),
      [`${serve.url}${route}`, '--output=json', `--output-path=${output}`, '--quiet', `--chrome-flags=${CHROME_FLAGS}`],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const report = JSON.parse(await readFile(output, 'utf8')) as Report;
    const scores = CATEGORIES.map((c) => Math.round((report.categories[c].score ?? 0) * 100));
    const [fcp, lcp] = ['first-contentful-paint', 'largest-contentful-paint'].map((id) => Math.round(report.audits[id]?.numericValue ?? NaN));
    process.stdout.write(`${scores.join(' / ')} · FCP ${fcp} ms · LCP ${lcp} ms (load ${os.loadavg()[0]!.toFixed(1)})\n`);
    rows.push(`| ${route} | ${scores.join(' | ')} | ${fcp} | ${lcp} |`);
    if (!(lcp! <= LCP_BUDGET_MS)) overLcp.push(`${route} (${lcp} ms)`);
    if (scores.some((score) => score < 100)) belowTarget.push(route);
    for (const category of CATEGORIES) {
      for (const ref of report.categories[category].auditRefs) {
        const audit = report.audits[ref.id];
        if (audit && ref.weight > 0 && audit.scoreDisplayMode !== 'notApplicable' && audit.score !== null && audit.score < 1) {
          problems.push(`- ${route} · ${category} · ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''} — score ${audit.score}`);
        }
      }
    }
  }
} finally {
  await serve.stop();
  await rm(work, { recursive: true, force: true });
}

const markdown = `# Lighthouse

Written by \`npm run audit\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse ${JSON.parse(await readFile(path.join(repo, 'node_modules/lighthouse/package.json'), 'utf8')).version}, mobile emulation with its default simulated throttling, Debian Chromium, pages served by \`site serve\` over HTTP/2 with TLS (a certificate made for the run, as every host the site is made for serves HTTP/2; brotli, cache headers, CSP; each page asked for once before, so Lighthouse gets its brotli 11 encoding, as every visitor after the first does); ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}.

| route | performance | accessibility | best practices | SEO | FCP (ms) | LCP (ms) |
|---|---|---|---|---|---|---|
${rows.join('\n')}

${belowTarget.length ? `Routes with a category below 100: ${belowTarget.join(', ')}.` : 'Every category scores 100 on every route.'}

${overLcp.length ? `Over the LCP budget (≤ ${LCP_BUDGET_MS} ms, #15): ${overLcp.join(', ')}.` : `LCP is within ${LCP_BUDGET_MS} ms on every route.`} FCP and LCP are Lighthouse's simulated values (one run per route; they move with the machine's load, which sets the observed CPU times and server response the simulation starts from).

${problems.length ? `Weighted audits below full score (a category still rounds to 100 with some):\n\n${problems.join('\n')}\n` : 'Every weighted audit passes on every route.\n'}`;
await writeFile(path.join(repo, 'bench/AUDIT.md'), markdown);
process.stdout.write(`\n${markdown}`);
if (belowTarget.length) process.exitCode = 1;
