import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_PATH, MAX_BODY_BYTES } from '../../../supabase/functions/_shared/contact-fields.ts';
import { postgrestStore } from '../../../supabase/functions/_shared/postgrest-store.ts';
import { openContactStore, type LocalContactStore } from '../../../src/server/contact-store.ts';
import { contactRoute } from '../../../src/server/contact-route.ts';
import { acquireLease, LEADS_PATH, leadsRoute, newLeaseToken, readLeads } from '../../../src/server/leads.ts';
import { startServer, type RunningServer } from '../../../src/server/server.ts';

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
    server = await startServer({ root: dataDir, port: 0, host: '127.0.0.1', handlers: [contactRoute({ store, allowedOrigins: [] }), leadsRoute(store, token)] });
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

  it('refuses a body over the cap with 413 before parsing it, and stores nothing', async () => {
    const before = (await store.list()).length;
    const response = await send(JSON.stringify({ ...body, message: 'x'.repeat(MAX_BODY_BYTES) }));
    expect(response.status).toBe(413);
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

describe('PGlite store', () => {
  it('keeps rows across a restart and applies each migration once', async () => {
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
  });
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
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ ...body, company: null, form_variant: 'chat-demo', locale: 'de' });
  });

  it('rejects when the database refuses, so the function answers 503', async () => {
    const store = postgrestStore('https://abc.supabase.co', 'k', async () => new Response('{"code":"23514"}', { status: 400 }));
    await expect(store.save(body, { form: 'business', locale: 'de' })).rejects.toThrow('insert into contact_requests failed: 400');
  });
});
