/**
 * Abuse limits: per-client rate limiting (in memory for `site serve`, in the table for the Supabase
 * function), the honeypot, and CORS for the configured origins only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../../../src/server/pglite-template.ts';
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_PATH, HONEYPOT_FIELD } from '../../../supabase/functions/_shared/contact-fields.ts';
import { contactPayload } from '../../../supabase/functions/_shared/contact-payload.ts';
import { handleContactRequest, type ContactStore } from '../../../supabase/functions/_shared/contact-handler.ts';
import type { ContactRequest } from '../../../supabase/functions/_shared/contact-request.ts';
import { postgrestRateLimiter } from '../../../supabase/functions/_shared/postgrest-store.ts';
import { clientHash, memoryRateLimiter, parseRateLimit, type RateLimiter } from '../../../supabase/functions/_shared/rate-limit.ts';
import { openContactStore, type LocalContactStore } from '../../../src/server/contact-store.ts';
import { contactRoute } from '../../../src/server/contact-route.ts';
import { startServer, type RunningServer } from '../../../src/server/server.ts';

const SITE = 'https://www.ki-zentrale.de';
const valid = { name: 'Max', email: 'max@example.com', company: '', subject: 'Demo', message: 'Hallo', privacy_consent: true };

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`https://project.supabase.co${FUNCTION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-site-form': 'business', 'x-site-locale': 'de', origin: SITE, ...headers },
    body: JSON.stringify(body),
  });
}

/** A store that remembers what it was asked to save. */
function memoryStore(): ContactStore & { saved: ContactRequest[] } {
  const saved: ContactRequest[] = [];
  return { saved, save: async (request) => (saved.push(request), { id: `id-${saved.length}` }) };
}

describe('parseRateLimit', () => {
  it.each([
    ['5/60', { limit: 5, windowSeconds: 60 }],
    ['5/min', { limit: 5, windowSeconds: 60 }],
    ['100/3600s', { limit: 100, windowSeconds: 3600 }],
    ['7', { limit: 7, windowSeconds: 60 }],
  ])('reads %s', (text, rate) => expect(parseRateLimit(text)).toEqual(rate));
  it.each(['', '0/60', '5/0', 'five', '-1/60', '5/60/2'])('refuses %j', (text) => expect(parseRateLimit(text)).toBeUndefined());
});

describe('memoryRateLimiter', () => {
  it('allows the limit per window, then says how long to wait; a new window starts afresh', async () => {
    let now = 1_000_000;
    const limiter = memoryRateLimiter({ limit: 5, windowSeconds: 60 }, () => now);
    for (let i = 0; i < 5; i++) expect(await limiter.hit('a')).toEqual({ allowed: true });
    now += 15_000;
    expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(await limiter.hit('b')).toEqual({ allowed: true });
    now += 45_000;
    expect(await limiter.hit('a')).toEqual({ allowed: true });
  });
});

