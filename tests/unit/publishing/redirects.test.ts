import { readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkRedirects } from '../../../src/check/redirects.ts';
import { loadContent } from '../../../src/content/load.ts';
import { loadRedirects } from '../../../src/content/redirects.ts';
import { buildSite } from '../../../src/output/build.ts';
import { updateRoutesLock } from '../../../src/output/routes-lock.ts';
import { parseRedirectsFile, redirectFor } from '../../../src/server/redirects-file.ts';
import { startServer, type RunningServer } from '../../../src/server/server.ts';
import { loadFixture } from '../../support/fixture.ts';
import { scaled } from '../../support/time-scale.ts';

const MODELINE = '# yaml-language-server: $schema=.schema/redirects.json\n';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((c) => c()));
  cleanups = [];
});

async function siteWith(redirects: string) {
  const s = await loadFixture('check/base', { files: { 'redirects.yaml': `${MODELINE}redirects:\n${redirects}` } });
  cleanups.push(s.remove);
  const loaded = await loadContent(s.content);
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
  return { ...s, model: loaded.value };
}

const at = (f: { location?: { file: string; line?: number; column?: number } }) => `${f.location?.file}:${f.location?.line}:${f.location?.column}`;

describe('content/redirects.yaml', () => {
  it('reports every mistake at once, each at its value', async () => {
    const s = await siteWith(
      [
        '  - { from: alt, to: /faq }',
        '  - { from: /alt2, to: /faq, status: 307 }',
        '  - { from: /alt3, to: "javascript:alert(1)" }',
        '  - { from: /alt4, to: /faq, locales: [de, fr] }',
        '  - { from: /faq-alt, to: /faq }',
        '  - { from: /faq-alt/, to: /agb }',
      ].join('\n') + '\n',
    );
    const { errors } = await loadRedirects(s.content, s.model.site);
    expect(errors.map((e) => `${at(e)} ${e.location?.path} ${e.message}`)).toEqual([
      'redirects.yaml:3:13 redirects[0].from expected a path on this site: starting with /, letters, digits, - _ . ~ between slashes, no query, #fragment or wildcard',
      'redirects.yaml:4:38 redirects[1].status expected 301, 302 or 308',
      'redirects.yaml:5:24 redirects[2].to expected a path on this site (/…, an optional #fragment) or an https:// URL',
    ]);
    const fixed = await siteWith(
      ['  - { from: /alt4, to: /faq, locales: [de, fr] }', '  - { from: /faq-alt, to: /faq }', '  - { from: /faq-alt/, to: /agb }'].join('\n') + '\n',
    );
    const second = await loadRedirects(fixed.content, fixed.model.site);
    expect(second.errors.map((e) => `${at(e)} ${e.code} ${e.message} | ${e.found}`)).toEqual([
      "redirects.yaml:3:44 unknown-locale redirect for 'fr', which site.yaml does not list in locales | 'fr'",
      'redirects.yaml:5:13 redirect-duplicate /faq-alt is redirected twice | /faq-alt here and in rule 2 (line 4)',
    ]);
  });

  it('a per-locale rule is one redirect below each language root', async () => {
    const s = await siteWith('  - { from: /kontakt, to: "/#contact", locales: [de, en], status: 302 }\n');
    const { redirects, errors } = await loadRedirects(s.content, s.model.site);
    expect(errors).toEqual([]);
    expect(redirects.map(({ from, to, status, locale }) => ({ from, to, status, locale }))).toEqual([
      { from: '/kontakt', to: '/#contact', status: 302, locale: 'de' },
      { from: '/en/kontakt', to: '/en#contact', status: 302, locale: 'en' },
    ]);
  });
});

