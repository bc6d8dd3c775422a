/**
 * The host files of a build, each judged by its host's own tools: _headers by Netlify's parser, vercel.json by Vercel's routing library (its JSON
 * schemas and the route compiler the Vercel CLI uses), the nginx include by `nginx -t` and by a real nginx serving the
 * build. All from the same header rules as `_headers` and the same redirects as `_redirects`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { cleanUrlsSchema, getTransformedRoutes, headersSchema, redirectsSchema, trailingSlashSchema } from '@vercel/routing-utils';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHeaderRules, HOST_FILES, parseHeaderRules } from '../../../src/output/host-files.ts';
import { headerRules } from '../../../src/output/seo-files.ts';
import { loadFixture, PAGE_TYPES_SITE, type FixtureSite } from '../../support/fixture.ts';
import { scaled } from '../../support/time-scale.ts';

let site: FixtureSite;
const built = (file: string) => readFile(path.join(site.out, file), 'utf8');

/** An English not-found page (`en/404.html`), which the hosts serve for unknown paths below /en. */
const ENGLISH_NOT_FOUND = [
  'slug: "404"',
  'meta: { title: Page not found, description: The page you asked for does not exist. }',
  'header: back',
  'sections:',
  '  - { type: notFound, code: "404", title: Page not found, action: { label: Home, href: /en }, logMessage: "404:" }',
  '',
].join('\n');

beforeAll(async () => {
  site = await loadFixture(PAGE_TYPES_SITE, { files: { 'pages/not-found/en.yaml': ENGLISH_NOT_FOUND } });
  const result = await site.build();
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
}, scaled(120_000));
afterAll(() => site?.remove());

describe('the header rules', () => {
  it('read back from _headers are the rules it was written from (a kept _headers gives the same host files)', async () => {
    const model = await site.load();
    const rules = headerRules(model, model.pages, "default-src 'self'");
    expect(parseHeaderRules(formatHeaderRules(rules))).toEqual(rules);
    expect(rules.some((r) => r.path === '/education')).toBe(true);
  });

  it('are written for every host by a build', async () => {
    for (const url of HOST_FILES) expect((await built(url.slice(1))).length).toBeGreaterThan(100);
    const csp = parseHeaderRules(await built('_headers'))[0]!.headers.find(([name]) => name === 'Content-Security-Policy')![1];
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(await built('vercel.json')).toContain(JSON.stringify(csp));
    expect(await built('_nginx.conf')).toContain(`add_header Content-Security-Policy "${csp}" always;`);
  });
});

describe('_headers', () => {
  it("reads in Netlify's own parser as the rules it was written from", async () => {
    const parsed = await parseAllHeaders({ headersFiles: [path.join(site.out, '_headers')], configHeaders: [], minimal: true });
    expect(parsed.errors).toEqual([]);
    const model = await site.load();
    const csp = parseHeaderRules(await built('_headers'))[0]!.headers[0]![1];
    const rules = headerRules(model, model.pages, csp);
    expect(parsed.headers.map((h) => ({ path: h.for, headers: Object.entries(h.values) }))).toEqual(rules);
  });
});

describe('vercel.json', () => {
  it('passes the schemas Vercel validates vercel.json with, and compiles into routes', async () => {
    const config = JSON.parse(await built('vercel.json')) as { cleanUrls: boolean; trailingSlash: boolean; headers: unknown[]; redirects: unknown[] };
    // Vercel's schemas carry keywords of their own (`private`): not strict, as the Vercel CLI reads them.
    const ajv = new Ajv({ allErrors: true, strict: false });
    for (const [schema, value] of [
      [headersSchema, config.headers],
      [redirectsSchema, config.redirects],
      [cleanUrlsSchema, config.cleanUrls],
      [trailingSlashSchema, config.trailingSlash],
    ] as const) {
      const validate = ajv.compile(schema);
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
    }
    const { routes, error } = getTransformedRoutes(config as Parameters<typeof getTransformedRoutes>[0]);
    expect(error).toBeNull();
    // Each route Vercel made, tried on a path: the redirect of /kontakt, and the CSP on every path.
    const matching = (urlPath: string) => (routes ?? []).filter((r) => 'src' in r && new RegExp(r.src!).test(urlPath));
    const kontakt = matching('/kontakt').find((r) => 'status' in r && r.status === 301);
    expect(kontakt && 'headers' in kontakt ? kontakt.headers : undefined).toMatchObject({ Location: '/#contact' });
    expect(matching('/fr/contact').some((r) => 'headers' in r && r.headers?.Location === '/fr#contact')).toBe(true);
    expect(matching('/faq').some((r) => 'headers' in r && r.headers?.['Content-Security-Policy'])).toBe(true);
    expect(matching('/assets/app-1234.js').some((r) => 'headers' in r && r.headers?.['Cache-Control']?.includes('immutable'))).toBe(true);
  });
});

