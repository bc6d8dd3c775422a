import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent, type ContentEnv } from '../../../src/content/load.ts';
import type { SiteModel } from '../../../src/content/model.ts';
import { consentProbeScript, ISLAND_START_SCRIPT } from '../../../src/render/head.ts';
import { renderRoute } from '../../../src/render/render-route.tsx';
import { contentSecurityPolicy, headersFile, inlineCode, robotsTxt, SEO_FILES, seoFiles, siteFacts, sitemapXml } from '../../../src/output/seo-files.ts';
import { loadFixture, PAGE_TYPES_SITE, type FixtureSite } from '../../support/fixture.ts';

const TEMPLATE = '<!DOCTYPE html><html lang="%lang%"><head><!--site:head--></head><body><!--site:body--></body></html>';
const PRODUCT_ROUTES = ['/', '/education', '/en', '/en/education', '/es', '/es/education', '/fr', '/fr/education'];

let site: FixtureSite;

/**
 * The fixture site's home and education families in four languages, plus its not-found page and its noindex
 * sales guide, which the SEO files must leave out.
 */
async function load(env: ContentEnv = {}): Promise<SiteModel> {
  const result = await loadContent(site.content, env);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  const pages = result.value.pages.filter((p) => ['home', 'education', 'not-found', 'leitfaden'].includes(p.family));
  return { ...result.value, pages };
}

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
}

/** url → its hreflang alternates, from the sitemap. */
function sitemapAlternates(xml: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [block] of xml.matchAll(/<url>[\s\S]*?<\/url>/g)) {
    const loc = /<loc>([^<]+)<\/loc>/.exec(block)![1]!;
    out.set(loc, new Map([...block.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!])));
  }
  return out;
}

let model: SiteModel;
let base: string;
beforeAll(async () => {
  site = await loadFixture(PAGE_TYPES_SITE);
  model = await load();
  base = model.site.baseUrl;
});

afterAll(() => site.remove());

describe('sitemap.xml', () => {
  it('lists exactly the indexable routes, never the 404 or noindex pages', () => {
    expect(model.pages.map((p) => p.route)).toEqual(expect.arrayContaining(['/404', '/leitfaden']));
    const xml = sitemapXml(model);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"')).toBe(true);
    expect(locs(xml).sort()).toEqual(PRODUCT_ROUTES.map((r) => `${base}${r}`).sort());
    expect(xml).not.toContain('/404');
    expect(xml).not.toContain('/leitfaden');
  });

  it('gives each URL its family in every locale plus x-default, reciprocally', () => {
    const alternates = sitemapAlternates(sitemapXml(model));
    for (const [url, alts] of alternates) {
      expect([...alts.keys()].sort()).toEqual(['de', 'en', 'es', 'fr', 'x-default']);
      expect(alts.get('x-default')).toBe(alts.get('de'));
      for (const [lang, target] of alts) {
        if (lang === 'x-default') continue;
        expect(alternates.get(target), `${url} → ${target}`).toEqual(alts);
      }
    }
    expect(alternates.get(`${base}/fr/education`)!.get('de')).toBe(`${base}/education`);
  });

  it('follows the base URL setting', async () => {
    const moved = await load({ SITE_URL: 'https://staging.example.org' });
    expect(locs(sitemapXml(moved))).toContain('https://staging.example.org/fr/education');
    expect(robotsTxt(moved)).toContain('Sitemap: https://staging.example.org/sitemap.xml');
  });
});