describe('site build', () => {
  it("writes _redirects that Netlify's own parser reads as written, and a fallback page per old address", async () => {
    const s = await siteWith(
      [
        '  - { from: /fragen, to: /faq }',
        '  - { from: /alt/preise, to: "/#pricing", status: 308 }',
        '  - { from: /blog, to: "https://blog.example.org/", status: 302 }',
      ].join('\n') + '\n',
    );
    const built = await buildSite({ contentDir: s.content, outDir: s.out });
    expect(built.ok).toBe(true);
    const file = path.join(s.out, '_redirects');
    const parsed = await parseAllRedirects({ redirectsFiles: [file], configRedirects: [], minimal: true });
    expect(parsed.errors).toEqual([]);
    expect(
      (parsed.redirects as { from: string; to: string; status: number; force: boolean }[]).map(({ from, to, status, force }) => [from, to, status, force]),
    ).toEqual([
      ['/fragen', '/faq', 301, false],
      ['/fragen/', '/faq', 301, false],
      ['/alt/preise', '/#pricing', 308, false],
      ['/alt/preise/', '/#pricing', 308, false],
      ['/blog', 'https://blog.example.org/', 302, false],
      ['/blog/', 'https://blog.example.org/', 302, false],
    ]);
    const fallback = await readFile(path.join(s.out, 'fragen/index.html'), 'utf8');
    expect(fallback).toContain('<html lang="de">');
    expect(fallback).toContain('<meta name="robots" content="noindex">');
    expect(fallback).toContain('<link rel="canonical" href="https://example.org/faq">');
    expect(fallback).toContain('<meta http-equiv="refresh" content="0; url=/faq">');
    expect(fallback).toMatch(/<a [^>]*href="\/faq">Weiter zur neuen Adresse<\/a>/);
    expect(await readFile(path.join(s.out, 'blog/index.html'), 'utf8')).toContain('<link rel="canonical" href="https://blog.example.org/">');
    expect(await readFile(path.join(s.out, 'sitemap.xml'), 'utf8')).not.toContain('fragen');
  });

  it("a redirect from a live page's address is left out of _redirects: the page wins", async () => {
    const s = await siteWith('  - { from: /faq, to: /agb }\n');
    const built = await buildSite({ contentDir: s.content, outDir: s.out });
    expect(built.ok).toBe(true);
    expect(await readFile(path.join(s.out, '_redirects'), 'utf8')).not.toContain('/faq');
    expect(await readFile(path.join(s.out, 'faq/index.html'), 'utf8')).toContain('Fragen und Antworten');
  });

  it('a content error in redirects.yaml fails the build', async () => {
    const s = await siteWith('  - { from: /a, to: /faq, status: 200 }\n');
    const built = await buildSite({ contentDir: s.content, outDir: s.out });
    expect(built.ok ? [] : built.errors.map((e) => `${at(e)} ${e.location?.path}`)).toEqual(['redirects.yaml:3:35 redirects[0].status']);
  });
});

describe('site check', () => {
  it('reports loops, chains, missing targets and shadowed pages, each at its rule', async () => {
    const s = await siteWith(
      [
        '  - { from: /a, to: /b }',
        '  - { from: /b, to: /a }',
        '  - { from: /c, to: /d }',
        '  - { from: /d, to: /e }',
        '  - { from: /e, to: /faq }',
        '  - { from: /f, to: /nirgends }',
        '  - { from: /faq, to: /agb }',
        '  - { from: /g, to: "https://example.com/" }',
        '  - { from: /h, to: /faq#top }',
      ].join('\n') + '\n',
    );
    const findings = await checkRedirects(s.content, s.model);
    expect(findings.map((f) => `${at(f)} ${f.code} ${f.message}`)).toEqual([
      'redirects.yaml:3:21 redirect-loop the redirect from /a loops: /a → /b → /a',
      'redirects.yaml:4:21 redirect-loop the redirect from /b loops: /b → /a → /b',
      'redirects.yaml:5:21 redirect-chain the redirect from /c leads to /d, which redirects again: /c → /d → /e → /faq',
      'redirects.yaml:6:21 redirect-chain the redirect from /d leads to /e, which redirects again: /d → /e → /faq',
      'redirects.yaml:8:21 redirect-target the redirect from /f leads to /nirgends, which is no page of the site',
      'redirects.yaml:9:13 redirect-shadow the redirect from /faq shadows the page there (pages/faq/de.yaml)',
    ]);
    expect(findings.find((f) => f.code === 'redirect-chain')?.hint).toContain('point it at /faq directly');
  });

  it('route-vanished: a URL of routes.lock that is neither a page nor redirected, at its line in the lock', async () => {
    const s = await siteWith('  - { from: /alt, to: /faq }\n');
    await writeFile(path.join(s.root, 'package.json'), '{}');
    expect(
      await updateRoutesLock(
        s.content,
        s.model.pages.map((p) => p.route),
      ),
    ).toBe(path.join(s.root, 'routes.lock'));
    const lock = await readFile(path.join(s.root, 'routes.lock'), 'utf8');
    expect(lock.split('\n').filter((l) => l.startsWith('/'))).toEqual(['/', '/agb', '/datenschutz', '/en', '/faq', '/impressum']);
    // A build adds; it never removes: the lock keeps /faq after the page goes.
    await writeFile(path.join(s.root, 'routes.lock'), `${lock}/alt\n/weg\n`);
    const without = { ...s.model, pages: s.model.pages.filter((p) => p.route !== '/faq') };
    expect(
      await updateRoutesLock(
        s.content,
        without.pages.map((p) => p.route),
      ),
    ).toBeUndefined();
    const findings = (await checkRedirects(s.content, without)).filter((f) => f.code === 'route-vanished');
    expect(findings.map((f) => `${at(f)} ${f.message}`)).toEqual([
      '../routes.lock:7:1 /faq was published and is gone, with no redirect',
      '../routes.lock:10:1 /weg was published and is gone, with no redirect',
    ]);
  });
});

