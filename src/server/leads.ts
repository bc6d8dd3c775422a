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
  /** Null while the server is still opening the store. */
  url: string | null;
  token: string;
}

export function newLeaseToken(): string {
  return randomBytes(24).toString('base64url');
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

export interface HeldLease {
  /** Tells `site leads` where the server answers, once it does. */
  publish(url: string): Promise<void>;
  release(): Promise<void>;
}

/**
 * Takes the data directory for this process before the store is opened (so nobody opens it alongside),
 * or throws naming the live server that holds it. A lease left by a dead process is replaced.
 */
export async function acquireLease(dataDir: string, token: string): Promise<HeldLease> {
  const file = path.join(dataDir, LEASE_FILE);
  const holder = await readLease(dataDir);
  if (holder) throw new Error(`${dataDir} is in use by another \`site serve\` (pid ${holder.pid}${holder.url ? `, ${holder.url}` : ''}); stop it or pass --data <dir>`);
  await mkdir(dataDir, { recursive: true });
  await rm(file, { force: true });
  const write = (url: string | null, flag: 'wx' | 'w') => writeFile(file, JSON.stringify({ pid: process.pid, url, token } satisfies Lease), { mode: 0o600, flag });
  try {
    await write(null, 'wx');
  } catch {
    throw new Error(`${dataDir} was taken by another \`site serve\` starting at the same time`);
  }
  return { publish: (url) => write(url, 'w'), release: () => rm(file, { force: true }) };
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
  if (lease && !lease.url) throw new Error(`\`site serve\` (pid ${lease.pid}) is opening ${dataDir}; try again in a moment`);
  if (lease?.url) {
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
