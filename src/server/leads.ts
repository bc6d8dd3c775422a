import { randomBytes, timingSafeEqual } from 'node:crypto';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { StoredContactRequest } from '../../supabase/functions/_shared/contact-request.ts';
import { openContactStore, type LocalContactStore, type StoreTarget } from './contact-store.ts';
import { checkOperation, LeadsInputError, runOperation, type LeadsOperation, type LeadsResult, type OperationContext } from './leads-operations.ts';
import type { RouteHandler } from './server.ts';

/**
 * PGlite is single-process: while `site serve` holds a data directory, nobody else may open it. The
 * server therefore leaves a lease file there (pid, URL, a random token, readable only by its owner)
 * and answers `GET /__site/leads` (the list) and `POST /__site/leads` (an operation: export, erase, keep,
 * unkeep, purge) to that token; `site leads` goes through it while the server runs and opens the store
 * itself otherwise. Whoever can read the lease could read the database files anyway.
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
  if (holder)
    throw new Error(`${dataDir} is in use by another \`site serve\` (pid ${holder.pid}${holder.url ? `, ${holder.url}` : ''}); stop it or pass --data <dir>`);
  await mkdir(dataDir, { recursive: true });
  await rm(file, { force: true });
  const write = (url: string | null, flag: 'wx' | 'w') =>
    writeFile(file, JSON.stringify({ pid: process.pid, url, token } satisfies Lease), { mode: 0o600, flag });
  try {
    await write(null, 'wx');
  } catch {
    throw new Error(`${dataDir} was taken by another \`site serve\` starting at the same time`);
  }
  return { publish: (url) => write(url, 'w'), release: () => rm(file, { force: true }) };
}

/** An operation's JSON body is a few hundred bytes; anything much larger is not from `site leads`. */
const MAX_OPERATION_BYTES = 4096;

async function readOperation(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > MAX_OPERATION_BYTES) throw new LeadsInputError('the operation is too large');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new LeadsInputError('the operation is not JSON');
  }
}

export function leadsRoute(store: LocalContactStore, token: string, context: OperationContext): RouteHandler {
  const expected = Buffer.from(`Bearer ${token}`);
  const answer = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
  return async (req, res) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== LEADS_PATH) return false;
    const given = Buffer.from(req.headers.authorization ?? '');
    if ((req.method !== 'GET' && req.method !== 'POST') || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      return true;
    }
    if (req.method === 'GET') {
      answer(res, 200, await store.list());
      return true;
    }
    try {
      answer(res, 200, await runOperation(store, checkOperation(await readOperation(req)), context));
    } catch (error) {
      if (!(error instanceof LeadsInputError)) throw error;
      answer(res, 400, { error: error.message });
    }
    return true;
  };
}

/** Every stored request: through the running server that holds `dataDir`, or from the store directly. */
export async function readLeads(dataDir: string, target: StoreTarget): Promise<StoredContactRequest[]> {
  const lease = await liveServer(dataDir, target);
  if (lease?.url) {
    const response = await fetch(new URL(LEADS_PATH, lease.url), { headers: { authorization: `Bearer ${lease.token}` } });
    if (!response.ok) throw new Error(`the server holding ${dataDir} (pid ${lease.pid}, ${lease.url}) answered ${response.status}`);
    return (await response.json()) as StoredContactRequest[];
  }
  if (
    target.kind === 'pglite' &&
    !(await access(target.dataDir).then(
      () => true,
      () => false,
    ))
  )
    return [];
  const store = await openContactStore(target);
  try {
    return await store.list();
  } finally {
    await store.close();
  }
}

/** The lease of the server holding `dataDir`, once it answers (PGlite only: PostgreSQL takes many clients). */
async function liveServer(dataDir: string, target: StoreTarget): Promise<Lease | undefined> {
  const lease = target.kind === 'pglite' ? await readLease(dataDir) : undefined;
  if (lease && !lease.url) throw new Error(`\`site serve\` (pid ${lease.pid}) is opening ${dataDir}; try again in a moment`);
  return lease;
}

/**
 * Runs an export, erasure, keep, unkeep or purge: through the running server that holds `dataDir`, or on
 * the store directly. Throws LeadsInputError for input the operator must correct (nothing was changed).
 */
export async function runLeadsOperation(dataDir: string, target: StoreTarget, operation: LeadsOperation): Promise<LeadsResult> {
  const lease = await liveServer(dataDir, target);
  if (lease?.url) {
    const response = await fetch(new URL(LEADS_PATH, lease.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${lease.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(operation),
    });
    const body = (await response.json().catch(() => ({}))) as LeadsResult & { error?: string };
    if (response.status === 400) throw new LeadsInputError(body.error ?? 'the server refused the operation');
    if (!response.ok) throw new Error(`the server holding ${dataDir} (pid ${lease.pid}, ${lease.url}) answered ${response.status}`);
    return body;
  }
  const store = await openContactStore(target);
  try {
    return await runOperation(store, operation, { dataDir });
  } finally {
    await store.close();
  }
}
