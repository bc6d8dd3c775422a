/**
 * The render records where each content link of a page is written (render/source-marks.tsx), by offset
 * into the HTML it returns; the HTML itself carries nothing of it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/load.ts';
import { valueAt } from '../../../src/content/describe.ts';
import type { SiteModel } from '../../../src/content/model.ts';
import { renderRoute, renderRouteWithSources } from '../../../src/render/render-route.tsx';

const assets = { css: '/assets/site.css', loader: '/assets/islands.js' };
const fixture = path.resolve(import.meta.dirname, '../../fixtures/check/base');
let template: string;
let model: SiteModel;

beforeAll(async () => {
  template = await readFile('templates/document.html', 'utf8');
  const loaded = await loadContent(fixture);
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
  model = loaded.value;
});

describe('element sources of a rendered page', () => {
  it('leave the HTML exactly as renderRoute writes it', () => {
    for (const entry of model.pages) {
      const { html } = renderRouteWithSources(model, entry, assets, template);
      expect(html).not.toContain('data-site-src');
      expect(html).toBe(renderRoute(model, entry, assets, template));
    }
  });

  it('place each element at its <a> and name the content value its href comes from', () => {
    const files = new Set<string>();
    for (const entry of model.pages) {
      const { html, elements } = renderRouteWithSources(model, entry, assets, template);
      expect(elements.length, entry.route).toBeGreaterThan(0);
      for (const element of elements) {
        const tag = /^<a [^>]*href="([^"]*)"/.exec(html.slice(element.at));
        expect(tag, `${entry.route} at ${element.at}`).not.toBeNull();
        const data = element.file === entry.source ? entry.page : model.locales[entry.locale];
        const value = valueAt(data, element.path);
        // The value as loaded (references resolved): the href itself, or a string holding the link.
        if (element.link) {
          expect(element.link.href).toBe(tag![1]);
          expect(value).toContain(`](${element.link.href})`);
        } else expect(value).toBe(tag![1]);
        files.add(element.file);
      }
    }
    // Page files and the locale's UI strings (footer links) both.
    expect([...files].some((f) => f.startsWith('pages/'))).toBe(true);
    expect(files).toContain('locales/de.yaml');
  });
});
