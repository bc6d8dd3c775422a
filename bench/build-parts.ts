/**
 * npm run bench:parts: what each necessary part of a build costs per page, measured apart on a synthetic
 * content set (default 10,000 pages; BENCH_PAGES to change): loading (read, parse, validate, resolve
 * constants), rendering with React (renderRoute), gzip -9 of the HTML (the size table's unit), and writing
 * each page into a folder of its own. Their sum is the floor a whole build cannot go below on this machine,
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
const { defaultBuildCache } = await import('../src/cache/build-cache.ts');
const { loadContent } = await import('../src/content/load.ts');
const { codeAssets } = await import('../src/output/site-render.ts');
const { gzipSize } = await import('../src/output/precompress.ts');
const { OutputWriter } = await import('../src/output/writer.ts');
const { renderRoute } = await import('../src/render/render-route.tsx');
const PAGES = Number(process.env.BENCH_PAGES ?? 10_000);
const encoder = new TextEncoder();

async function warmed(run: () => Promise<void> | void): Promise<number> {
  await run();
  const started = performance.now();
  await run();
  return (performance.now() - started) / PAGES;
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
  let pages: string[] = [];
  const render = await warmed(() => {
    pages = site.pages.map((entry) => renderRoute(site, entry, assets, code.template));
  });
  // The build's own pieces: gzipSize (the budgets' gzip -9) and the writer's bounded writes.
  const bytes = pages.map((html) => encoder.encode(html));
  // 16 at a time, as the writer runs them (each gzip stream holds its own deflate state).
  const gzip = await warmed(async () => {
    for (let i = 0; i < bytes.length; i += 16) await Promise.all(bytes.slice(i, i + 16).map(gzipSize));
  });
  let round = 0;
  const write = await warmed(async () => {
    const writer = new OutputWriter(path.join(work, `out-${round++}`));
    await Promise.all(bytes.map((page, i) => writer.file(`/p${i}/index.html`, page)));
  });

  const rows: [string, number][] = [
    ['load: read, parse, validate, resolve constants', load],
    ['render: renderRoute (React renderToString)', render],
    ['gzip -9 of the HTML (size table)', gzip],
    ['write: a folder and a file per page', write],
  ];
  const sum = rows.reduce((total, [, ms]) => total + ms, 0);
  process.stdout.write(`# Per-page cost of a build's parts, ${PAGES.toLocaleString('en')} synthetic pages

Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}; each part measured alone, second of two runs.

| part | ms per page |
|---|---|
${rows.map(([label, ms]) => `| ${label} | ${ms.toFixed(3)} |`).join('\n')}
| **sum: the floor of a whole build, before start-up** | **${sum.toFixed(3)}** |
`);
} finally {
  await rm(work, { recursive: true, force: true });
}
