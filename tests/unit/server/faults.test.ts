/**
 * Faults on the contact path: the store going away (closed PGlite; PostgreSQL stopped, unreachable or
 * silent), `site serve` killed with SIGKILL in the middle of a burst, and clients that drop the
 * connection. The rule throughout: acknowledged ⇒ stored, never a half-written row, never a crash.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_PATH } from '../../../supabase/functions/_shared/contact-fields.ts';
import type { ContactStore } from '../../../supabase/functions/_shared/contact-handler.ts';
import { openContactStore, type LocalContactStore } from '../../../src/server/contact-store.ts';
import { contactRoute } from '../../../src/server/contact-route.ts';
import { readLeads } from '../../../src/server/leads.ts';
import { startServer, type RouteHandler, type RunningServer } from '../../../src/server/server.ts';
import { loadBody, newRunId, sendContactRequests, startSiteServe } from '../../../bench/support/site-serve.ts';
import { scaled } from '../../support/time-scale.ts';
import { until } from '../../support/until.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const UNAVAILABLE = 'the request could not be stored; please try again later';

const post = (url: string, body: unknown) =>
  fetch(`${url}${FUNCTION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-site-form': 'business', 'x-site-locale': 'de' },
    body: JSON.stringify(body),
  });

/** A store whose engine can be swapped underneath the running server. */
function swappable(initial: LocalContactStore): ContactStore & { current: LocalContactStore } {
  const holder = {
    current: initial,
    save: (request: Parameters<ContactStore['save']>[0], source: Parameters<ContactStore['save']>[1]) => holder.current.save(request, source),
  };
  return holder;
}

