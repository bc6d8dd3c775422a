import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBuildCache } from '../../../src/cache/build-cache.ts';
import { publishedModel } from '../../../src/content/publishing.ts';
import type { SiteModel } from '../../../src/content/model.ts';
import { availableParallelism } from 'node:os';
import { BEFORE_RENDER_THREAD, RenderPool, RenderThread, renderThreadCount } from '../../../src/output/render-thread.ts';
import { rendersPool } from '../../../src/output/phases/pages.ts';
import type { PagePlan } from '../../../src/output/incremental/plan.ts';
import { codeAssets, loadRenderer, renderPage, type CodeAssets } from '../../../src/output/site-render.ts';
import { loadFixture, PAGE_TYPES_SITE, type FixtureSite } from '../../support/fixture.ts';
import { scaled } from '../../support/time-scale.ts';

let site: FixtureSite;
let loaded: SiteModel;
let model: SiteModel;
let code: CodeAssets;
beforeAll(async () => {
  // What one page's render reads of the others must reach the worker: the German FAQ a draft (the footer leaves it
  // out), the French education page noindex (its translations' hreflang leave it out).
  const edits = [
    { file: 'pages/faq/de.yaml', find: 'slug: faq', replace: 'draft: true\nslug: faq' },
    { file: 'pages/education/fr.yaml', find: 'meta:', replace: 'meta:\n  noindex: true' },
  ];
  site = await loadFixture(PAGE_TYPES_SITE, { edits });
  loaded = await site.load();
  model = publishedModel(loaded, { at: new Date(), drafts: false });
  code = await codeAssets(defaultBuildCache());
  await loadRenderer();
}, scaled(60_000));
afterAll(() => site.remove());

describe('RenderThread', () => {
  it.each([false, true])(
    'renders every page (drafts shown: %s) to the same bytes, element sources, props files, links and inline code as the main thread',
    async (drafts) => {
      const model = publishedModel(loaded, { at: new Date(), drafts });
      expect(model.withheld?.length ?? 0).toBe(drafts ? 0 : 1);
      const thread = new RenderThread({ model, code });
      thread.start();
      try {
        const pages = await Promise.all(model.pages.map((entry) => thread.render(entry, undefined)));
        expect(pages.length).toBeGreaterThan(10);
        for (const [index, entry] of model.pages.entries()) {
          const here = renderPage(model, entry, code);
          const there = pages[index]!;
          expect(there.entry).toBe(entry);
          expect(Buffer.from(there.bytes).toString('utf8')).toBe(Buffer.from(here.bytes).toString('utf8'));
          expect(there.elements).toEqual(here.elements);
          expect(there.islandProps).toEqual(here.islandProps);
          expect(there.refs).toEqual(here.refs);
          expect(there.inline).toEqual(here.inline);
        }
      } finally {
        await thread.stop();
      }
    },
    60_000,
  );

  it(
    'takes at most two pages at a time and says so',
    async () => {
      const thread = new RenderThread({ model, code });
      expect(thread.free).toBe(false);
      thread.start();
      try {
        const first = thread.render(model.pages[0]!, undefined);
        expect(thread.free).toBe(true);
        const second = thread.render(model.pages[1]!, undefined);
        expect(thread.free).toBe(false);
        await Promise.all([first, second]);
        expect(thread.free).toBe(true);
      } finally {
        await thread.stop();
      }
    },
    scaled(60_000),
  );
});

describe('RenderPool', () => {
  it('has one thread for each processor beside the main thread, or as many as SITE_RENDER_THREADS says', () => {
    expect(renderThreadCount({})).toBe(Math.max(0, availableParallelism() - 1));
    expect(renderThreadCount({ SITE_RENDER_THREADS: '0' })).toBe(0);
    expect(renderThreadCount({ SITE_RENDER_THREADS: '3' })).toBe(3);
    expect(renderThreadCount({ SITE_RENDER_THREADS: 'many' })).toBe(Math.max(0, availableParallelism() - 1));
  });

  it('is started before the first page when more than BEFORE_RENDER_THREAD pages render, whatever else the machine runs', () => {
    const plan = (kind: 'render' | 'reuse', count: number) => Array.from({ length: count }, () => ({ kind }) as PagePlan);
    expect(rendersPool(plan('render', BEFORE_RENDER_THREAD + 1))).toBe(true);
    expect(rendersPool(plan('render', BEFORE_RENDER_THREAD))).toBe(false);
    // A warm build that reuses most pages: only the pages it renders count.
    expect(rendersPool([...plan('reuse', 1000), ...plan('render', 5)])).toBe(false);
  });

  it(
    'spawned before the site has loaded, takes no page until it is handed the site, then renders as the main thread',
    async () => {
      const pool = new RenderPool(1);
      pool.spawn();
      try {
        expect(pool.free()).toBeUndefined();
        pool.start({ model, code });
        const thread = pool.free();
        if (!thread) throw new Error('no thread with room after start');
        const entry = model.pages[0]!;
        const there = await thread.render(entry, undefined);
        expect(Buffer.from(there.bytes).toString('utf8')).toBe(Buffer.from(renderPage(model, entry, code).bytes).toString('utf8'));
      } finally {
        await pool.stop();
      }
    },
    scaled(60_000),
  );

  it(
    'starts every thread asked for, hands pages to each while it has room, and ends them all',
    async () => {
      const pool = new RenderPool(2);
      expect(pool.free()).toBeUndefined();
      pool.start({ model, code });
      try {
        const taken: RenderThread[] = [];
        const pages = [];
        for (const entry of model.pages.slice(0, 4)) {
          const thread = pool.free();
          if (!thread) throw new Error('no thread with room');
          taken.push(thread);
          pages.push(thread.render(entry, undefined));
        }
        // Two threads, two pages each.
        expect(new Set(taken).size).toBe(2);
        expect(pool.free()).toBeUndefined();
        const rendered = await Promise.all(pages);
        for (const [index, entry] of model.pages.slice(0, 4).entries())
          expect(Buffer.from(rendered[index]!.bytes).toString('utf8')).toBe(Buffer.from(renderPage(model, entry, code).bytes).toString('utf8'));
      } finally {
        await pool.stop();
      }
      expect(pool.free()).toBeUndefined();
    },
    scaled(60_000),
  );
});