describe('the handler with a rate limit of 5 a minute', () => {
  it('answers the 6th request of one address 429 with Retry-After and a readable message, and stores it not', async () => {
    const store = memoryStore();
    const seen: string[] = [];
    const memory = memoryRateLimiter({ limit: 5, windowSeconds: 60 });
    const limiter: RateLimiter = { hit: (hash) => (seen.push(hash), memory.hit(hash)) };
    const options = { store, allowedOrigins: [SITE], rateLimit: { limiter, secret: 'test-secret' } };
    for (let i = 0; i < 5; i++) expect((await handleContactRequest(post(valid), options, { address: '203.0.113.7' })).status).toBe(200);
    const refused = await handleContactRequest(post(valid), options, { address: '203.0.113.7' });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({ error: `too many requests from this address; try again in ${wait} seconds` });
    // The site's own script can read Retry-After across origins.
    expect(refused.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(refused.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect(store.saved).toHaveLength(5);
    // Another address is not affected.
    expect((await handleContactRequest(post(valid), options, { address: '2001:db8::1' })).status).toBe(200);
    // The limiter never sees an address: only a keyed hash of it, which is not the plain SHA-256 either.
    expect(seen.every((hash) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
    expect(seen.some((hash) => hash.includes('203') || hash.includes('2001'))).toBe(false);
    expect(seen[0]).toBe(await clientHash('203.0.113.7', 'test-secret'));
    expect(seen[0]).not.toBe(await clientHash('203.0.113.7', 'another-secret'));
  });

  it('lets requests through when the limiter itself fails (and reports it)', async () => {
    const store = memoryStore();
    const reported: unknown[] = [];
    const broken: RateLimiter = { hit: () => Promise.reject(new Error('rate table unreachable')) };
    const response = await handleContactRequest(
      post(valid),
      { store, allowedOrigins: [SITE], rateLimit: { limiter: broken, secret: 's' }, onStoreError: (e) => reported.push(e) },
      { address: '198.51.100.1' },
    );
    expect(response.status).toBe(200);
    expect(reported).toHaveLength(1);
  });
});

describe('site serve: the limit per socket address, over HTTP', () => {
  let dir: string;
  let store: LocalContactStore;
  let server: RunningServer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-abuse-'));
    store = await openContactStore({ kind: 'pglite', dataDir: dir });
    server = await startServer({
      root: dir,
      port: 0,
      host: '127.0.0.1',
      handlers: [contactRoute({ store, allowedOrigins: [], rateLimit: { limiter: memoryRateLimiter({ limit: 5, windowSeconds: 60 }), secret: 'x' } })],
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores five requests a minute from 127.0.0.1 and refuses the sixth with 429; a forged X-Forwarded-For changes nothing', async () => {
    const send = (i: number, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${FUNCTION_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-site-form': 'business', 'x-site-locale': 'de', ...headers },
        body: JSON.stringify({ ...valid, email: `rate-${i}@example.com` }),
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(i)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = await send(5, { 'x-forwarded-for': '198.51.100.23' });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/);
    const rows = await store.list();
    expect(rows.map((r) => r.email).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `rate-${i}@example.com`));
    // Nothing about the client is stored with the request.
    expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
  });
});

describe('the Supabase function limiter: counts in contact_rate_limits, shared by every instance', () => {
  let db: PGlite;

  beforeAll(async () => {
    // A bare database, from the stored copy after the first (see src/server/pglite-template.ts).
    const opened = await openPglite(undefined, 'bare');
    await opened.remember();
    db = opened.db;
    for (const file of (await readdir('supabase/migrations')).filter((f) => f.endsWith('.sql')).sort())
      await db.exec(await readFile(path.join('supabase/migrations', file), 'utf8'));
  });
  afterAll(() => db?.close());

  /** PostgREST's /rpc/contact_rate_hit, answered by the real SQL function. */
  const postgrest = async (url: string, init: RequestInit) => {
    expect(url).toBe('https://abc.supabase.co/rest/v1/rpc/contact_rate_hit');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer service-key');
    const args = JSON.parse(String(init.body)) as { p_client_hash: string; p_max_hits: number; p_window_seconds: number };
    const rows = await db.query<{ wait: number }>('select public.contact_rate_hit($1, $2, $3) as wait', [
      args.p_client_hash,
      args.p_max_hits,
      args.p_window_seconds,
    ]);
    return Response.json(rows.rows[0]!.wait);
  };

  it('two edge instances together allow five requests per window and client, not five each', async () => {
    // An hour's window: the six calls must not straddle a window boundary (windows align to the clock).
    const rate = { limit: 5, windowSeconds: 3600 };
    const instanceA = postgrestRateLimiter('https://abc.supabase.co', 'service-key', rate, postgrest);
    const instanceB = postgrestRateLimiter('https://abc.supabase.co', 'service-key', rate, postgrest);
    const store = memoryStore();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const limiter = i % 2 === 0 ? instanceA : instanceB;
      const response = await handleContactRequest(
        post(valid),
        { store, allowedOrigins: [SITE], rateLimit: { limiter, secret: 'service-key' } },
        { address: '192.0.2.44' },
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const kept = await db.query<{ client_hash: string; hits: number }>('select client_hash, hits from public.contact_rate_limits');
    expect(kept.rows).toEqual([{ client_hash: await clientHash('192.0.2.44', 'service-key'), hits: 6 }]);
  });

  it('a failed RPC is an error the handler lets through, not a silent pass', async () => {
    const limiter = postgrestRateLimiter(
      'https://abc.supabase.co',
      'k',
      { limit: 5, windowSeconds: 60 },
      async () => new Response('{"code":"42501"}', { status: 401 }),
    );
    await expect(limiter.hit('a'.repeat(64))).rejects.toThrow('contact_rate_hit failed: HTTP 401');
  });
});

describe('the honeypot', () => {
  it('a filled honeypot is answered like a success, with an id, and nothing is stored', async () => {
    const store = memoryStore();
    const response = await handleContactRequest(post({ ...valid, [HONEYPOT_FIELD]: 'https://spam.example' }), { store, allowedOrigins: [SITE] });
    expect(response.status).toBe(200);
    expect((await response.json()) as { id: string }).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(store.saved).toHaveLength(0);
  });

  it('validates before the honeypot: an invalid body gets the same 400 with or without it (the trap is not revealed by a success nobody else gets)', async () => {
    const store = memoryStore();
    const trapped = await handleContactRequest(post({ [HONEYPOT_FIELD]: 'x', junk: 1 }), { store, allowedOrigins: [SITE] });
    const plain = await handleContactRequest(post({ junk: 1 }), { store, allowedOrigins: [SITE] });
    expect(trapped.status).toBe(400);
    expect(await trapped.json()).toEqual(await plain.json());
    expect(store.saved).toHaveLength(0);
  });

  it('a tripped honeypot answers with the same headers and body shape as a stored request, after a store-like delay', async () => {
    const slow = memoryStore();
    const save = slow.save.bind(slow);
    // A store that takes as long as a database round trip: the honeypot's answer must take about as long.
    slow.save = async (...args) => (await new Promise((resolve) => setTimeout(resolve, 80)), save(...args));
    const stored = await handleContactRequest(post(valid), { store: slow, allowedOrigins: [SITE] });
    const started = performance.now();
    const trapped = await handleContactRequest(post({ ...valid, [HONEYPOT_FIELD]: 'https://spam.example' }), { store: slow, allowedOrigins: [SITE] });
    expect(performance.now() - started).toBeGreaterThanOrEqual(60);
    expect(trapped.status).toBe(stored.status);
    expect([...trapped.headers.keys()]).toEqual([...stored.headers.keys()]);
    expect(Object.keys((await trapped.json()) as object)).toEqual(Object.keys((await stored.json()) as object));
    expect(slow.saved).toHaveLength(1);
  });

  it('an empty honeypot key is dropped and the request stored as usual', async () => {
    const store = memoryStore();
    const response = await handleContactRequest(post({ ...valid, [HONEYPOT_FIELD]: '' }), { store, allowedOrigins: [SITE] });
    expect(response.status).toBe(200);
    expect(store.saved).toEqual([{ ...valid }]);
  });

  it("a person's payload never carries the honeypot key; a bot-filled form's does", () => {
    const values = { name: 'Max', email: 'max@example.com', company: '', products: [], subject: 'Demo', message: 'Hallo', privacyConsent: true };
    const shape = { fields: ['company', 'subject'] as const, emptyCompany: 'as-typed' as const };
    expect(Object.keys(contactPayload(shape, { ...values, homepage: '' }))).toEqual(['name', 'email', 'company', 'subject', 'message', 'privacy_consent']);
    expect(contactPayload(shape, { ...values, homepage: 'http://spam' })[HONEYPOT_FIELD]).toBe('http://spam');
  });
});

describe('CORS: only the configured site origins', () => {
  const preflight = (origin: string, allowedOrigins: string[]) =>
    handleContactRequest(
      new Request(`https://p.supabase.co${FUNCTION_PATH}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } }),
      { store: memoryStore(), allowedOrigins },
    );

  it('answers a configured origin with exactly that origin, never *', async () => {
    const ok = await preflight('https://ki-zentrale.de', [SITE, 'https://ki-zentrale.de']);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://ki-zentrale.de');
    expect(ok.headers.get('vary')).toBe('Origin');
  });

  it.each(['https://evil.example', 'https://www.ki-zentrale.de.evil.example', 'http://www.ki-zentrale.de', 'null'])(
    'refuses %s without any CORS grant',
    async (origin) => {
      const refused = await preflight(origin, [SITE]);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      const store = memoryStore();
      const posted = await handleContactRequest(post(valid, { origin }), { store, allowedOrigins: [SITE] });
      expect(posted.status).toBe(403);
      expect(store.saved).toHaveLength(0);
    },
  );

  it('with no origins configured, refuses every cross-origin caller', async () => {
    expect((await preflight(SITE, [])).status).toBe(403);
  });
});
