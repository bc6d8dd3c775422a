import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/load.ts';
import type { SiteModel } from '../../../src/content/model.ts';
import { renderRoute } from '../../../src/render/render-route.tsx';
import { ISLAND_START_SCRIPT } from '../../../src/render/head.ts';
import { loadFixture } from '../../support/fixture.ts';

const assets = { css: '/assets/site.css', loader: '/assets/islands.js' };
let template: string;
let real: SiteModel;

async function model(dir: string): Promise<SiteModel> {
  const result = await loadContent(dir);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result.value;
}

function render(site: SiteModel, route: string): string {
  const entry = site.pages.find((p) => p.route === route);
  if (!entry) throw new Error(`no page at ${route}`);
  return renderRoute(site, entry, assets, template);
}

/** The class of the cookie banner's button for a consent choice (its markup is asserted around it). */
const buttonClass = (html: string, choice: string) => new RegExp(`<button type="button" data-consent-choice="${choice}" class="([^"]*)">`).exec(html)?.[1];

function jsonLd(html: string): unknown {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

beforeAll(async () => {
  template = await readFile('templates/document.html', 'utf8');
  real = await model('content');
});

describe('renderRoute', () => {
  it('writes a complete German document with head metadata', async () => {
    const site = await model((await loadFixture('content/base')).content);
    const html = render(site, '/');
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="de">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Fixture\u00a0– Größe &amp; Maß</title>');
    expect(html).toContain('<link rel="canonical" href="https://example.org/">');
    expect(html).toContain('<meta property="og:locale" content="de_DE">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/site.css">');
    // The fixture has no island (the cookie banner is static, run by the inline consent probe): no loader.
    expect(html).not.toContain('data-island=');
    expect(html).not.toContain('data-islands');
    expect(html).not.toContain('/assets/islands.js');
    expect(html).toContain(
      '<script>if(!/(?:^|;\\s*)cookie-consent=/.test(document.cookie)){document.documentElement.dataset.consent="ask";document.addEventListener("DOMContentLoaded",',
    );
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it('starts the island loader at first paint where the page holds an island (the real home page and its contact form)', () => {
    const html = render(real, '/');
    // Named in an attribute, imported by the inline start script: no module script is fetched with the head.
    expect(html).toContain(`<script data-islands="/assets/islands.js">${ISLAND_START_SCRIPT}</script>`);
    expect(html).not.toContain('<script type="module"');
    expect(html.match(/\/assets\/islands\.js/g)).toHaveLength(1);
  });

  it('carries the business JSON-LD offer at the lowest plan price, 17 EUR', () => {
    const data = jsonLd(render(real, '/')) as { '@type': string; offers: { price: string; priceCurrency: string } };
    expect(data['@type']).toBe('SoftwareApplication');
    expect(data.offers).toMatchObject({ price: '17', priceCurrency: 'EUR' });
  });

  it('escapes content so it can never become markup or leave a script element', async () => {
    const site = await model((await loadFixture('content/base')).content);
    const entry = site.pages[0]!;
    const hostile = '</script><script>alert(1)</script> "quoted"';
    entry.page.meta.title = hostile;
    entry.page.meta.description = hostile;
    const html = renderRoute(site, entry, assets, template);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot;</title>');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!;
    expect(ld).not.toContain('</script');
    expect((JSON.parse(ld) as { description: string }).description).toBe(hostile);
  });

  it('gives the German home every anchor of SPEC §2', () => {
    const html = render(real, '/');
    for (const id of ['contact', real.site.anchors.overview, 'pricing', 'data-protection', 'products', 'about']) {
      expect(html, id).toContain(`id="${id}"`);
    }
  });

  it('labels service cards by the link rule and prints the savings arithmetic from constants', () => {
    const html = render(real, '/');
    expect(html).toMatch(/<a href="\/chatbot"[^>]*>Details ansehen/);
    // Five cards scroll to the contact section; one markup at every width (layout: folded, sections/FoldedRow.tsx).
    expect(html.match(/<a href="#contact"[^>]*>Mehr erfahren/g)).toHaveLength(5);
    expect(html.match(/<ul[^>]*data-folded=""[^>]*>/g)).toHaveLength(1);
    expect(html).toContain('44,98\u00a0€');
    expect(html).toContain('53\u00a0%');
    expect(html).toMatch(/data-price="standard">17\u00a0€/);
    expect(html).toMatch(/data-price="plus">21\u00a0€/);
    expect(html).toMatch(/data-price="smart">19\u00a0€/);
  });

  it('renders the cookie banner as static HTML, and the consent probe with the cookie from the constants', () => {
    const html = render(real, '/');
    expect(html).not.toContain('data-island="cookie-banner"');
    expect(html).toMatch(/<section aria-labelledby="cookie-banner-title" class="cookie-banner [^"]*">/);
    // The labels are the locale's (SPEC quotes none): read from content, so rewording them breaks no test.
    const { accept, decline } = real.locales.de!.cookieBanner;
    expect(html).toContain(`data-consent-choice="accepted" class="${buttonClass(html, 'accepted')}">${accept}</button>`);
    expect(html).toContain(`data-consent-choice="" class="${buttonClass(html, '')}">${decline}</button>`);
    expect(html).toContain('/(?:^|;\\s*)cookie-consent=/.test(document.cookie)');
    expect(html).toContain('d.cookie="cookie-consent="+v+"; Max-Age=31536000; Path=/; SameSite=Lax"');
  });
});
