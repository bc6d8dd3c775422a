/**
 * `site serve --tls-cert/--tls-key` as a self-hoster runs it (issue #36 item 7): the real process offers
 * HTTP/2 over TLS (ALPN `h2`), serves a page brotli-encoded with the security headers, the language's
 * not-found page and the contact form over that connection, and refuses a certificate without its key.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../../bench/support/certificate.ts';
import { startSiteServe, type SiteServe } from '../../../bench/support/site-serve.ts';
import { FUNCTION_PATH } from '../../../supabase/functions/_shared/contact-fields.ts';
import { EXIT_USAGE } from '../../../src/cli/exit-codes.ts';
import { until } from '../../support/until.ts';
import { scaled } from '../../support/time-scale.ts';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bin/site.js');
const PAGE = `<!DOCTYPE html><html lang="de"><title>Start</title>${'<p>Die führenden KI-Modelle. Eine zentrale Plattform.</p>'.repeat(30)}</html>`;

let dir: string;
let serve: SiteServe;
let cert: Buffer;
let certFile: string;
let session: http2.ClientHttp2Session;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-tls-serve-'));
  const out = path.join(dir, 'dist');
  await mkdir(path.join(out, 'fr'), { recursive: true });
  await writeFile(path.join(out, 'index.html'), PAGE);
  await writeFile(path.join(out, '404.html'), '<!DOCTYPE html><html lang="de"><title>404</title></html>');
  await writeFile(path.join(out, 'fr', '404.html'), '<!DOCTYPE html><html lang="fr"><title>404</title></html>');
  const certificate = await selfSignedCertificate(dir);
  ({ cert, certFile } = certificate);
  serve = await startSiteServe({ outDir: out, dataDir: path.join(dir, 'data'), args: ['--tls-cert', certFile, '--tls-key', certificate.keyFile] });
  session = http2.connect(serve.url, { ca: cert });
  await new Promise<void>((resolve, reject) => session.once('connect', () => resolve()).once('error', reject));
}, scaled(60_000));

afterAll(async () => {
  session?.close();
  await serve?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** One request on the test's single HTTP/2 connection: the answer's headers and body bytes. */
function request(headers: http2.OutgoingHttpHeaders, body?: string): Promise<{ headers: http2.IncomingHttpHeaders; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers);
    const chunks: Buffer[] = [];
    let answer: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => (answer = h));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve({ headers: answer, raw: Buffer.concat(chunks) }));
    stream.on('error', reject);
    stream.end(body);
  });
}

it('negotiates HTTP/2 and serves the page, its not-found page and the contact form on one connection', async () => {
  expect(serve.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  expect(session.alpnProtocol).toBe('h2');

  const page = await request({ ':path': '/', 'accept-encoding': 'br' });
  expect(page.headers[':status']).toBe(200);
  expect(page.headers['content-encoding']).toBe('br');
  expect(page.headers['x-content-type-options']).toBe('nosniff');
  expect(page.raw.byteLength).toBeLessThan(Buffer.byteLength(PAGE));

  const missing = await request({ ':path': '/fr/inconnue' });
  expect(missing.headers[':status']).toBe(404);
  expect(missing.raw.toString('utf8')).toContain('<html lang="fr">');

  const email = `tls-serve-${Date.now()}@example.com`;
  const form = { name: 'Erika', email, company: 'Beispiel GmbH', subject: 'Angebot', message: 'Hallo', privacy_consent: true };
  const lead = await request(
    { ':method': 'POST', ':path': FUNCTION_PATH, origin: serve.url, 'content-type': 'application/json', 'x-site-form': 'business', 'x-site-locale': 'de' },
    JSON.stringify(form),
  );
  expect(lead.headers[':status']).toBe(200);
  const { id } = JSON.parse(lead.raw.toString('utf8')) as { id: string };
  await until(() => serve.stdout().includes(`stored lead ${id}`), 10_000, 'the server to log the stored lead');
});

it('refuses --tls-cert without --tls-key, naming both', () => {
  const run = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', '--out', dir, '--tls-cert', certFile], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(run.status).toBe(EXIT_USAGE);
  expect(run.stderr).toContain('--tls-cert and --tls-key go together');
});
