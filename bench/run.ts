/**
 * npm run bench: builds the real site and synthetic content sets, measures page weights from the build
 * and from a real browser, and `site dev`'s edit-to-screen latency; writes bench/RESULTS.md.
 * BENCH_RUNS (default 7) sets how often each build is repeated (the 10,000-page set runs 3 times);
 * BENCH_SIZES (default 100,1000,10000) the synthetic set sizes.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite, type RouteReport } from '../src/output/build.ts';
import { noCache } from '../src/cache/build-cache.ts';
import { realSiteBuilds, removeBuildFolders, syntheticBuilds, type BuildTiming } from './support/build-times.ts';
import { warmBuilds, warmSection, type WarmTiming } from './support/warm-builds.ts';
import { devEditLatency } from './support/dev-latency.ts';
import { median, repo } from './support/measure.ts';
import { homePageScripts, launchChromium, staticRouteScripts, type ScriptScenario } from './support/page-scripts.ts';
import { startSiteServe } from './support/site-serve.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SIZES = (process.env.BENCH_SIZES ?? '100,1000,10000').split(',').map(Number);
const DEV_RUNS = 15;
const STATIC_ROUTES = ['/impressum', '/agb', '/datenschutz', '/faq', '/leitfaden', '/gibt-es-nicht'];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);
const files = (s: ScriptScenario) => `${s.scripts.length} file${s.scripts.length === 1 ? '' : 's'}`;
const verdict = (ok: boolean) => (ok ? '✓' : '✗ over target');

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function routeWeights(): Promise<RouteReport[]> {
  const out = await mkdtemp(path.join(tmpdir(), 'site-bench-weights-'));
  try {
    const built = await buildSite({ contentDir: path.join(repo, 'content'), outDir: out, cache: noCache });
    if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
    return built.value.routes;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

log('building dist/ for the browser runs …');
const routes = await routeWeights();
await buildSite({ contentDir: path.join(repo, 'content'), outDir: path.join(repo, 'dist') });

log(`real site builds (${RUNS} runs each) …`);
let real: BuildTiming[];
let synthetic: BuildTiming[];
try {
  real = await realSiteBuilds(RUNS, routes.length);
  log(`synthetic builds (${SIZES.join(', ')} pages) …`);
  synthetic = await syntheticBuilds(SIZES, (pages) => (pages >= 10_000 ? Math.min(RUNS, 3) : RUNS));
} catch (error) {
  await removeBuildFolders();
  throw error;
}
log('warm builds (page cache) …');
const warm: WarmTiming[] = [];
const warmFolders: string[] = [];
try {
  for (const pages of SIZES.filter((n) => n >= 1000)) warm.push(await warmBuilds(pages, pages >= 10_000 ? Math.min(RUNS, 3) : RUNS, undefined, warmFolders));
} catch (error) {
  await Promise.all(warmFolders.map((dir) => rm(dir, { recursive: true, force: true })));
  await removeBuildFolders();
  throw error;
}

log('browser: scripts on / and the static routes …');
const work = await mkdtemp(path.join(tmpdir(), 'site-bench-serve-'));
const serve = await startSiteServe({ outDir: path.join(repo, 'dist'), dataDir: path.join(work, 'data') });
const browser = await launchChromium();
let home: ScriptScenario[];
let statics: ScriptScenario[];
let dev: Awaited<ReturnType<typeof devEditLatency>>;
try {
  home = await homePageScripts(browser, serve.url, path.join(repo, 'dist'));
  statics = await staticRouteScripts(browser, serve.url, path.join(repo, 'dist'), STATIC_ROUTES);
  log(`site dev: ${DEV_RUNS} edits …`);
  dev = await devEditLatency(browser, DEV_RUNS);
} finally {
  await browser.close();
  await serve.stop();
  await rm(work, { recursive: true, force: true });
}

const [top, firstVisit, hydrated, submit] = home;
const homeRoute = routes.find((r) => r.route === '/')!;
const maxCss = Math.max(...routes.map((r) => r.weight.css));
const realCold = real[0]!;
const realWarm = real[1]!;
const bySize = (n: number) => synthetic.find((s) => s.pages === n);
const staticJs = Math.max(...statics.map((s) => s.gzip));

const targets: [string, string, string, boolean][] = [
  ['JS before interaction: returning visitor reads the top of `/` (browser, gzip)', '≤ 5 KB', `${kb(top!.gzip)} (${files(top!)}; ${kb(top!.transferred)} transferred)`, top!.gzip <= 5 * 1024],
  ['JS before interaction: first visit to `/`, cookie banner shown (browser, gzip)', '≤ 5 KB', `${kb(firstVisit!.gzip)} (${files(firstVisit!)})`, firstVisit!.gzip <= 5 * 1024],
  ['JS with every island of `/` hydrated, before any submit (browser, gzip)', '≤ 85 KB', `${kb(hydrated!.gzip)} (${kb(hydrated!.transferred)} transferred)`, hydrated!.gzip <= 85 * 1024],
  ['supabase-js only on submit: JS the first submit adds (browser, gzip)', 'on submit only', `${kb(submit!.gzip)}, none before`, !hydrated!.scripts.some((s) => submit!.scripts.some((t) => t.url === s.url))],
  ['Static routes, returning visitor: JS downloaded (browser, gzip)', 'no island JS', `${kb(staticJs)} at most (${STATIC_ROUTES.join(', ')})`, statics.every((s) => s.scripts.length === 0)],
  ['CSS per page (gzip), one cacheable file', '≤ 12 KB', `${kb(maxCss)}, 1 file for all ${routes.length} routes`, maxCss <= 12 * 1024],
  ['HTML of `/` (gzip)', '≤ 25 KB', kb(homeRoute.weight.html), homeRoute.weight.html <= 25 * 1024],
  [`Real site build, ${routes.length} routes, 4 locales (wall, filled build cache: every build after a machine's first)`, '≤ 1.0 s', ms(realWarm.medianMs), realWarm.medianMs <= 1000],
  [`Real site build, with an empty build cache (wall; a machine's first build, or SITE_CACHE_DIR=off)`, 'for reference', ms(realCold.medianMs), true],
  ...(bySize(1000) ? [['1,000 synthetic pages (wall)', '≤ 1.5 s', ms(bySize(1000)!.medianMs), bySize(1000)!.medianMs <= 1500] as [string, string, string, boolean]] : []),
  ...(bySize(10_000)
    ? [
        ['10,000 synthetic pages (wall)', '≤ 10 s, ≤ 1 ms/page', `${ms(bySize(10_000)!.medianMs)}, ${bySize(10_000)!.msPerPage.toFixed(2)} ms/page`, bySize(10_000)!.medianMs <= 10_000] as [string, string, string, boolean],
        ['Peak memory, 10,000 pages', '≤ 500 MB', `${Math.round(bySize(10_000)!.peakMb)} MB`, bySize(10_000)!.peakMb <= 500] as [string, string, string, boolean],
      ]
    : []),
  ['`site dev`: page YAML edited → browser paints the change (median / p95)', '≤ 150 ms', `${ms(median(dev.runs))} / ${ms(percentile(dev.runs, 0.95))}, ${median(dev.rendered)} page re-rendered`, median(dev.runs) <= 150],
];

const curve = (rows: BuildTiming[]) =>
  rows.map((r) => `| ${r.label} | ${r.pages.toLocaleString('en')} | ${r.runs} | ${ms(r.medianMs)} | ${r.msPerPage.toFixed(3)} | ${Math.round(r.peakMb)} MB |`).join('\n');
const scriptRows = (s: ScriptScenario) => s.scripts.map((l) => `${l.url} (${kb(l.gzip)})`).join(', ') || 'none';

const markdown = `# Benchmark results

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}.
Times are medians of the runs shown, each a fresh \`node bin/site.js build\` process from spawn to exit. Sizes are gzip -9
unless marked "transferred" (what Chromium received from \`site serve\`, brotli). Lighthouse: \`npm run audit\` → [AUDIT.md](AUDIT.md).

## Targets

| figure | target | measured | |
|---|---|---|---|
${targets.map(([figure, target, measured, ok]) => `| ${figure} | ${target} | ${measured} | ${verdict(ok)} |`).join('\n')}

## Build time and memory by size

| content | pages | runs | median wall | ms per page | peak memory |
|---|---|---|---|---|---|
${curve([...real, ...synthetic])}

## Scripts on \`/\` (browser)

| moment | gzip | transferred | files |
|---|---|---|---|
${home.map((s) => `| ${s.label} | ${kb(s.gzip)} | ${kb(s.transferred)} | ${scriptRows(s)} |`).join('\n')}
${statics.map((s) => `| returning visitor on ${s.label} | ${kb(s.gzip)} | ${kb(s.transferred)} | ${scriptRows(s)} |`).join('\n')}

## Per route (from \`site build\`)

| route | HTML | CSS | JS before interaction | JS hydrated | JS submit |
|---|---|---|---|---|---|
${routes.map((r) => `| ${r.route} | ${kb(r.weight.html)} | ${kb(r.weight.css)} | ${kb(r.weight.jsBeforeInteraction)} | ${kb(r.weight.jsHydrated)} | ${r.weight.jsSubmit ? `+${kb(r.weight.jsSubmit)}` : '–'} |`).join('\n')}

\`site dev\` edit-to-paint, all runs (ms): ${dev.runs.map((v) => Math.round(v)).join(', ')}.

${warmSection(warm, os.loadavg().map((l) => l.toFixed(1)).join(' / '))}`;

await writeFile(path.join(repo, 'bench/RESULTS.md'), markdown);
log(markdown);
log('removing the builds\' folders …');
await removeBuildFolders();
await Promise.all(warmFolders.map((dir) => rm(dir, { recursive: true, force: true })));
