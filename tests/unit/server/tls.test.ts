/**
 * `site serve --tls-cert/--tls-key` (issue #36 item 7): HTTP/2 over TLS with the same handlers, headers
 * and limits, and HTTP/1.1 over TLS for clients without HTTP/2. A throw-away certificate is made with
 * openssl for the run.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http2 from 'node:http2';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_PATH } from '../../../supabase/functions/_shared/contact-fields.ts';
import type { ContactStore } from '../../../supabase/functions/_shared/contact-handler.ts';
import { contactRoute } from '../../../src/server/contact-route.ts';
import { startServer, type RunningServer } from '../../../src/server/server.ts';
import { scaled } from '../../support/time-scale.ts';

let dir: string;
let server: RunningServer;
let cert: Buffer;
const saved: string[] = [];
const store: ContactStore = {
  save: async (request) => {
    saved.push(request.email);
    return { id: randomUUID() };
  },
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-tls-'));
  const root = path.join(dir, 'dist');
  await import('node:fs/promises').then((fs) => fs.mkdir(root));
  await writeFile(path.join(root, 'index.html'), '<!DOCTYPE html><title>Start</title><p>home</p>');
  await writeFile(path.join(root, '_headers'), "/*\n  Content-Security-Policy: default-src 'self'\n");
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  cert = await readFile(path.join(dir, 'cert.pem'));
  server = await startServer({
    root,
    port: 0,
    host: '127.0.0.1',
    tls: { cert, key: await readFile(path.join(dir, 'key.pem')) },
    handlers: [contactRoute({ store, allowedOrigins: [] })],
  });
}, scaled(60_000));

afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** One HTTP/2 request; the answer's headers and body. */
function h2(target: string, headers: http2.OutgoingHttpHeaders = {}, body?: string): Promise<{ headers: http2.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const client = http2.connect(server.url, { ca: cert });
    client.on('error', reject);
    const stream = client.request({ ':path': target, ...headers });
    let text = '';
    let answer: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => (answer = h));
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => {
      client.close();
      resolve({ headers: answer, body: text });
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
