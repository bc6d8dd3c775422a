import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/load.ts';
import type { SiteModel } from '../../../src/content/model.ts';
import { renderRoute } from '../../../src/render/render-route.tsx';
import { contentFixture } from '../../support/content-fixture.ts';

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
    const site = await model(await contentFixture('base'));
    const html = render(site, '/');
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="de">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Fixture – Größe &amp; Maß</title>');
    expect(html).toContain('<link rel="canonical" href="https://www.ki-zentrale.de/">');
    expect(html).toContain('<meta property="og:locale" content="de_DE">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/site.css">');
    // The fixture's only island is the cookie banner: the consent probe adds the loader when it must show.
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('document.documentElement.dataset.consent="ask";var s=document.createElement("script");s.type="module";s.src="/assets/islands.js"');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it('links the island loader where an island wakes without a condition (the real home page and its contact form)', () => {
    const html = render(real, '/');
    expect(html).toContain('<script type="module" src="/assets/islands.js"></script>');
    expect(html).not.toContain('s.src="/assets/islands.js"');
  });

  it('carries the business JSON-LD offer at the lowest plan price, 17 EUR', () => {
    const data = jsonLd(render(real, '/')) as { '@type': string; offers: { price: string; priceCurrency: string } };
    expect(data['@type']).toBe('SoftwareApplication');
    expect(data.offers).toMatchObject({ price: '17', priceCurrency: 'EUR' });
  });

  it('escapes content so it can never become markup or leave a script element', async () => {
    const site = await model(await contentFixture('base'));
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
    expect(html.match(/<a href="#contact"[^>]*>Mehr erfahren/g)).toHaveLength(5);
    expect(html).toContain('44,98\u00a0€');
    expect(html).toContain('53\u00a0%');
    expect(html).toMatch(/data-price="standard">17\u00a0€/);
    expect(html).toMatch(/data-price="plus">21\u00a0€/);
    expect(html).toMatch(/data-price="smart">19\u00a0€/);
  });

  it('renders the cookie banner as an island with its props next to it', () => {
    const html = render(real, '/');
    const island = /<div data-island="cookie-banner" data-hydrate="idle" data-when="consent-missing" data-prefix="cookie-banner-" data-props="([^"]*)">/.exec(html);
    expect(island).not.toBeNull();
    const props = JSON.parse(island![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { cookie: unknown; strings: { accept: string } };
    expect(props.cookie).toEqual({ name: 'cookie-consent', maxAgeSeconds: 31_536_000 });
    expect(props.strings.accept).toBe('Akzeptieren');
  });
});