describe('the store becomes unavailable, then comes back', () => {
  let dir: string;
  let server: RunningServer;
  let store: ReturnType<typeof swappable>;
  const errors: unknown[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-faults-'));
    store = swappable(await openContactStore({ kind: 'pglite', dataDir: path.join(dir, 'pglite') }));
    server = await startServer({
      root: dir,
      port: 0,
      host: '127.0.0.1',
      handlers: [contactRoute({ store, allowedOrigins: [], onStoreError: (e) => errors.push(e) })],
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.current.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  });

  it('closed PGlite: 503 with a readable message, the server keeps answering, and after reopening the next request is stored', async () => {
    const run = newRunId();
    await store.current.close();
    const down = await post(server.url, loadBody(run, 0));
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ error: UNAVAILABLE });
    expect(errors.length).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/anything`)).status).toBe(404); // still serving

    store.current = await openContactStore({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    const up = await post(server.url, loadBody(run, 1));
    expect(up.status).toBe(200);
    const { id } = (await up.json()) as { id: string };
    const rows = await store.current.list();
    expect(rows.map((r) => r.email)).toEqual([loadBody(run, 1).email]);
    expect(rows[0]!.id).toBe(id);
  });
});

/** A TCP relay in front of PostgreSQL that can refuse connections, cut them, or swallow them silently. */
async function relay(target: URL) {
  let mode: 'up' | 'refuse' | 'silent' = 'up';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'refuse') return void client.destroy();
    if (mode === 'silent') return; // accepted, never answered: a black hole
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    set(next: typeof mode) {
      mode = next;
      if (next !== 'up') for (const socket of sockets) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => (server.close(() => resolve()), sockets.forEach((s) => s.destroy()))),
  };
}

describe.runIf(DATABASE_URL)('PostgreSQL stopped, unreachable or silent', () => {
  let dir: string;
  let server: RunningServer;
  let store: LocalContactStore;
  let proxy: Awaited<ReturnType<typeof relay>>;
  let direct: pg.Client;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-faults-pg-'));
    proxy = await relay(new URL(DATABASE_URL!));
    store = await openContactStore({ kind: 'postgres', url: proxy.url });
    server = await startServer({ root: dir, port: 0, host: '127.0.0.1', handlers: [contactRoute({ store, allowedOrigins: [], onStoreError: () => {} })] });
    direct = new pg.Client({ connectionString: DATABASE_URL });
    await direct.connect();
  });
  afterAll(async () => {
    await server?.close();
    await store?.close().catch(() => {});
    await proxy?.close();
    await direct?.end();
    await rm(dir, { recursive: true, force: true });
  });

  const stored = async (email: string) => (await direct.query('select name, email, message from public.contact_requests where email = $1', [email])).rows;

  it.each([
    ['stopped (connections cut, new ones refused)', 'refuse'],
    ['silent (connections accepted, never answered)', 'silent'],
  ] as const)(
    '%s: 503 within seconds, nothing half-stored; once back, the next request is stored',
    async (_case, mode) => {
      const run = newRunId();
      expect((await post(server.url, loadBody(run, 0))).status).toBe(200);
      proxy.set(mode);
      const started = performance.now();
      const down = await post(server.url, loadBody(run, 1));
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ error: UNAVAILABLE });
      expect(performance.now() - started).toBeLessThan(15_000);
      expect((await fetch(`${server.url}/anything`)).status).toBe(404);
      proxy.set('up');
      const up = await post(server.url, loadBody(run, 2));
      expect(up.status).toBe(200);
      expect(await stored(loadBody(run, 1).email)).toEqual([]);
      expect(await stored(loadBody(run, 2).email)).toEqual([{ name: loadBody(run, 2).name, email: loadBody(run, 2).email, message: loadBody(run, 2).message }]);
    },
    60_000,
  );

  it('site serve with an unreachable DATABASE_URL refuses to start, with a readable message', async () => {
    await expect(startSiteServe({ outDir: dir, dataDir: path.join(dir, 'data'), databaseUrl: 'postgres://site@127.0.0.1:1/postgres' })).rejects.toThrow(
      /cannot open the contact store \(DATABASE_URL\): .*ECONNREFUSED/,
    );
  });
});

const engines = [{ name: 'PGlite', databaseUrl: undefined }, ...(DATABASE_URL ? [{ name: 'PostgreSQL', databaseUrl: DATABASE_URL }] : [])];

describe.each(engines)('site serve on $name killed with SIGKILL in the middle of a burst', ({ databaseUrl }) => {
  let dir: string;
  beforeAll(async () => void (dir = await mkdtemp(path.join(tmpdir(), 'site-kill-'))));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(
    'every request answered 200 is stored after the restart, content intact; the restarted server stores the next ones and rate-limits at 5/60',
    async () => {
      const run = newRunId();
      const dataDir = path.join(dir, 'data');
      const first = await startSiteServe({ outDir: dir, dataDir, databaseUrl, rateLimit: '100000/60' });
      let acked = 0;
      let killing: Promise<void> | undefined;
      const results = await sendContactRequests({
        url: first.url,
        run,
        total: 2000,
        concurrency: 20,
        onResult: (r) => {
          if (r.status === 200) acked++;
          if (acked >= 150 && !killing) killing = first.kill();
        },
        stop: () => killing !== undefined,
      });
      await killing;
      const ok = results.filter((r) => r.status === 200);
      expect(ok.length).toBeGreaterThanOrEqual(150);
      expect(results.length).toBeLessThan(2000); // it died mid-burst
      expect(results.every((r) => r.status === 200 || r.status === 0)).toBe(true);

      // Restart on the same data (the dead process's lease is stale) with the production default limit.
      const second = await startSiteServe({ outDir: dir, dataDir, databaseUrl });
      try {
        const rows = await readLeads(dataDir, databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
        const byId = new Map(rows.map((row) => [row.id, row] as const));
        for (const r of ok) {
          const row = byId.get(r.id!);
          expect(row, `acknowledged ${r.body.email} (${r.id}) is missing`).toBeDefined();
          expect({ ...row, id: undefined, created_at: undefined }).toEqual({
            ...r.body,
            id: undefined,
            created_at: undefined,
            form_variant: 'business',
            locale: 'de',
          });
        }
        // Unacknowledged requests may or may not have been stored, but never partly.
        const mine = rows.filter((row) => row.email.startsWith(`load-${run}-`));
        for (const row of mine) expect(row.message).toBe(loadBody(run, Number(/-(\d+)@/.exec(row.email)![1])).message);

        const after = [];
        for (let i = 0; i < 6; i++) after.push((await post(second.url, loadBody(`${run}-after`, i))).status);
        expect(after).toEqual([200, 200, 200, 200, 200, 429]);
      } finally {
        await second.stop();
      }
    },
    scaled(180_000),
  );
});

describe('clients that time out or drop the connection', () => {
  let dir: string;
  let store: LocalContactStore;
  let server: RunningServer;
  /** Contact requests the route is still handling. */
  let handling = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-drop-'));
    store = await openContactStore({ kind: 'pglite', dataDir: dir });
    const route = contactRoute({ store, allowedOrigins: [] });
    const counted: RouteHandler = async (req, res) => {
      handling++;
      try {
        return await route(req, res);
      } finally {
        handling--;
      }
    };
    server = await startServer({ root: dir, port: 0, host: '127.0.0.1', handlers: [counted] });
  });

  /**
   * Until the server has let go of every dropped client and finished every request it began: a request's handler
   * starts when its headers are read, before its connection can close, so once none is open none can still begin.
   */
  const settled = () => until(async () => (await server.connections()) === 0 && handling === 0, 10_000, 'the dropped requests to be handled');
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Writes a request by hand; `cut` bytes of the body are sent before the socket is destroyed. */
  function rawPost(body: string, cut: number | 'after-body'): Promise<void> {
    const { port } = new URL(server.url);
    return new Promise((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST ${FUNCTION_PATH} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nx-site-form: business\r\nx-site-locale: de\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`,
        );
        socket.write(cut === 'after-body' ? body : body.slice(0, cut), () => {
          socket.destroy();
          resolve();
        });
      });
      socket.on('error', () => resolve());
    });
  }

  it('a body cut off in the middle stores nothing, and the server carries on', async () => {
    const run = newRunId();
    for (let i = 0; i < 20; i++) {
      const body = JSON.stringify(loadBody(run, i));
      await rawPost(body, Math.floor((body.length * (i + 1)) / 22));
    }
    await settled();
    expect((await store.list()).filter((r) => r.email.includes(run))).toEqual([]);
    expect((await post(server.url, loadBody(run, 99))).status).toBe(200);
  });

  it('a client gone right after sending its whole body leaves a complete row or none, never a partial one', async () => {
    const run = newRunId();
    for (let i = 0; i < 10; i++) await rawPost(JSON.stringify(loadBody(run, i)), 'after-body');
    await settled();
    for (const row of (await store.list()).filter((r) => r.email.includes(run))) {
      const i = Number(/-(\d+)@/.exec(row.email)![1]);
      expect(row).toMatchObject(loadBody(run, i));
    }
    expect((await fetch(`${server.url}/`)).status).toBe(404);
  });
});
