import { describe, expect, it } from 'vitest';
import type { ScriptNode } from '../../../src/assets/islands.ts';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { htmlGzipBound, islandScripts, needsHtmlGzip, pageAssetRefs, pageWeight } from '../../../src/output/page-weight.ts';
import { ISLAND_START_SCRIPT } from '../../../src/render/head.ts';

/** A site's scripts as esbuild would split them; sizes are made-up gzip bytes, each a distinct power of two. */
const graph = new Map<string, ScriptNode>([
  ['/assets/islands.js', { static: [], dynamic: ['/assets/Form.js', '/assets/Chat.js', '/assets/Log.js', '/assets/mount.js'], entry: 'src/islands/client.ts' }],
  ['/assets/mount.js', { static: ['/assets/react-dom.js'], dynamic: [], entry: 'src/islands/mount.tsx' }],
  ['/assets/react-dom.js', { static: ['/assets/react.js'], dynamic: [] }],
  ['/assets/react.js', { static: [], dynamic: [] }],
  ['/assets/Form.js', { static: ['/assets/form-view.js'], dynamic: [], entry: 'src/islands/contact-form/ContactForm.tsx' }],
  ['/assets/Chat.js', { static: ['/assets/form-view.js'], dynamic: [], entry: 'src/islands/chat-demo/ChatDemo.tsx' }],
  ['/assets/form-view.js', { static: ['/assets/react.js'], dynamic: ['/assets/send.js'] }],
  ['/assets/send.js', { static: ['/assets/supabase.js'], dynamic: [], entry: 'src/islands/contact-form/send.ts' }],
  ['/assets/supabase.js', { static: [], dynamic: [] }],
  ['/assets/Log.js', { static: ['/assets/react.js'], dynamic: [], entry: 'src/islands/page-log/PageLog.tsx' }],
]);
const sizes: Record<string, number> = {
  '/assets/islands.js': 1,
  '/assets/mount.js': 2,
  '/assets/react-dom.js': 4,
  '/assets/react.js': 8,
  '/assets/Form.js': 32,
  '/assets/Chat.js': 64,
  '/assets/form-view.js': 128,
  '/assets/send.js': 256,
  '/assets/supabase.js': 512,
  '/assets/Log.js': 1024,
  '/assets/site.css': 2048,
  // Islands' props files (render/Island.tsx): fetched when the island wakes, weighed apart from the JS.
  '/assets/contact-form-props-1.json': 4096,
  '/assets/chat-demo-props-2.json': 8192,
  '/assets/page-log-props-3.json': 16384,
};
const scripts = islandScripts('/assets/islands.js', graph, ['src/islands/contact-form/send.ts']);
const size = (url: string) => sizes[url] ?? 0;

// The loader as render/head.ts starts it: named in `data-islands`, imported by the inline start script.
const LOADER_TAG = `<script data-islands="/assets/islands.js">${ISLAND_START_SCRIPT}</script>`;
function page(islands: string): string {
  return `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/site.css">${LOADER_TAG}</head><body>${islands}</body></html>`;
}
const form = '<div data-island="contact-form" data-hydrate="visible" data-prefix="f-" data-props-src="/assets/contact-form-props-1.json"></div>';
const chat = '<div data-island="chat-demo" data-hydrate="interaction" data-prefix="c-" data-props-src="/assets/chat-demo-props-2.json"></div>';
const log = '<div data-island="page-log" data-hydrate="idle" data-prefix="l-" data-props-src="/assets/page-log-props-3.json"></div>';

describe('pageAssetRefs', () => {
  it('reads scripts, stylesheets and islands with their strategy and props file', () => {
    expect(pageAssetRefs(page(log + form))).toEqual({
      scripts: ['/assets/islands.js'],
      stylesheets: ['/assets/site.css'],
      islands: [
        { name: 'page-log', hydrate: 'idle', props: '/assets/page-log-props-3.json' },
        { name: 'contact-form', hydrate: 'visible', props: '/assets/contact-form-props-1.json' },
      ],
    });
  });
});

describe('islandScripts', () => {
  it('finds each island chunk by its folder, the mount chunk and the submit chunk', () => {
    expect(Object.fromEntries(scripts.chunks)).toEqual({
      'contact-form': '/assets/Form.js',
      'chat-demo': '/assets/Chat.js',
      'page-log': '/assets/Log.js',
    });
    expect(scripts.mount).toBe('/assets/mount.js');
    expect([...scripts.submit]).toEqual(['/assets/send.js']);
  });
});

describe('pageWeight', () => {
  it('counts only the loader before interaction, first visit or not, when every island waits (home page shape)', () => {
    const weight = pageWeight(pageAssetRefs(page(form + chat)), 500, graph, scripts, size);
    expect(weight.html).toBe(500);
    expect(weight.css).toBe(2048);
    // The cookie banner a first visit shows is no island (the inline consent probe runs it): nothing more loads.
    expect(weight.jsBeforeInteraction).toBe(1);
    // Everything hydrated: every island, shared chunks once, not the submit path and not islands absent from the page.
    expect(weight.jsHydrated).toBe(1 + 2 + 4 + 8 + 32 + 64 + 128);
    // Beside the JS, the islands fetch their props files as they wake.
    expect(weight.islandProps).toBe(4096 + 8192);
    expect(weight.jsSubmit).toBe(256 + 512);
  });

  it('counts an unconditional idle island at load, and nothing for submit on a page without a form', () => {
    const weight = pageWeight(pageAssetRefs(page(log)), 100, graph, scripts, size);
    expect(weight.jsBeforeInteraction).toBe(1 + 2 + 4 + 8 + 1024);
    expect(weight.islandProps).toBe(16384);
    expect(weight.jsHydrated).toBe(weight.jsBeforeInteraction);
    expect(weight.jsSubmit).toBe(0);
  });

  it('counts no JS at all on a page without islands, which links no loader (static routes)', () => {
    const weight = pageWeight(pageAssetRefs(page('').replace(LOADER_TAG, '')), 100, graph, scripts, size);
    expect([weight.jsBeforeInteraction, weight.jsHydrated, weight.jsSubmit, weight.islandProps]).toEqual([0, 0, 0, 0]);
  });

  it('counts nothing but the loader on a page that links it without islands', () => {
    const weight = pageWeight(pageAssetRefs(page('')), 100, graph, scripts, size);
    expect([weight.jsBeforeInteraction, weight.jsHydrated, weight.jsSubmit]).toEqual([1, 1, 0]);
  });
});

describe('htmlGzipBound', () => {
  it('is at least the gzip -9 size of any bytes, text or incompressible, of any length', () => {
    const text = Buffer.from('<p class="lead">Wie Teams mit einer zentralen KI-Plattform arbeiten.</p>\n'.repeat(2000));
    for (const size of [0, 1, 100, 4096, 16_383, 16_384, 65_535, 65_536, 200_000]) {
      for (const data of [randomBytes(size), text.subarray(0, size)]) expect(gzipSync(data, { level: 9 }).byteLength).toBeLessThanOrEqual(htmlGzipBound(size));
    }
  });

  it('leaves a page uncompressed only when its bound is within an HTML budget', () => {
    const within = 25 * 1024 - htmlGzipBound(0);
    expect(needsHtmlGzip(within - 200, 25)).toBe(false);
    expect(needsHtmlGzip(25 * 1024, 25)).toBe(true);
    // No HTML budget: nothing needs the exact size.
    expect(needsHtmlGzip(1_000_000, undefined)).toBe(false);
  });
});
