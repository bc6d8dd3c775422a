import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_PATH, MAX_BODY_BYTES } from '../../../supabase/functions/_shared/contact-fields.ts';
import { postgrestStore } from '../../../supabase/functions/_shared/postgrest-store.ts';
import { memoryRateLimiter } from '../../../supabase/functions/_shared/rate-limit.ts';
import { openContactStore, type LocalContactStore } from '../../../src/server/contact-store.ts';
import { contactRoute } from '../../../src/server/contact-route.ts';
import { PRIVACY_POLICY } from '../../../supabase/functions/_shared/generated/privacy-policy.ts';
import { acquireLease, LEADS_PATH, leadsRoute, newLeaseToken, readLeads } from '../../../src/server/leads.ts';
import { startServer, type RunningServer } from '../../../src/server/server.ts';
import { scaled } from '../../support/time-scale.ts';

const body = { name: 'Max', email: 'max@example.com', company: null, products: 'website', subject: 'Demo', message: 'Hallo', privacy_consent: true as const };

describe('site serve: the contact route, the lease and site leads', () => {
  let dataDir: string;
  let store: LocalContactStore;
  let server: RunningServer;
  let release: () => Promise<void>;
  const token = newLeaseToken();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'site-serve-'));
    const lease = await acquireLease(dataDir, token);
    release = lease.release;
    // While the store is being opened, neither site leads nor a second server touches the directory.
    await expect(readLeads(dataDir, { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') })).rejects.toThrow('is opening');
    await expect(acquireLease(dataDir, newLeaseToken())).rejects.toThrow('in use by another `site serve`');
    store = await openContactStore({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    server = await startServer({
      root: dataDir,
      port: 0,
      host: '127.0.0.1',
      handlers: [contactRoute({ store, allowedOrigins: [] }), leadsRoute(store, token, { dataDir })],
    });
    await lease.publish(server.url);
  });
  afterAll(async () => {
    await release?.();
    await server?.close();
    await store?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const send = (payload: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${FUNCTION_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-site-form': 'business', 'x-site-locale': 'en', origin: server.url, ...headers },
      body: payload,
    });

  it('stores a same-origin request and answers 200 { id }', async () => {
    const response = await send(JSON.stringify(body));
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect((await store.list()).map((r) => r.id)).toContain(id);
  });

  it('refuses a body over the cap with 413 before parsing it, with the same CORS headers as other answers, and stores nothing', async () => {
    const before = (await store.list()).length;
    const response = await send(JSON.stringify({ ...body, message: 'x'.repeat(MAX_BODY_BYTES) }));
    expect(response.status).toBe(413);
    expect(response.headers.get('access-control-allow-origin')).toBe(server.url);
    expect(response.headers.get('vary')).toBe('Origin');
    expect(((await response.json()) as { error: string }).error).toContain(`${MAX_BODY_BYTES} bytes`);
    expect((await store.list()).length).toBe(before);
  });

  it('refuses another origin (no CORS for foreign sites on the local server)', async () => {
    expect((await send(JSON.stringify(body), { origin: 'https://elsewhere.example' })).status).toBe(403);
  });

  it('lets other paths through to the static files', async () => {
    expect((await fetch(`${server.url}/nothing-here`)).status).toBe(404);
  });

  it('site leads reads through the running server (PGlite is single-process) with the lease token only', async () => {
    const rows = await readLeads(dataDir, { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    expect(rows.some((r) => r.email === body.email && r.products === 'website' && r.locale === 'en')).toBe(true);
    expect((await fetch(`${server.url}${LEADS_PATH}`)).status).toBe(404);
    expect((await fetch(`${server.url}${LEADS_PATH}`, { headers: { authorization: 'Bearer guess' } })).status).toBe(404);
  });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Body bytes the client had written when the answer came. */
  sent: number;
  /** The server closed the connection after answering. */
  closed: boolean;
}

/**
 * Uploads up to `limit` bytes of body over a raw socket, as fast as the socket takes them (respecting
 * backpressure), and stops as soon as the server answers.
 */
async function upload(serverUrl: string, headers: Record<string, string>, options: { chunked: boolean; limit: number }): Promise<RawAnswer> {
  const { hostname, port } = new URL(serverUrl);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => {}); // EPIPE / ECONNRESET once the server has closed: expected here
  await once(socket, 'connect');
  let received = Buffer.alloc(0);
  let answered!: () => void;
  const answer = new Promise<void>((resolve) => (answered = resolve));
  socket.on('data', (data: Buffer) => {
    received = Buffer.concat([received, data]);
    answered();
  });
  let closed = false;
  // Not events.once: it rejects on the socket's 'error', which is expected here.
  const close = new Promise<void>((resolve) => socket.once('close', () => resolve(void (closed = true))));
  const drain = () => new Promise<void>((resolve) => socket.once('drain', () => resolve()));
  socket.write([`POST ${FUNCTION_PATH} HTTP/1.1`, `host: ${hostname}:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n'));
  const chunk = Buffer.alloc(16 * 1024, 'x');
  const framed = options.chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
  let sent = 0;
  let done = false;
  void answer.then(() => (done = true));
  while (!done && !closed && sent < options.limit) {
    // A declared length is never overshot: bytes past it would be read as a next request (a 400 of their own).
    const piece = options.chunked || sent + chunk.length <= options.limit ? framed : chunk.subarray(0, options.limit - sent);
    const flushed = socket.write(piece);
    sent += options.chunked ? chunk.length : piece.length;
    if (!flushed) await Promise.race([drain(), answer, close]);
    else await new Promise((resolve) => setImmediate(resolve));
  }
  // Waits for the close that follows the answer; the timer only ends the wait on a server that never closes, which
  // the caller then sees as `closed: false`.
  await Promise.race([close, new Promise((resolve) => setTimeout(resolve, scaled(5_000)))]);
  socket.destroy();
  const text = received.toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const answerHeaders = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers: answerHeaders, body, sent, closed };
}

describe('site serve: an oversize body is refused at once, through the rate limiter, with CORS', () => {
  const SITE = 'https://www.ki-zentrale.de';
  let dataDir: string;
  let store: LocalContactStore;
  let server: RunningServer;
  const rateLimit = { limiter: memoryRateLimiter({ limit: 3, windowSeconds: 3600 }), secret: 'test' };
  const headers = { 'content-type': 'application/json', 'x-site-form': 'business', 'x-site-locale': 'en', origin: SITE };
  /** What the old route did: it read the whole upload before answering. 64 MB stands in for 200 MB. */
  const LIMIT = 64 * 1024 * 1024;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'site-oversize-'));
    store = await openContactStore({ kind: 'pglite', dataDir });
    server = await startServer({ root: dataDir, port: 0, host: '127.0.0.1', handlers: [contactRoute({ store, allowedOrigins: [SITE], rateLimit })] });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a declared Content-Length of 200 MB: 413 before the body is read, Connection: close, CORS headers', async () => {
    const answer = await upload(server.url, { ...headers, 'content-length': String(200 * 1024 * 1024) }, { chunked: false, limit: LIMIT });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: `the request body is larger than ${MAX_BODY_BYTES} bytes` });
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['access-control-allow-origin']).toBe(SITE);
    expect(answer.closed).toBe(true);
    // What the client could push into socket buffers before the answer, not the upload.
    expect(answer.sent).toBeLessThan(8 * 1024 * 1024);
  });

  it('a chunked upload with no length: 413 once it passes the cap, reading stops there, Connection: close, CORS headers', async () => {
    const answer = await upload(server.url, { ...headers, 'transfer-encoding': 'chunked' }, { chunked: true, limit: LIMIT });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(answer.headers['access-control-allow-origin']).toBe(SITE);
    expect(answer.closed).toBe(true);
    expect(answer.sent).toBeLessThan(8 * 1024 * 1024);
  });

  it('oversize uploads count against the rate limit like any other request', async () => {
    // Two requests of this client were counted above; the third is the last one allowed this window.
    const third = await upload(server.url, { ...headers, 'content-length': String(MAX_BODY_BYTES + 1) }, { chunked: false, limit: MAX_BODY_BYTES + 1 });
    expect(third.status).toBe(413);
    const fourth = await upload(server.url, { ...headers, 'content-length': String(MAX_BODY_BYTES + 1) }, { chunked: false, limit: MAX_BODY_BYTES + 1 });
    expect(fourth.status).toBe(429);
    expect(fourth.headers['retry-after']).toMatch(/^\d+$/);
    expect(fourth.headers['access-control-allow-origin']).toBe(SITE);
    expect(await store.list()).toEqual([]);
  });
});

describe('PGlite store', () => {
  // Three PGlite openings: seconds each on a quiet machine, past the default 30 s on a loaded one.
  it(
    'keeps rows across a restart and applies each migration once',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'site-store-'));
      try {
        const first = await openContactStore({ kind: 'pglite', dataDir: dir });
        const { id } = await first.save({ ...body, email: 'keep@example.com' }, { form: 'education', locale: 'fr' });
        await first.close();
        const second = await openContactStore({ kind: 'pglite', dataDir: dir });
        expect((await second.list()).map((r) => r.id)).toEqual([id]);
        await second.close();
        // No server holds the directory now: site leads opens the store itself.
        expect((await readLeads(path.dirname(dir), { kind: 'pglite', dataDir: dir })).map((r) => r.email)).toEqual(['keep@example.com']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    scaled(120_000),
  );
});

describe('postgrestStore (the Supabase function writing with the service role)', () => {
  it('inserts one row through the REST API and returns its id', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const store = postgrestStore('https://abc.supabase.co/', 'service-key', async (url, init) => {
      calls.push({ url, init });
      return Response.json([{ id: 'f3b1c2d4-0000-4000-8000-000000000001' }], { status: 201 });
    });
    expect(await store.save({ ...body, company: undefined }, { form: 'chat-demo', locale: 'de' })).toEqual({ id: 'f3b1c2d4-0000-4000-8000-000000000001' });
    expect(calls[0]!.url).toBe('https://abc.supabase.co/rest/v1/contact_requests?select=id');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer service-key');
    expect(headers.prefer).toBe('return=representation');
    // Beside the payload: where it came from and the privacy policy in force (proof of consent).
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      ...body,
      company: null,
      form_variant: 'chat-demo',
      locale: 'de',
      policy_version: PRIVACY_POLICY.version,
      retention_months: PRIVACY_POLICY.contactRetentionMonths,
    });
  });

  it('rejects when the database refuses, so the function answers 503', async () => {
    const store = postgrestStore('https://abc.supabase.co', 'k', async () => new Response('{"code":"23514"}', { status: 400 }));
    await expect(store.save(body, { form: 'business', locale: 'de' })).rejects.toThrow('insert into contact_requests failed: HTTP 400, code 23514');
  });
});
