/**
 * The lead_notifications outbox (supabase/migrations/20261125030000_lead_notifications.sql) as `site
 * serve`'s notifier uses it: claim the rows that are due under a lease, record each outcome, list the
 * failing ones for `site leads --failed`. Works on PGlite and PostgreSQL alike.
 */
import type { StoredContactRequest } from '../../supabase/functions/_shared/contact-request.ts';
import type { DueNotification, NotificationOutcome } from '../../supabase/functions/_shared/lead-notification.ts';
import { iso } from './contact-privacy.ts';

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

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
  /**
   * A worker starting: the first one records that notifications are configured from now on; with
   * `backfill`, the ones queued before become due too. Resolves to how many stay held back.
   */
  start(backfill: boolean): Promise<number>;
  /** Up to `limit` due rows, each leased for `leaseSeconds` (no other worker takes them meanwhile). */
  claim(limit: number, leaseSeconds: number): Promise<DueNotification[]>;
  record(requestId: string, outcome: NotificationOutcome): Promise<void>;
  failing(): Promise<FailingNotification[]>;
}

export function leadOutbox(query: Query, readRequests: (ids: string[]) => Promise<StoredContactRequest[]>): LeadOutbox {
  return {
    async start(backfill) {
      const [row] = await query<{ held: number }>('select public.start_lead_notifications($1) as held', [backfill]);
      return Number(row?.held ?? 0);
    },
    async claim(limit, leaseSeconds) {
      const rows = await query<{ request_id: string; channels_done: string[]; attempts: number }>('select * from public.claim_lead_notifications($1, $2)', [
        limit,
        leaseSeconds,
      ]);
      if (rows.length === 0) return [];
      const requests = new Map((await readRequests(rows.map((r) => r.request_id))).map((r) => [r.id, r] as const));
      return rows.flatMap((row) => {
        const request = requests.get(row.request_id);
        return request ? [{ request, channelsDone: row.channels_done, attempts: row.attempts }] : [];
      });
    },
    async record(requestId, outcome) {
      await query('select public.record_lead_notification($1, $2, $3, $4, $5, $6, $7)', [
        requestId,
        outcome.channelsDone,
        outcome.attempts,
        outcome.retryInSeconds,
        outcome.delivered,
        outcome.failed,
        outcome.error,
      ]);
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
