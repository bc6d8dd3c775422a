import { describe, expect, it } from 'vitest';
import type { ScriptNode } from '../../../src/assets/islands.ts';
import { islandScripts, pageAssetRefs, pageWeight } from '../../../src/output/page-weight.ts';

/** A site's scripts as esbuild would split them; sizes are made-up gzip bytes, each a distinct power of two. */
const graph = new Map<string, ScriptNode>([
  ['/assets/islands.js', { static: [], dynamic: ['/assets/Banner.js', '/assets/Form.js', '/assets/Chat.js', '/assets/Log.js', '/assets/mount.js'], entry: 'src/islands/client.ts' }],
  ['/assets/mount.js', { static: ['/assets/react-dom.js'], dynamic: [], entry: 'src/islands/mount.tsx' }],
  ['/assets/react-dom.js', { static: ['/assets/react.js'], dynamic: [] }],
  ['/assets/react.js', { static: [], dynamic: [] }],
  ['/assets/Banner.js', { static: ['/assets/react.js'], dynamic: [], entry: 'src/islands/cookie-banner/CookieBanner.tsx' }],
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
  '/assets/Banner.js': 16,
  '/assets/Form.js': 32,
  '/assets/Chat.js': 64,
  '/assets/form-view.js': 128,
  '/assets/send.js': 256,
  '/assets/supabase.js': 512,
  '/assets/Log.js': 1024,
  '/assets/site.css': 2048,
};
const scripts = islandScripts('/assets/islands.js', graph, ['src/islands/contact-form/send.ts']);
const size = (url: string) => sizes[url] ?? 0;

function page(islands: string): string {
  return `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/site.css"><script type="module" src="/assets/islands.js"></script></head><body>${islands}</body></html>`;
}
const banner = '<div data-island="cookie-banner" data-hydrate="idle" data-when="consent-missing" data-prefix="b-" data-props="{&quot;a&quot;:1}"></div>';
const form = '<div data-island="contact-form" data-hydrate="visible" data-prefix="f-" data-props="{}"></div>';
const chat = '<div data-island="chat-demo" data-hydrate="interaction" data-prefix="c-" data-props="{}"></div>';
const log = '<div data-island="page-log" data-hydrate="idle" data-prefix="l-" data-props="{}"></div>';

describe('pageAssetRefs', () => {
  it('reads scripts, stylesheets and islands with their strategy and condition', () => {
    expect(pageAssetRefs(page(banner + form))).toEqual({
      scripts: ['/assets/islands.js'],
      stylesheets: ['/assets/site.css'],
      islands: [
        { name: 'cookie-banner', hydrate: 'idle', when: 'consent-missing' },
        { name: 'contact-form', hydrate: 'visible' },
      ],
    });
  });
});

describe('islandScripts', () => {
  it('finds each island chunk by its folder, the mount chunk and the submit chunk', () => {
    expect(Object.fromEntries(scripts.chunks)).toEqual({
      'cookie-banner': '/assets/Banner.js',
      'contact-form': '/assets/Form.js',
      'chat-demo': '/assets/Chat.js',
      'page-log': '/assets/Log.js',
    });
    expect(scripts.mount).toBe('/assets/mount.js');
    expect([...scripts.submit]).toEqual(['/assets/send.js']);
  });
});

describe('pageWeight', () => {
  it('counts only the loader for a returning visitor when every island waits (home page shape)', () => {
    const weight = pageWeight(pageAssetRefs(page(form + chat + banner)), 500, graph, scripts, size);
    expect(weight.html).toBe(500);
    expect(weight.css).toBe(2048);
    expect(weight.jsLoad).toBe(1);
    // First visit: the banner's condition holds → mount + react-dom + react + banner.
    expect(weight.jsFirstVisit).toBe(1 + 2 + 4 + 8 + 16);
    // Everything hydrated: every island, shared chunks once, not the submit path and not islands absent from the page.
    expect(weight.jsHydrated).toBe(1 + 2 + 4 + 8 + 16 + 32 + 64 + 128);
    expect(weight.jsSubmit).toBe(256 + 512);
  });

  it('counts an unconditional idle island at load, and nothing for submit on a page without a form', () => {
    const weight = pageWeight(pageAssetRefs(page(log)), 100, graph, scripts, size);
    expect(weight.jsLoad).toBe(1 + 2 + 4 + 8 + 1024);
    expect(weight.jsFirstVisit).toBe(weight.jsLoad);
    expect(weight.jsHydrated).toBe(weight.jsLoad);
    expect(weight.jsSubmit).toBe(0);
  });

  it('counts no JS for a returning visitor where the banner is the only island and the page links no loader', () => {
    const weight = pageWeight(pageAssetRefs(page(banner).replace('<script type="module" src="/assets/islands.js"></script>', '')), 100, graph, scripts, size);
    expect(weight.jsLoad).toBe(0);
    // The consent probe adds the loader for a first visit.
    expect(weight.jsFirstVisit).toBe(1 + 2 + 4 + 8 + 16);
    expect(weight.jsHydrated).toBe(weight.jsFirstVisit);
  });

  it('counts nothing but the loader on a page without islands', () => {
    const weight = pageWeight(pageAssetRefs(page('')), 100, graph, scripts, size);
    expect([weight.jsLoad, weight.jsFirstVisit, weight.jsHydrated, weight.jsSubmit]).toEqual([1, 1, 1, 0]);
  });
});
