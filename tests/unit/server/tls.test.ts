/**
 * `site serve --tls-cert/--tls-key` (issue #36 item 7): HTTP/2 over TLS with the same handlers, headers
 * and limits, and HTTP/1.1 over TLS for clients without HTTP/2. A throw-away certificate is made with
 * openssl for the run (bench/support/certificate.ts).
 */
import http2 from 'node:http2';
import https from 'node:https';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_PATH } from '../../../supabase/functions/_shared/contact-fields.ts';
import type { RunningServer } from '../../../src/server/server.ts';
import { contactTestServer, type ContactTestServer } from './support/contact-server.ts';
import { scaled } from '../../support/time-scale.ts';

let running: ContactTestServer;
let server: RunningServer;
let cert: Buffer | undefined;
let saved: string[];

/** A page large enough that its brotli encoding is smaller than it, which is when the server sends one. */
const PRICES = `<!DOCTYPE html><html lang="de"><title>Preise</title>${'<p>Ab 17 € pro Nutzer und Monat.</p>'.repeat(40)}</html>`;

beforeAll(async () => {
  running = await contactTestServer({
    files: {
      'index.html': '<!DOCTYPE html><title>Start</title><p>home</p>',
      'preise/index.html': PRICES,
      '404.html': '<!DOCTYPE html><html lang="de"><title>404</title><p>Seite nicht gefunden</p></html>',
      'fr/404.html': '<!DOCTYPE html><html lang="fr"><title>404</title><p>Page introuvable</p></html>',
      _headers: "/*\n  Content-Security-Policy: default-src 'self'\n",
    },
    tls: true,
  });
  ({ server, cert, saved } = running);
}, scaled(60_000));

afterAll(() => running?.close());

/** One HTTP/2 request; the answer's headers and body (as text, and as the bytes that came). */
function h2(
  target: string,
  headers: http2.OutgoingHttpHeaders = {},
  body?: string,
): Promise<{ headers: http2.IncomingHttpHeaders; body: string; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const client = http2.connect(server.url, { ca: cert });
    client.on('error', reject);
    const stream = client.request({ ':path': target, ...headers });
    const chunks: Buffer[] = [];
    let answer: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => (answer = h));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      client.close();
      const raw = Buffer.concat(chunks);
      resolve({ headers: answer, body: raw.toString('utf8'), raw });
    });
    stream.on('error', reject);
    stream.end(body);
  });
}

describe('site serve with a certificate', () => {
  it('serves a page over HTTP/2 with the security headers and the _headers rules', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const { headers, body } = await h2('/');
    expect(headers[':status']).toBe(200);
    expect(body).toContain('<p>home</p>');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toBe("default-src 'self'");
    expect(headers.connection).toBeUndefined();
  });

  it('takes the contact form over HTTP/2 from its own https origin, and refuses a foreign one', async () => {
    const email = `h2-${Date.now()}@example.com`;
    const form = JSON.stringify({ name: 'Erika', email, company: 'Beispiel GmbH', subject: 'Angebot', message: 'Hallo', privacy_consent: true });
    const post = (origin: string, text: string) =>
      h2(FUNCTION_PATH, { ':method': 'POST', origin, 'content-type': 'application/json', 'x-site-form': 'business', 'x-site-locale': 'de' }, text);
    const stored = await post(new URL(server.url).origin, form);
    expect(stored.headers[':status']).toBe(200);
    expect(JSON.parse(stored.body)).toHaveProperty('id');
    expect(saved).toContain(email);
    const foreign = await post('https://evil.example', form.replace(email, `evil-${email}`));
    expect(foreign.headers[':status']).toBe(403);
    // An answer that would close an HTTP/1.1 connection (413: the body is not read) is a plain answer on its stream.
    const large = await post(new URL(server.url).origin, JSON.stringify({ message: 'x'.repeat(64 * 1024) }));
    expect(large.headers[':status']).toBe(413);
  });

  it('sends a page brotli-encoded over HTTP/2 when the client accepts it', async () => {
    const { headers, raw } = await h2('/preise', { 'accept-encoding': 'gzip, br' });
    expect(headers[':status']).toBe(200);
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toBe('Accept-Encoding');
    expect(Number(headers['content-length'])).toBe(raw.byteLength);
    expect(brotliDecompressSync(raw).toString('utf8')).toBe(PRICES);
  });

  it("answers an unknown path over HTTP/2 with its language's not-found page, with the site's headers", async () => {
    const french = await h2('/fr/inconnue');
    expect(french.headers[':status']).toBe(404);
    expect(french.body).toContain('<html lang="fr">');
    expect(french.headers['content-security-policy']).toBe("default-src 'self'");
    const german = await h2('/unbekannt');
    expect(german.headers[':status']).toBe(404);
    expect(german.body).toContain('<html lang="de">');
  });

  it('a hostile target over HTTP/2 is a 400, and a static POST a 405, never a 5xx', async () => {
    expect((await h2('/%E0%A4%A')).headers[':status']).toBe(400);
    expect((await h2('/', { ':method': 'POST', 'content-type': 'text/plain' }, 'x')).headers[':status']).toBe(405);
  });

  it('answers HTTP/1.1 over TLS for clients without HTTP/2', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      https
        .get(`${server.url}/`, { ca: cert }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
  });
});
