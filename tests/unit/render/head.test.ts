import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../../src/content/model.ts';
import { SOCIAL_IMAGE } from '../../../src/render/head.ts';
import { renderRoute } from '../../../src/render/render-route.tsx';
import { loadFixture, PAGE_TYPES_SITE, type FixtureSite } from '../../support/fixture.ts';

const TEMPLATE = '<!DOCTYPE html><html lang="%lang%"><head><!--site:head--></head><body><!--site:body--></body></html>';

let site: FixtureSite;
let model: SiteModel;
const html = (route: string) =>
  renderRoute(
    model,
    model.pages.find((p) => p.route === route)!,
    { css: '/a.css', loader: '/l.js' },
    TEMPLATE,
  );
const meta = (doc: string, attr: string, name: string) => new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`).exec(doc)?.[1];
const jsonLd = (doc: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(doc)![1]!);

beforeAll(async () => {
  site = await loadFixture(PAGE_TYPES_SITE);
  model = await site.load();
});

afterAll(() => site.remove());

describe('page metadata', () => {
  it.each([
    ['/', 'de', 'de_DE'],
    ['/fr', 'fr', 'fr_FR'],
    ['/en', 'en', 'en_GB'],
    ['/es', 'es', 'es_ES'],
    ['/education', 'de', 'de_DE'],
    ['/fr/education', 'fr', 'fr_FR'],
    ['/en/education', 'en', 'en_GB'],
    ['/es/education', 'es', 'es_ES'],
  ])('%s sets title, description, keywords, canonical, social tags, language and locale', (route, lang, ogLocale) => {
    const doc = html(route);
    const url = `${model.site.baseUrl}${route}`;
    expect(doc).toContain(`<html lang="${lang}">`);
    expect(/<title>[^<]{20,}<\/title>/.test(doc)).toBe(true);
    expect(meta(doc, 'name', 'description')!.length).toBeGreaterThan(80);
    expect(meta(doc, 'name', 'keywords')!.split(', ').length).toBeGreaterThanOrEqual(5);
    expect(doc).toContain(`<link rel="canonical" href="${url}">`);
    expect(meta(doc, 'property', 'og:url')).toBe(url);
    expect(meta(doc, 'property', 'og:locale')).toBe(ogLocale);
    expect(meta(doc, 'property', 'og:title')).toBeTruthy();
    expect(meta(doc, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(doc, 'property', 'og:image')).toBe(`${model.site.baseUrl}/og-image.png`);
    expect(meta(doc, 'name', 'twitter:image')).toBe(`${model.site.baseUrl}/og-image.png`);
    expect(meta(doc, 'property', 'og:image:alt')).toContain(model.site.brand.name);
    expect(meta(doc, 'name', 'twitter:description')).toBe(meta(doc, 'name', 'description'));
  });

  it.each(['/', '/fr', '/en', '/es'])('%s carries the 17 EUR per user and month offer and no cache hint', (route) => {
    const doc = html(route);
    const data = jsonLd(doc);
    expect(data['@type']).toBe('SoftwareApplication');
    expect(data.offers.price).toBe('17');
    expect(data.offers.priceCurrency).toBe('EUR');
    const lang = route === '/' ? 'de' : route.slice(1);
    // The unit in the page's language, from the locale's plan strings (it was English "user/month" on every page).
    const unit = model.locales[lang]?.plans.perUserMonth;
    expect(unit).toBeTruthy();
    // Every price is net (B2B): a search result must not show the 17 EUR as a price including VAT.
    expect(data.offers.priceSpecification).toMatchObject({ price: 17, unitText: unit, valueAddedTaxIncluded: false });
    expect(data.inLanguage).toBe(lang);
    expect(doc).not.toContain('http-equiv="Cache-Control"');
  });

  it.each(['/education', '/fr/education', '/en/education', '/es/education'])(
    '%s is a free educational web application with the one-hour cache hint',
    (route) => {
      const doc = html(route);
      const data = jsonLd(doc);
      expect(data['@type']).toBe('WebApplication');
      expect(data.applicationCategory).toBe('EducationalApplication');
      expect(data.offers).toEqual({ '@type': 'Offer', price: '0', priceCurrency: 'EUR' });
      expect(doc).toContain('<meta http-equiv="Cache-Control" content="public, max-age=3600">');
    },
  );

  it.each(['/', '/education'])('hreflang alternates of the %s family are reciprocal, with x-default on the German page', (root) => {
    const family = model.pages.filter((p) => p.family === model.pages.find((q) => q.route === root)!.family);
    expect(family.map((p) => p.locale).sort()).toEqual(['de', 'en', 'es', 'fr']);
    const sets = family.map((p) => [...html(p.route).matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`));
    for (const set of sets) expect(set).toEqual(sets[0]);
    expect(sets[0]).toContain(`x-default ${model.site.baseUrl}${root}`);
    expect(sets[0]).toContain(`de ${model.site.baseUrl}${root}`);
  });
});

describe('social preview image', () => {
  it('is a PNG of the announced size in templates/, referenced by an absolute URL on every page', () => {
    const png = readFileSync(path.resolve(import.meta.dirname, '../../../templates', SOCIAL_IMAGE.path.slice(1)));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([SOCIAL_IMAGE.width, SOCIAL_IMAGE.height]);
    for (const entry of model.pages) {
      const doc = html(entry.route);
      expect(meta(doc, 'property', 'og:image'), entry.route).toBe(`${model.site.baseUrl}${SOCIAL_IMAGE.path}`);
      expect(meta(doc, 'property', 'og:image:width')).toBe('1200');
      expect(meta(doc, 'property', 'og:image:height')).toBe('630');
    }
  });
});