describe('robots.txt', () => {
  it('allows crawling and points at the sitemap', () => {
    expect(robotsTxt(model)).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`);
  });
});

describe('_headers and the CSP', () => {
  const rendered = () =>
    model.pages.map((entry) => ({ entry, html: renderRoute(model, entry, { css: '/assets/site.css', loader: '/assets/islands.js' }, TEMPLATE) }));

  it("allows the consent probe, the island start script and the not-found page's log line by their sha256 hashes and no other inline code", () => {
    const { consentName, consentMaxAgeSeconds } = model.site.constants.cookies;
    const probe = consentProbeScript({ name: consentName, maxAgeSeconds: consentMaxAgeSeconds });
    const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    const pages = rendered();
    const logLine = /<script>(console\.error\([^<]*)<\/script>/.exec(pages.find((p) => p.entry.route === '/404')!.html)![1]!;
    const csp = contentSecurityPolicy(
      model,
      pages.map((r) => inlineCode(r.html)),
    );
    const script = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(script).toBe(`script-src 'self' ${[hash(probe), hash(ISLAND_START_SCRIPT), hash(logLine)].sort().join(' ')}`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('hashes inline code only: JSON-LD data blocks and external scripts are not code', () => {
    const html = '<script>a()</script><script type="application/ld+json">{"a":1}</script><script type="module" src="/x.js"></script><style>p{}</style>';
    const { scripts, styles, styleAttributes } = inlineCode(html);
    expect(scripts).toEqual([`'sha256-${createHash('sha256').update('a()').digest('base64')}'`]);
    expect(styles).toHaveLength(1);
    expect(styleAttributes).toBe(false);
    expect(inlineCode('<p style="color:red">x</p>').styleAttributes).toBe(true);
    expect(inlineCode('<p>style=&quot;x&quot;</p>').styleAttributes).toBe(false);
  });

  it('allows styles that islands inject at run time by hash, still without unsafe-inline', () => {
    const css = '[data-sonner-toaster]{position:fixed}';
    const csp = contentSecurityPolicy(
      model,
      rendered().map((r) => inlineCode(r.html)),
      { injectedStyles: [css] },
    );
    expect(csp).toContain(`style-src 'self' 'sha256-${createHash('sha256').update(css).digest('base64')}';`);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('lets the pages call the backend origin, or only their own origin when none is set', async () => {
    const htmls = rendered().map((r) => inlineCode(r.html));
    expect(contentSecurityPolicy(model, htmls)).toContain("connect-src 'self';");
    const hosted = await load({ SUPABASE_URL: 'https://abc.supabase.co/', SUPABASE_ANON_KEY: 'k' });
    expect(contentSecurityPolicy(hosted, htmls)).toContain("connect-src 'self' https://abc.supabase.co;");
  });

  it('sets the security headers everywhere and the one-hour cache hint on the education pages only', () => {
    const csp = contentSecurityPolicy(
      model,
      rendered().map((r) => inlineCode(r.html)),
    );
    const text = headersFile(model, model.pages, csp);
    expect(text).toContain(`  Content-Security-Policy: ${csp}\n`);
    const global = text.split('\n\n')[0]!;
    expect(global.split('\n')[0]).toBe('/*');
    for (const header of [
      'Content-Security-Policy: ',
      'X-Content-Type-Options: nosniff',
      'Referrer-Policy: strict-origin-when-cross-origin',
      'X-Frame-Options: DENY',
    ]) {
      expect(global).toContain(`  ${header}`);
    }
    const cached = [...text.matchAll(/^(\S+)\n {2}Cache-Control: public, max-age=3600$/gm)].map((m) => m[1]);
    expect(cached.sort()).toEqual([
      '/education',
      '/education/',
      '/en/education',
      '/en/education/',
      '/es/education',
      '/es/education/',
      '/fr/education',
      '/fr/education/',
    ]);
    // Hashed names: built assets and social cards never change under their URL.
    const immutable = [...text.matchAll(/^(\S+)\n {2}Cache-Control: public, max-age=31536000, immutable$/gm)].map((m) => m[1]);
    expect(immutable).toEqual(['/assets/*', '/social/*']);
  });

  it('writes all three files, the ones SEO_FILES names (what a small edit keeps from the last build)', () => {
    expect([...seoFiles(model, "default-src 'self'").keys()].sort()).toEqual(['/_headers', '/robots.txt', '/sitemap.xml']);
    expect([...seoFiles(model, "default-src 'self'").keys()]).toEqual(SEO_FILES);
  });

  it('tells pages apart by every fact of theirs the sitemap and _headers read (siteFacts)', () => {
    const page = model.pages.find((p) => p.route === '/en/education')!;
    const facts = siteFacts(page);
    const other = (meta: object, change: object = {}) => siteFacts({ ...page, ...change, page: { ...page.page, meta: { ...page.page.meta, ...meta } } });
    expect(other({})).toBe(facts);
    for (const changed of [other({ noindex: true }), other({ structuredData: 'business' }), other({}, { family: 'elsewhere' }), other({}, { locale: 'fr' })])
      expect(changed).not.toBe(facts);
  });
});
