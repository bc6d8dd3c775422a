/**
 * npm run bench: builds the real site and synthetic content sets (every row of issue #19: cold with an empty cache,
 * with the cache off, with a filled asset cache, warm with nothing changed, one page edited, one locale string edited,
 * and the previous generator's cold build of the same content in the same run), start-up, page weights from the
 * build and from a real browser, and `site dev`'s edit-to-screen latency; writes bench/RESULTS.md (keeping its history) and docs/performance.md's
 * table of issue #19's targets.
 * BENCH_RUNS (default 7) sets how often each build is repeated (the 10,000-page set at most 3 times; the warm no-change
 * and one-page rows, which are cheap, at least 3; start-up at least 11); BENCH_SIZES (default 1000,10000) the synthetic set sizes; BENCH_BASELINE a git worktree of the generator
 * before this change (its `bin/site.js` builds the same content, side by side). A quick smoke run:
 * `BENCH_RUNS=1 BENCH_SIZES=1000 npm run bench`.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite, type RouteReport } from '../src/output/build.ts';
import { noCache } from '../src/cache/build-cache.ts';
import { leftovers, realSiteBuilds, removeBuildFolders } from './support/build-times.ts';
import { buildRowsTable, seconds, spliceMarked, startUpTable, targetRows, targetTable, type StartUpTiming } from './support/issue-targets.ts';
import { startUpBuilds } from './support/start-up.ts';
import { warmBuilds, type CaseTiming, type WarmTiming } from './support/warm-builds.ts';
import { devEditLatency } from './support/dev-latency.ts';
import { median, repo } from './support/measure.ts';
import { homePageScripts, launchChromium, staticRouteScripts, type ScriptScenario } from './support/page-scripts.ts';
import { startSiteServe } from './support/site-serve.ts';

/** RESULTS.md is this run's figures followed by the dated history, which a run keeps as it is. */
async function writeResults(figures: string): Promise<void> {
  const file = path.join(repo, 'bench/RESULTS.md');
  const previous = await readFile(file, 'utf8').catch(() => '');
  const history = previous.indexOf('\n<!-- bench:history');
  await writeFile(file, history < 0 ? figures : `${figures.trimEnd()}\n${previous.slice(history)}`);
}

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number);
const runsFor = (pages: number) => (pages >= 10_000 ? Math.min(RUNS, 3) : RUNS);
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
  // The output folder inside the temporary one, so the element sources file written beside it goes with it.
  const work = await mkdtemp(path.join(tmpdir(), 'site-bench-weights-'));
  try {
    const built = await buildSite({ contentDir: path.join(repo, 'content'), outDir: path.join(work, 'dist'), cache: noCache });
    if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
    return built.value.routes;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

log('building dist/ for the browser runs …');
const routes = await routeWeights();
await buildSite({ contentDir: path.join(repo, 'content'), outDir: path.join(repo, 'dist') });

let real: CaseTiming[];
let startUp: StartUpTiming;
const sizes: WarmTiming[] = [];
try {
  log(`real site builds (${RUNS} runs each) …`);
  real = await realSiteBuilds(RUNS);
  log('start-up …');
  startUp = await startUpBuilds(Math.max(RUNS, 11), undefined, leftovers);
  for (const pages of SIZES) {
    log(`synthetic builds, ${pages.toLocaleString('en')} pages …`);
    sizes.push(await warmBuilds(pages, runsFor(pages), undefined, leftovers));
  }
} catch (error) {
  await removeBuildFolders();
  throw error;
}

const realCase = (kind: CaseTiming['kind']) => real.find((c) => c.kind === kind)!;
const buildLoad = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
const issueTargets = targetTable(targetRows({ startUp, sizes, realSiteNoChangeMs: realCase('no-change').medianMs }));
const measuredOn = `\`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, load average at the end of the builds ${buildLoad}; medians of ${RUNS} runs (at most 3 at 10,000 pages, at least 3 for the warm no-change and one-page rows, start-up ${startUp.runs}), each build a fresh process, runs of the cases alternating${process.env.BENCH_BASELINE ? '; the previous generator is BENCH_BASELINE, built side by side' : ' (BENCH_BASELINE unset: no previous generator measured)'}.`;
const buildSections = `## Builds: issue #19's targets

${measuredOn} "Cold" in the ratios is every page rendered with a filled asset cache (\`--no-cache\`). Memory is the process's peak resident set (VmHWM) in MiB (kB / 1024), as this bench has always measured it; earlier tables labelled the same figures MB.

${issueTargets}

## Builds by size

Synthetic content (\`bench/support/synthetic.ts\`). The empty-cache and cache-off builds differ only in storing the
assets and pages for the next build: their difference is the first-time store cost.

${buildRowsTable(sizes)}

| real site (${routes.length} routes) | runs | median wall | peak memory | site build’s report (last run) |
|---|---|---|---|---|
${real.map((c) => `| ${c.label} | ${c.runs} | ${seconds(c.medianMs)} | ${Math.round(c.peakMib)} MiB | ${c.report} |`).join('\n')}

## Start-up

${startUpTable(startUp)}
`;
const resultsHeader = `# Benchmark results

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average at the end of the builds ${buildLoad}.
Times are medians of the runs shown, each a fresh \`node bin/site.js build\` process from spawn to exit. Sizes are gzip -9
unless marked "transferred" (what Chromium received from \`site serve\`, brotli). Lighthouse: \`npm run audit\` → [AUDIT.md](AUDIT.md).

`;
// Written before the browser runs, so the builds' figures are kept even if a browser run fails.
await writeResults(`${resultsHeader}${buildSections}`);
const performancePage = path.join(repo, 'docs/performance.md');
await writeFile(performancePage, spliceMarked(await readFile(performancePage, 'utf8'), 'bench:issue-19', `${measuredOn}\n\n${issueTargets}`));

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
const coldOf = (n: number) => sizes.find((s) => s.pages === n)?.cases.find((c) => c.kind === 'cold');
const cold1k = coldOf(1000);
const cold10k = coldOf(10_000);
const staticJs = Math.max(...statics.map((s) => s.gzip));

const targets: [string, string, string, boolean][] = [
  [
    'JS before interaction: returning visitor reads the top of `/` (browser, gzip)',
    '≤ 5 KB',
    `${kb(top!.gzip)} (${files(top!)}; ${kb(top!.transferred)} transferred)`,
    top!.gzip <= 5 * 1024,
  ],
  [
    'JS before interaction: first visit to `/`, cookie banner shown (browser, gzip)',
    '≤ 5 KB',
    `${kb(firstVisit!.gzip)} (${files(firstVisit!)})`,
    firstVisit!.gzip <= 5 * 1024,
  ],
  [
    'JS with every island of `/` hydrated, before any submit (browser, gzip)',
    '≤ 85 KB',
    `${kb(hydrated!.gzip)} (${kb(hydrated!.transferred)} transferred)`,
    hydrated!.gzip <= 85 * 1024,
  ],
  [
    'supabase-js only on submit: JS the first submit adds (browser, gzip)',
    'on submit only',
    `${kb(submit!.gzip)}, none before`,
    !hydrated!.scripts.some((s) => submit!.scripts.some((t) => t.url === s.url)),
  ],
  [
    'Static routes, returning visitor: JS downloaded (browser, gzip)',
    'no island JS',
    `${kb(staticJs)} at most (${STATIC_ROUTES.join(', ')})`,
    statics.every((s) => s.scripts.length === 0),
  ],
  ['CSS per page (gzip), one cacheable file', '≤ 12 KB', `${kb(maxCss)}, 1 file for all ${routes.length} routes`, maxCss <= 12 * 1024],
  ['HTML of `/` (gzip)', '≤ 25 KB', kb(homeRoute.weight.html), homeRoute.weight.html <= 25 * 1024],
  [
    `Real site build, ${routes.length} routes, 4 locales (wall, every page rendered, filled asset cache)`,
    '≤ 1.0 s',
    ms(realCase('cold').medianMs),
    realCase('cold').medianMs <= 1000,
  ],
  [`Real site build, with an empty build cache (wall; a machine's first build)`, 'for reference', ms(realCase('empty-cache').medianMs), true],
  ...(cold1k
    ? [
        ['1,000 synthetic pages (wall, every page rendered, filled asset cache)', '≤ 1.5 s', ms(cold1k.medianMs), cold1k.medianMs <= 1500] as [
          string,
          string,
          string,
          boolean,
        ],
      ]
    : []),
  ...(cold10k
    ? [
        [
          '10,000 synthetic pages (wall, every page rendered, filled asset cache)',
          '≤ 10 s, ≤ 1 ms/page',
          `${ms(cold10k.medianMs)}, ${(cold10k.medianMs / 10_000).toFixed(2)} ms/page`,
          cold10k.medianMs <= 10_000,
        ] as [string, string, string, boolean],
        ['Peak memory, 10,000 pages (every page rendered)', '≤ 500 MiB', `${Math.round(cold10k.peakMib)} MiB`, cold10k.peakMib <= 500] as [
          string,
          string,
          string,
          boolean,
        ],
      ]
    : []),
  [
    '`site dev`: page YAML edited → browser paints the change (median / p95)',
    '≤ 150 ms',
    `${ms(median(dev.runs))} / ${ms(percentile(dev.runs, 0.95))}, ${median(dev.rendered)} page re-rendered`,
    median(dev.runs) <= 150,
  ],
];

const scriptRows = (s: ScriptScenario) => s.scripts.map((l) => `${l.url} (${kb(l.gzip)})`).join(', ') || 'none';

const markdown = `${resultsHeader}## Targets

| figure | target | measured | |
|---|---|---|---|
${targets.map(([figure, target, measured, ok]) => `| ${figure} | ${target} | ${measured} | ${verdict(ok)} |`).join('\n')}

${buildSections}## Scripts on \`/\` (browser)

| moment | gzip | transferred | files |
|---|---|---|---|
${home.map((s) => `| ${s.label} | ${kb(s.gzip)} | ${kb(s.transferred)} | ${scriptRows(s)} |`).join('\n')}
${statics.map((s) => `| returning visitor on ${s.label} | ${kb(s.gzip)} | ${kb(s.transferred)} | ${scriptRows(s)} |`).join('\n')}

## Per route (from \`site build\`)

HTML marked ≤ is a bound (not compressed: its bytes plus gzip framing, within its budget without compressing it).

| route | HTML | CSS | JS before interaction | JS hydrated | JS submit |
|---|---|---|---|---|---|
${routes.map((r) => `| ${r.route} | ${r.weight.htmlAtMost ? '≤ ' : ''}${kb(r.weight.html)} | ${kb(r.weight.css)} | ${kb(r.weight.jsBeforeInteraction)} | ${kb(r.weight.jsHydrated)} | ${r.weight.jsSubmit ? `+${kb(r.weight.jsSubmit)}` : '–'} |`).join('\n')}

\`site dev\` edit-to-paint, all runs (ms): ${dev.runs.map((v) => Math.round(v)).join(', ')}.
`;

await writeResults(markdown);
log(markdown);
log("removing the builds' folders …");
await removeBuildFolders();
