/**
 * The lead_notifications outbox (supabase/migrations/20261125030000_lead_notifications.sql) as `site
 * serve`'s notifier uses it: claim the rows that are due under a lease, record each outcome, list the
 * failing ones for `site leads --failed`. Works on PGlite and PostgreSQL alike.
 */
import type { StoredContactRequest } from '../../supabase/functions/_shared/contact-request.ts';

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

export interface DueNotification {
  request: StoredContactRequest;
  channelsDone: string[];
  attempts: number;
}

export interface NotificationOutcome {
  channelsDone: string[];
  attempts: number;
  delivered: boolean;
  failed: boolean;
  /** Seconds until the next try (ignored when delivered or failed). */
  retryInSeconds: number;
  error: string | null;
}

/** A notification that is failing or was given up, for the operator. */
export interface FailingNotification {
  request_id: string;
  name: string;
  email: string;
  queued_at: string;
  attempts: number;
  next_attempt_at: string | null;
  failed_at: string | null;
  last_error: string | null;
}

export interface LeadOutbox {
  /** Up to `limit` due rows, each leased for `leaseSeconds` (no other worker takes them meanwhile). */
  claim(limit: number, leaseSeconds: number): Promise<DueNotification[]>;
  record(requestId: string, outcome: NotificationOutcome): Promise<void>;
  failing(): Promise<FailingNotification[]>;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function leadOutbox(query: Query, readRequests: (ids: string[]) => Promise<StoredContactRequest[]>): LeadOutbox {
  return {
    async claim(limit, leaseSeconds) {
      // One statement: the rows are chosen and leased atomically; SKIP LOCKED lets two servers on one
      // PostgreSQL share the outbox without waiting on each other.
      const rows = await query<{ request_id: string; channels_done: string[]; attempts: number }>(
        `update public.lead_notifications n set next_attempt_at = now() + make_interval(secs => $2::double precision)
         where n.request_id in (
           select request_id from public.lead_notifications
           where delivered_at is null and failed_at is null and next_attempt_at <= now()
           order by next_attempt_at, request_id limit $1 for update skip locked)
         returning n.request_id, n.channels_done, n.attempts`,
        [limit, leaseSeconds],
      );
      if (rows.length === 0) return [];
      const requests = new Map((await readRequests(rows.map((r) => r.request_id))).map((r) => [r.id, r] as const));
      return rows.flatMap((row) => {
        const request = requests.get(row.request_id);
        return request ? [{ request, channelsDone: row.channels_done, attempts: row.attempts }] : [];
      });
    },
    async record(requestId, outcome) {
      await query(
        `update public.lead_notifications set channels_done = $2::text[], attempts = $3,
           next_attempt_at = now() + make_interval(secs => $4::double precision),
           delivered_at = case when $5::boolean then now() end, failed_at = case when $6::boolean then now() end,
           last_error = $7
         where request_id = $1`,
        [requestId, outcome.channelsDone, outcome.attempts, outcome.retryInSeconds, outcome.delivered, outcome.failed, outcome.error?.slice(0, 2000) ?? null],
      );
    },
    async failing() {
      const rows = await query<FailingNotification & { queued_at: Date | string; next_attempt_at: Date | string | null; failed_at: Date | string | null }>(
        `select n.request_id, r.name, r.email, n.queued_at, n.attempts, case when n.failed_at is null then n.next_attempt_at end as next_attempt_at, n.failed_at, n.last_error
         from public.lead_notifications n join public.contact_requests r on r.id = n.request_id
         where n.delivered_at is null and (n.failed_at is not null or n.attempts > 0)
         order by n.queued_at, n.request_id`,
      );
      return rows.map((r) => ({ ...r, queued_at: iso(r.queued_at)!, next_attempt_at: iso(r.next_attempt_at), failed_at: iso(r.failed_at) }));
    },
  };
}
