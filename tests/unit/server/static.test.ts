import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { headersFor, parseHeadersFile } from '../../../src/server/headers-file.ts';
import { startServer, type RunningServer } from '../../../src/server/server.ts';
import { acceptedEncodings } from '../../../src/server/static.ts';
import { scaled } from '../../support/time-scale.ts';

const PAGE = '<!DOCTYPE html><title>Start</title><p>Willkommen – Grüße aus Bayreuth</p>'.repeat(20);
const SCRIPT = 'console.log("island");'.repeat(50);
const HEADERS_FILE = `/*
  Content-Security-Policy: default-src 'self'
  Referrer-Policy: strict-origin-when-cross-origin

/assets/*
  Cache-Control: public, max-age=31536000, immutable

/education
  Cache-Control: public, max-age=3600
`;

let root: string;
let server: RunningServer;

/** A raw GET (fetch would decode the body and hide Content-Encoding). */
function get(
  urlPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${urlPath}`, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-static-'));
  await mkdir(path.join(root, 'assets'));
  await mkdir(path.join(root, 'education'));
  await writeFile(path.join(root, 'index.html'), PAGE);
  await writeFile(path.join(root, 'index.html.gz'), gzipSync(PAGE));
  await writeFile(path.join(root, 'index.html.br'), brotliCompressSync(PAGE));
  await writeFile(path.join(root, 'education/index.html'), PAGE);
  await writeFile(path.join(root, 'assets/islands-ABC123.js'), SCRIPT);
  await writeFile(path.join(root, 'assets/islands-ABC123.js.gz'), gzipSync(SCRIPT));
  await writeFile(path.join(root, '404.html'), '<!DOCTYPE html><h1>404</h1>');
  await writeFile(path.join(root, '_headers'), HEADERS_FILE);
  server = await startServer({ root, port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

/** The best encoding is made in the background: polled until it is served, however long a busy machine takes. */
const BEST_ENCODING_WAIT = { timeout: scaled(60_000), interval: 20 };

describe('precompressed files', () => {
  it('serves the .br file to a client that accepts brotli, with Content-Encoding and Vary', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(res.body).toString()).toBe(PAGE);
  });

  it('serves gzip when brotli is refused or missing, and the plain file without Accept-Encoding', async () => {
    const gz = await get('/', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(PAGE);
    const script = await get('/assets/islands-ABC123.js', { 'accept-encoding': 'br, gzip' });
    expect(script.headers['content-encoding']).toBe('gzip');
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(PAGE)));
  });

  it('compresses a page the build did not precompress on request, and again once the file changes', async () => {
    const br = await get('/education', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    expect(br.headers['content-length']).toBe(String(br.body.byteLength));
    const gz = await get('/education', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(PAGE);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    const changed = PAGE.replace('Start', 'Bildung');
    await writeFile(path.join(root, 'education/index.html'), changed);
    await utimes(path.join(root, 'education/index.html'), new Date(), new Date(Date.now() + 10_000));
    expect(brotliDecompressSync((await get('/education', { 'accept-encoding': 'br' })).body).toString()).toBe(changed);
  });

  it("answers a page's first request at once with the fast encoding, and later ones with the smaller best one", async () => {
    // Text where the best effort wins (brotli 11: 4.2 KB against 5.4 KB, gzip -9 4.5 against 4.6): words drawn
    // from a small vocabulary by a seeded generator (Park–Miller), not one line repeated.
    const words = ['Plattform', 'Anfrage', 'Kontakt', 'Datenschutz', 'Angebot', 'Zentrale', 'Modelle', 'Agenten'];
    let seed = 7;
    const text = Array.from({ length: 6000 }, () => words[((seed = (seed * 48271) % 2147483647) >> 8) % words.length]).join(' ');
    const page = `<!DOCTYPE html><title>Preise</title><p>${text}</p>`;
    await mkdir(path.join(root, 'preise'));
    await writeFile(path.join(root, 'preise/index.html'), page);
    for (const [accept, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const first = await get('/preise', { 'accept-encoding': accept });
      expect(decode(first.body).toString()).toBe(page);
      const smaller = await vi.waitFor(async () => {
        const later = await get('/preise', { 'accept-encoding': accept });
        expect(later.body.byteLength).toBeLessThan(first.body.byteLength);
        return later;
      }, BEST_ENCODING_WAIT);
      expect(decode(smaller.body).toString()).toBe(page);
      expect(smaller.headers['content-encoding']).toBe(accept);
      expect(smaller.headers['content-length']).toBe(String(smaller.body.byteLength));
      // Other bytes, another tag: the fast encoding's tag no longer validates, the best one's does.
      expect(smaller.headers.etag).not.toBe(first.headers.etag);
      expect((await get('/preise', { 'accept-encoding': accept, 'if-none-match': first.headers.etag as string })).status).toBe(200);
      expect((await get('/preise', { 'accept-encoding': accept, 'if-none-match': smaller.headers.etag as string })).status).toBe(304);
    }
    // A page changed on disk is encoded again: fast first, then the best.
    const changed = page.replace('Preise', 'Tarife');
    await writeFile(path.join(root, 'preise/index.html'), changed);
    await utimes(path.join(root, 'preise/index.html'), new Date(), new Date(Date.now() + 10_000));
    const first = await get('/preise', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(first.body).toString()).toBe(changed);
    await vi.waitFor(async () => {
      const later = await get('/preise', { 'accept-encoding': 'br' });
      expect(later.body.byteLength).toBeLessThan(first.body.byteLength);
      expect(brotliDecompressSync(later.body).toString()).toBe(changed);
    }, BEST_ENCODING_WAIT);
  });

  it('reads Accept-Encoding weights and wildcards', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip;q=0.5, br;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});

describe('caching', () => {
  it('answers a matching If-None-Match with 304 and no body, per encoding', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+-br"$/);
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    // The gzip representation has its own tag: the brotli tag must not validate it.
    const other = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(other.status).toBe(200);
  });

  it('gives a changed file a new ETag', async () => {
    const before = (await get('/education')).headers.etag;
    await utimes(path.join(root, 'education/index.html'), new Date(), new Date(Date.now() + 5_000));
    const after = (await get('/education')).headers.etag;
    expect(after).not.toBe(before);
  });

  it('applies _headers: immutable hashed assets, the page cache hint, security headers on every path', async () => {
    const asset = await get('/assets/islands-ABC123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get('/education')).headers['cache-control']).toBe('public, max-age=3600');
    const home = await get('/');
    expect(home.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(home.headers['content-security-policy']).toBe("default-src 'self'");
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(home.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never serves the host configuration file itself', async () => {
    const res = await get('/_headers');
    expect(res.status).toBe(404);
    expect(res.body.toString()).toContain('<h1>404</h1>');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.byteLength).toBe(0);
  });
});

describe('_headers parsing', () => {
  it('matches splats and exact paths, joining a header several rules set and detaching with `! Name` (Cloudflare Pages)', () => {
    const rules = parseHeadersFile(
      `# comment\n/*\n  X-A: 1\n  Cache-Control: no-cache\n\n/blog/:slug\n  Cache-Control: max-age=60\n\n/blog/private\n  ! X-A\n`,
    );
    expect(Object.fromEntries(headersFor(rules, '/blog/hello'))).toEqual({ 'x-a': '1', 'cache-control': 'no-cache, max-age=60' });
    expect(Object.fromEntries(headersFor(rules, '/blog/private'))).toEqual({ 'cache-control': 'no-cache, max-age=60' });
    expect(Object.fromEntries(headersFor(rules, '/blog/hello/more'))).toEqual({ 'x-a': '1', 'cache-control': 'no-cache' });
    expect(headersFor(rules, '/').get('x-a')).toBe('1');
  });

  it('takes dots in paths literally', () => {
    const rules = parseHeadersFile('/sitemap.xml\n  X-B: yes\n');
    expect(headersFor(rules, '/sitemap.xml').get('x-b')).toBe('yes');
    expect(headersFor(rules, '/sitemapAxml').size).toBe(0);
  });
});