describe('site serve', () => {
  let server: RunningServer;
  let out: string;
  beforeAll(async () => {
    const s = await loadFixture('check/base', {
      files: {
        'redirects.yaml': `${MODELINE}redirects:\n  - { from: /fragen, to: /faq }\n  - { from: /tmp, to: "/#pricing", status: 302 }\n  - { from: /neu, to: /faq, status: 308 }\n`,
      },
    });
    afterAllCleanups.push(s.remove);
    const built = await buildSite({ contentDir: s.content, outDir: s.out });
    if (!built.ok) throw new Error('build failed');
    out = s.out;
    server = await startServer({ root: out, port: 0, host: '127.0.0.1' });
  }, scaled(120_000));
  const afterAllCleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await server?.close();
    await Promise.all(afterAllCleanups.map((c) => c()));
  });

  function get(urlPath: string, method = 'GET'): Promise<{ status: number; location?: string; headers: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const req = request(`${server.url}${urlPath}`, { method }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers each old address with its status and Location, with or without a trailing slash, query kept', async () => {
    expect(await get('/fragen')).toMatchObject({ status: 301, location: '/faq' });
    expect(await get('/fragen/')).toMatchObject({ status: 301, location: '/faq' });
    expect(await get('/fragen?utm_source=flyer')).toMatchObject({ status: 301, location: '/faq?utm_source=flyer' });
    expect(await get('/tmp?x=1')).toMatchObject({ status: 302, location: '/?x=1#pricing' });
    expect(await get('/neu', 'HEAD')).toMatchObject({ status: 308, location: '/faq' });
    const answer = await get('/fragen');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBeDefined();
  });

  it("keeps the server's path rules: the normalised path is matched, host files stay hidden", async () => {
    expect(await get('/faq/../fragen')).toMatchObject({ status: 301, location: '/faq' });
    expect(await get('/%66ragen')).toMatchObject({ status: 301, location: '/faq' });
    expect((await get('/_redirects')).status).toBe(404);
    expect((await get('/fragen%2f')).status).toBe(400);
    expect((await get('/faq')).status).toBe(200);
  });

  it('parses only what a host would apply: whole paths, a redirect status, a site path or https target', () => {
    const rules = parseRedirectsFile(
      '# c\n/a /b 301\n/a /c 302\n/x //evil.example 301\n/y javascript:alert(1) 301\n/z /b 200\n/s/* /b 301\n/q https://example.org/ 308\n/r /b\n',
    );
    expect([...rules]).toEqual([
      ['/a', { status: 301, location: '/b' }],
      ['/q', { status: 308, location: 'https://example.org/' }],
      ['/r', { status: 302, location: '/b' }],
    ]);
    expect(redirectFor(rules, '/a', '?\u00e9')).toEqual({ status: 301, location: '/b?\u00e9' });
  });
});