const nginx = spawnSync('nginx', ['-v']).error ? undefined : 'nginx';

describe.skipIf(!nginx)('the nginx include (nginx installed: .ci/run installs it)', () => {
  let prefix: string;
  let port: number;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    prefix = await mkdtemp(path.join(tmpdir(), 'site-nginx-'));
    port = await freePort();
    // One process that stays root (no workers switching user), logs and pid in the prefix, the build as its root.
    await writeFile(
      path.join(prefix, 'nginx.conf'),
      [
        'daemon off;',
        'master_process off;',
        `pid ${prefix}/nginx.pid;`,
        `error_log ${prefix}/error.log;`,
        'events {}',
        'http {',
        '  include /etc/nginx/mime.types;',
        `  access_log off;`,
        '  server {',
        `    listen 127.0.0.1:${port};`,
        `    root ${site.out};`,
        `    include ${site.out}/_nginx.conf;`,
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });
  afterAll(async () => {
    if (server?.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(prefix, { recursive: true, force: true });
  });

  it('passes nginx -t', () => {
    const test = spawnSync(nginx!, ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { encoding: 'utf8' });
    expect(test.status, test.stderr).toBe(0);
    expect(test.stderr).toContain('syntax is ok');
  });

  it('serves the build as the other hosts do: pages, redirects, the 404 page, headers, precompressed assets', async () => {
    server = spawn(nginx!, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'ignore' });
    const base = `http://127.0.0.1:${port}`;
    await untilListening(port, server);

    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    expect((await fetch(`${base}/faq`)).status).toBe(200);

    const moved = await fetch(`${base}/kontakt?von=flyer`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get('location')!, base).href).toBe(`${base}/?von=flyer#contact`);
    expect((await fetch(`${base}/fr/contact/`, { redirect: 'manual' })).headers.get('location')).toMatch(/\/fr#contact$/);

    const missing = await fetch(`${base}/gibt-es-nicht`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(await built('404.html'));
    // Below a language root with a not-found page of its own, that page; below one without, the default's.
    const english = await fetch(`${base}/en/nope`);
    expect(english.status).toBe(404);
    expect(english.headers.get('content-security-policy')).toBeTruthy();
    expect(await english.text()).toBe(await built('en/404.html'));
    expect(await (await fetch(`${base}/fr/nope`)).text()).toBe(await built('404.html'));
    expect((await fetch(`${base}/en/education`)).status).toBe(200);
    for (const file of ['/vercel.json', '/_nginx.conf', '/_headers', '/_redirects']) expect((await fetch(`${base}${file}`)).status, file).toBe(404);

    const education = await fetch(`${base}/education`);
    expect(education.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(education.headers.get('content-security-policy')).toBeTruthy();

    const css = /href="(\/assets\/[^"]+\.css)"/.exec(await home.text())![1]!;
    const asset = await fetch(`${base}${css}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-security-policy')).toBeTruthy();
    expect(asset.headers.get('content-encoding')).toBe('gzip');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once nginx accepts connections on `port`; rejects if it exits first. */
async function untilListening(port: number, child: ChildProcess): Promise<void> {
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`nginx exited with ${code}`))));
  for (;;) {
    const up = await Promise.race([
      fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      ),
      exited,
    ]);
    if (up) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
