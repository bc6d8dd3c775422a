import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { PRIVACY_POLICY } from '../../supabase/functions/_shared/generated/privacy-policy.ts';
import type { ContactExport, DeletedCounts, PurgedRequest } from './contact-privacy.ts';
import type { LocalContactStore } from './contact-store.ts';
import type { FailingNotification } from './lead-outbox.ts';

/**
 * What `site leads export|erase|keep|unkeep|purge` asks of a store: plain data, so the same request runs
 * in the CLI's own process or is sent to the `site serve` that holds the data directory.
 */
export type LeadsOperation =
  | { op: 'export'; email: string }
  | { op: 'erase'; email: string }
  | { op: 'keep'; id: string; reason: string }
  | { op: 'unkeep'; id: string }
  | { op: 'purge'; now?: string; dryRun: boolean }
  | { op: 'failed' };

export type LeadsResult =
  | { op: 'export'; data: ContactExport }
  | { op: 'erase'; email: string; deleted: DeletedCounts; subjectHash: string }
  | { op: 'keep' | 'unkeep'; id: string; reason?: string }
  | { op: 'purge'; now: string; retentionMonths: number; dryRun: boolean; requests: PurgedRequest[] }
  | { op: 'failed'; notifications: FailingNotification[] };

/** Input the operator must correct (exit 2, nothing changed): a malformed address, an unknown id, an unreadable date. */
export class LeadsInputError extends Error {}

/** Exactly the addresses the contact forms accept (the HTML standard's valid e-mail address). */
const EMAIL = z.regexes.html5Email;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A calendar date (midnight UTC) or a date and time with `Z` or an offset: never a local time that depends on the machine. */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

export function parseEmail(value: string | undefined): string {
  if (!value?.trim()) throw new LeadsInputError('give the e-mail address, e.g. `site leads export anna@example.com`');
  if (!EMAIL.test(value.trim())) throw new LeadsInputError(`'${value}' is not an e-mail address`);
  return value.trim();
}

export function parseId(value: string | undefined): string {
  if (!value || !UUID.test(value)) throw new LeadsInputError(`'${value ?? ''}' is not a request id (the id column of \`site leads --json\`, e.g. 0b9e2c4a-…)`);
  return value.toLowerCase();
}

export function parseReason(value: string | undefined): string {
  const reason = value?.trim() ?? '';
  if (!reason) throw new LeadsInputError('give the reason the request is kept, e.g. --reason "contract 2026-114"');
  if ([...reason].length > 500) throw new LeadsInputError('the reason must be at most 500 characters');
  return reason;
}

export function parseInstant(value: string): Date {
  const time = ISO_8601.test(value) ? new Date(value) : undefined;
  // `new Date` rolls 2026-02-30 over into March: a date that does not exist is refused, not moved.
  if (!time || Number.isNaN(time.getTime()) || (value.length === 10 && time.toISOString().slice(0, 10) !== value)) {
    throw new LeadsInputError(`'${value}' is not an ISO 8601 time; write 2026-06-01 (midnight UTC) or 2026-06-01T12:00:00Z or 2026-06-01T14:00:00+02:00`);
  }
  return time;
}

/** Checks an operation that arrived as JSON (from the CLI, through the server's leads route). */
export function checkOperation(input: unknown): LeadsOperation {
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : undefined);
  switch (body.op) {
    case 'export':
    case 'erase':
      return { op: body.op, email: parseEmail(text('email')) };
    case 'keep':
      return { op: 'keep', id: parseId(text('id')), reason: parseReason(text('reason')) };
    case 'unkeep':
      return { op: 'unkeep', id: parseId(text('id')) };
    case 'purge':
      if (body.now !== undefined && typeof body.now !== 'string') throw new LeadsInputError('now must be an ISO 8601 time');
      return { op: 'purge', now: text('now'), dryRun: body.dryRun === true };
    case 'failed':
      return { op: 'failed' };
    default:
      throw new LeadsInputError(`unknown operation ${JSON.stringify(body.op)}`);
  }
}

/**
 * The HMAC key for erasure records: `SITE_ERASURE_KEY`, or else a random key kept in `<data>/erasure.key`
 * (created on first use, readable only by its owner). It never goes into the database, so the records
 * there tell nobody whose data was erased; whoever holds the key can check an address against them.
 */
export async function erasureKey(dataDir: string, env = process.env): Promise<string> {
  const given = env.SITE_ERASURE_KEY?.trim();
  if (given) {
    if (given.length < 32) throw new Error('SITE_ERASURE_KEY must be at least 32 characters (e.g. `openssl rand -hex 32`)');
    return given;
  }
  const file = path.join(dataDir, 'erasure.key');
  const existing = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  // `wx`: two processes creating it at once keep the first key, and both use that one.
  await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
  return (await readFile(file, 'utf8')).trim();
}

/** HMAC-SHA-256 (hex) of the lower-cased address: the same person whatever case they wrote it in. */
export function subjectHash(email: string, key: string): string {
  return createHmac('sha256', key).update(email.toLowerCase()).digest('hex');
}

export interface OperationContext {
  dataDir: string;
  /** The clock of `keep` and of `purge` without `now`. */
  now?: () => Date;
}

/** Runs one operation on an open store. Throws LeadsInputError for an id no request has. */
export async function runOperation(store: LocalContactStore, operation: LeadsOperation, context: OperationContext): Promise<LeadsResult> {
  const now = context.now?.() ?? new Date();
  switch (operation.op) {
    case 'export':
      return { op: 'export', data: await store.privacy.export(operation.email, now) };
    case 'erase': {
      const hash = subjectHash(operation.email, await erasureKey(context.dataDir));
      return { op: 'erase', email: operation.email, deleted: await store.privacy.erase(operation.email, hash), subjectHash: hash };
    }
    case 'keep':
    case 'unkeep': {
      const found = operation.op === 'keep' ? await store.privacy.keep(operation.id, operation.reason, now) : await store.privacy.unkeep(operation.id);
      if (!found) throw new LeadsInputError(`no contact request has the id ${operation.id}`);
      return operation.op === 'keep' ? { op: 'keep', id: operation.id, reason: operation.reason } : { op: 'unkeep', id: operation.id };
    }
    case 'purge': {
      const at = operation.now === undefined ? now : parseInstant(operation.now);
      const retentionMonths = PRIVACY_POLICY.contactRetentionMonths;
      const requests = await store.privacy.purge({ now: at, retentionMonths, dryRun: operation.dryRun });
      return { op: 'purge', now: at.toISOString(), retentionMonths, dryRun: operation.dryRun, requests };
    }
    case 'failed':
      return { op: 'failed', notifications: await store.outbox.failing() };
  }
}
