/**
 * Content is data, never markup: every prose string of a site with every page type (page texts and UI
 * strings, which also travel as island props; tests/fixtures/page-types) gets `<script>`, `</script>`, quotes and an event-handler tag appended,
 * and every route must render them inert — escaped in HTML, unable to leave JSON-LD or island props.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../../src/content/model.ts';
import { renderRoute, renderRouteWithSources } from '../../../src/render/render-route.tsx';
import { loadFixture, PAGE_TYPES_SITE, type FixtureSite } from '../../support/fixture.ts';

const HOSTILE = ` </script><script>alert(1)</script><img src=x onerror=alert(2)> "quoted" 'single' \u2028`;
const assets = { css: '/assets/site.css', loader: '/assets/islands.js' };

/** Appends the payload to every string that reads like prose (has a space): ids, types, hrefs and keys have none. */
function poison<T>(value: T): T {
  if (typeof value === 'string') return (value.includes(' ') ? value + HOSTILE : value) as T;
  if (Array.isArray(value)) return value.map(poison) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v)])) as T;
  return value;
}

const scripts = (html: string) =>
  [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => ({ tag: m[0].slice(0, m[0].indexOf('>') + 1), body: m[1]! }));

let site: FixtureSite;
let template: string;
let clean: SiteModel;
let hostile: SiteModel;

beforeAll(async () => {
  template = await readFile('templates/document.html', 'utf8');
  site = await loadFixture(PAGE_TYPES_SITE);
  clean = await site.load();
  hostile = { ...clean, locales: poison(clean.locales), pages: clean.pages.map((entry) => ({ ...entry, page: poison(entry.page) })) };
});

afterAll(() => site.remove());

describe('hostile content strings render inert on every route', () => {
  it('poisons a real share of the content (the test is not vacuous)', () => {
    const html = renderRoute(
      hostile,
      hostile.pages.find((p) => p.route === '/')!,
      assets,
      template,
    );
    expect(html.split('&lt;/script&gt;&lt;script&gt;alert(1)').length - 1).toBeGreaterThan(20);
  });

  it('adds no element, no script and no handler; JSON-LD and island props still parse and keep the text', () => {
    for (const [i, entry] of hostile.pages.entries()) {
      const { html, islandProps } = renderRouteWithSources(hostile, entry, assets, template);
      const before = renderRoute(clean, clean.pages[i]!, assets, template);
      // The payload may appear only as text: never as a tag (an escaped `onerror=` inside text is inert).
      expect(html, entry.route).not.toMatch(/<script>alert|<img src=x/i);
      // The same script elements as the clean page: same tags, and inline code (the consent probe) unchanged.
      const now = scripts(html);
      const then = scripts(before);
      expect(
        now.map((s) => s.tag),
        entry.route,
      ).toEqual(then.map((s) => s.tag));
      for (const [j, script] of now.entries()) {
        if (script.tag.includes('application/ld+json')) {
          expect(script.body).not.toMatch(/<\/script|<!--/i);
          expect(() => JSON.parse(script.body)).not.toThrow();
        } else if (script.body.startsWith('console.error(')) {
          // The 404 page logs its content message: a JSON string literal that keeps the text and cannot end the script.
          expect(script.body).not.toMatch(/<\/script|<!--/i);
          const message = /^console\.error\((".*?"),location\.pathname\);/s.exec(script.body)?.[1];
          expect(JSON.parse(message ?? 'null')).toMatch(new RegExp(`${HOSTILE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
        } else {
          expect(script.body, entry.route).toBe(then[j]!.body);
        }
      }
      // The props travel in files of their own: the element names one by a URL the content cannot shape.
      const named = [...html.matchAll(/ data-props-src="([^"]*)"/g)].map((m) => m[1]!);
      expect(named.length, entry.route).toBe(html.split(' data-island="').length - 1);
      for (const url of named) {
        expect(url).toMatch(/^\/assets\/[\w-]+-props-[0-9a-f]{10}\.json$/);
        expect(() => JSON.parse(islandProps.get(url)!)).not.toThrow();
      }
    }
  });

  it('island props carry the hostile text back exactly (what hydration will render as text)', () => {
    const entry = hostile.pages.find((p) => p.route === '/')!;
    const { html, islandProps } = renderRouteWithSources(hostile, entry, assets, template);
    const form = /data-island="contact-form"[^>]*data-props-src="([^"]*)"/.exec(html);
    expect(form).not.toBeNull();
    const props = JSON.parse(islandProps.get(form![1]!)!) as { strings: { footnote: string } };
    expect(props.strings.footnote.endsWith(HOSTILE)).toBe(true);
  });
});
