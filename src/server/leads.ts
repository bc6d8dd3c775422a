import { randomBytes, timingSafeEqual } from 'node:crypto';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredContactRequest } from '../../supabase/functions/_shared/contact-request.ts';
import { openContactStore, type LocalContactStore, type StoreTarget } from './contact-store.ts';
import type { RouteHandler } from './server.ts';

/**
 * PGlite is single-process: while `site serve` holds a data directory, nobody else may open it. The
 * server therefore leaves a lease file there (pid, URL, a random token, readable only by its owner)
 * and answers `GET /__site/leads` to that token; `site leads` reads through it while the server runs
 * and opens the store itself otherwise. Whoever can read the lease could read the database files anyway.
 */
export const LEADS_PATH = '/__site/leads';
const LEASE_FILE = 'serve.json';

interface Lease {
  pid: number;
  url: string;
  token: string;
}

export function newLeaseToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function writeLease(dataDir: string, url: string, token: string): Promise<{ release(): Promise<void> }> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, LEASE_FILE);
  await writeFile(file, JSON.stringify({ pid: process.pid, url, token } satisfies Lease), { mode: 0o600 });
  return { release: () => rm(file, { force: true }) };
}

/** The lease of a live server holding `dataDir`, if any. */
export async function readLease(dataDir: string): Promise<Lease | undefined> {
  let lease: Lease;
  try {
    lease = JSON.parse(await readFile(path.join(dataDir, LEASE_FILE), 'utf8')) as Lease;
  } catch {
    return undefined;
  }
  try {
    process.kill(lease.pid, 0);
    return lease;
  } catch {
    return undefined; // the server is gone: a stale lease
  }
}

export function leadsRoute(store: LocalContactStore, token: string): RouteHandler {
  const expected = Buffer.from(`Bearer ${token}`);
  return async (req, res) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== LEADS_PATH) return false;
    const given = Buffer.from(req.headers.authorization ?? '');
    if (req.method !== 'GET' || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      return true;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(await store.list()));
    return true;
  };
}

/** Every stored request: through the running server that holds `dataDir`, or from the store directly. */
export async function readLeads(dataDir: string, target: StoreTarget): Promise<StoredContactRequest[]> {
  const lease = target.kind === 'pglite' ? await readLease(dataDir) : undefined;
  if (lease) {
    const response = await fetch(new URL(LEADS_PATH, lease.url), { headers: { authorization: `Bearer ${lease.token}` } });
    if (!response.ok) throw new Error(`the server holding ${dataDir} (pid ${lease.pid}, ${lease.url}) answered ${response.status}`);
    return (await response.json()) as StoredContactRequest[];
  }
  if (target.kind === 'pglite' && !(await access(target.dataDir).then(() => true, () => false))) return [];
  const store = await openContactStore(target);
  try {
    return await store.list();
  } finally {
    await store.close();
  }
}
