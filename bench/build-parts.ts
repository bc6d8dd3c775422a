/**
 * npm run bench:parts: what each necessary part of a build costs per page, measured apart on a synthetic
 * content set (default 10,000 pages; BENCH_PAGES to change): loading (read, parse, validate, resolve
 * constants), rendering with React (renderRoute), gzip -9 of the HTML (the size table's unit), writing
 * each page into a folder of its own, and storing each page in an empty page store (what a cold build adds
 * for the next build's sake: output/page-cache.ts). Their sum is the floor a whole build cannot go below on this machine,
 * whatever the pipeline around them does. Each part runs twice and reports the second, warmed-up run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import type { SiteModel } from '../src/content/model.ts';
import { writeSyntheticContent } from './support/synthetic.ts';

// As bin/site.js does: React's development build renders several times slower. Set before React loads,
// hence the imports below are dynamic (static imports would load it first).
process.env.NODE_ENV = 'production';
const { defaultBuildCache, directoryCache, cacheKey } = await import('../src/cache/build-cache.ts');
const { shortDigest } = await import('../src/cache/digest.ts');
const { storePage } = await import('../src/output/page-cache.ts');
const { pageAssetRefs } = await import('../src/output/page-weight.ts');
const { inlineCode } = await import('../src/output/seo-files.ts');
const { loadContent } = await import('../src/content/load.ts');
const { codeAssets } = await import('../src/output/site-render.ts');
const { gzipSize } = await import('../src/output/precompress.ts');
const { OutputWriter } = await import('../src/output/writer.ts');
const { renderRouteWithSources } = await import('../src/render/render-route.tsx');
const PAGES = Number(process.env.BENCH_PAGES ?? 10_000);
const encoder = new TextEncoder();

/** Wall and CPU ms per page (CPU of the whole process: zlib and file writes run on the thread pool). */
interface Part {
  wall: number;
  cpu: number;
}

async function warmed(run: () => Promise<void> | void): Promise<Part> {
  await run();
  const started = performance.now();
  const cpu = process.cpuUsage();
  await run();
  const { user, system } = process.cpuUsage(cpu);
  return { wall: (performance.now() - started) / PAGES, cpu: (user + system) / 1000 / PAGES };
}

const work = await mkdtemp(path.join(tmpdir(), 'site-bench-parts-'));
try {
  const contentDir = path.join(work, 'content');
  await writeSyntheticContent(contentDir, PAGES);
  const code = await codeAssets(defaultBuildCache());
  const assets = { css: code.cssUrl, loader: code.islands.loader };

  let model: SiteModel | undefined;
  const load = await warmed(async () => {
    const loaded = await loadContent(contentDir);
    if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
    model = loaded.value;
  });
  const site = model!;
  let pages: ReturnType<typeof renderRouteWithSources>[] = [];
  // renderRoute is this with the element sources left out: the build keeps them (page-sources.ts).
  const render = await warmed(() => {
    pages = site.pages.map((entry) => renderRouteWithSources(site, entry, assets, code.template));
  });
  // The build's own pieces: gzipSize (the budgets' gzip -9) and the writer's bounded writes.
  const bytes = pages.map(({ html }) => encoder.encode(html));
  // 16 at a time, as the writer runs them (each gzip stream holds its own deflate state).
  const gzip = await warmed(async () => {
    for (let i = 0; i < bytes.length; i += 16) await Promise.all(bytes.slice(i, i + 16).map(gzipSize));
  });
  let round = 0;
  const write = await warmed(async () => {
    const writer = new OutputWriter(path.join(work, `out-${round++}`));
    await Promise.all(bytes.map((page, i) => writer.file(`/p${i}/index.html`, page)));
  });

  // As the build stores a rendered page: its HTML behind a header line with what a reused page's report needs
  // (read from the HTML when it is rendered, so not timed here).
  const stored = pages.map(({ html, elements, islandProps }, i) => ({
    bytes: bytes[i]!,
    htmlGzip: 0,
    refs: pageAssetRefs(html),
    inline: inlineCode(html),
    sources: { hash: shortDigest(bytes[i]!), elements },
    islandProps: Object.fromEntries(islandProps),
  }));
  const store = await warmed(async () => {
    const cache = directoryCache(path.join(work, `store-${round++}`));
    for (let i = 0; i < stored.length; i += 16) {
      await Promise.all(stored.slice(i, i + 16).map((page, j) => storePage(cache, cacheKey(`page ${i + j}`), page)));
    }
  });

  const rows: [string, Part][] = [
    ['load: read, parse, validate, resolve constants', load],
    ['render: renderRoute (React renderToString)', render],
    ['gzip -9 of the HTML (size table)', gzip],
    ['write: a folder and a file per page', write],
    ['store: the page in an empty page store (cold builds only)', store],
  ];
  const sum = (figure: keyof Part) => rows.reduce((total, [, part]) => total + part[figure], 0).toFixed(3);
  process.stdout.write(`# Per-page cost of a build's parts, ${PAGES.toLocaleString('en')} synthetic pages

Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}; each part measured alone, second of two runs; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}.
CPU counts every thread of the process, so it reads steadier than wall time on a busy machine.

| part | wall ms per page | CPU ms per page |
|---|---|---|
${rows.map(([label, part]) => `| ${label} | ${part.wall.toFixed(3)} | ${part.cpu.toFixed(3)} |`).join('\n')}
| **sum: the floor of a whole build, before start-up** | **${sum('wall')}** | **${sum('cpu')}** |
`);
} finally {
  await rm(work, { recursive: true, force: true });
}
