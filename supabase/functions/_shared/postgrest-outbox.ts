/**
 * The lead_notifications outbox through the project's REST API with the service-role key: the same
 * claim_lead_notifications / record_lead_notification functions `site serve` calls (supabase/migrations).
 */
import type { StoredContactRequest } from './contact-request.ts';
import type { DueNotification, NotificationOutcome } from './lead-notification.ts';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

const REQUEST_COLUMNS = 'id,created_at,name,email,company,products,subject,message,privacy_consent,form_variant,locale';

export interface PostgrestOutbox {
  claim(limit: number, leaseSeconds: number): Promise<DueNotification[]>;
  record(requestId: string, outcome: NotificationOutcome): Promise<void>;
}

export function postgrestOutbox(projectUrl: string, serviceRoleKey: string, fetchImpl: Fetch = fetch): PostgrestOutbox {
  const base = `${projectUrl.replace(/\/+$/, '')}/rest/v1`;
  const headers = { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' };
  const call = async <T>(path: string, init: RequestInit): Promise<T> => {
    const response = await fetchImpl(`${base}${path}`, { ...init, headers });
    // The status only: PostgREST's error text can quote the request, and this ends up in logs.
    if (!response.ok) throw new Error(`${path.split('?')[0]} failed: HTTP ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    async claim(limit, leaseSeconds) {
      const rows = await call<{ request_id: string; channels_done: string[]; attempts: number }[]>('/rpc/claim_lead_notifications', {
        method: 'POST',
        body: JSON.stringify({ p_limit: limit, p_lease_seconds: leaseSeconds }),
      });
      if (rows.length === 0) return [];
      const requests = await call<StoredContactRequest[]>(`/contact_requests?select=${REQUEST_COLUMNS}&id=in.(${rows.map((r) => r.request_id).join(',')})`, {
        method: 'GET',
      });
      const byId = new Map(requests.map((r) => [r.id, r] as const));
      return rows.flatMap((row) => {
        const request = byId.get(row.request_id);
        return request ? [{ request, channelsDone: row.channels_done, attempts: row.attempts }] : [];
      });
    },
    async record(requestId, outcome) {
      const response = await fetchImpl(`${base}/rpc/record_lead_notification`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          p_request_id: requestId,
          p_channels_done: outcome.channelsDone,
          p_attempts: outcome.attempts,
          p_retry_seconds: outcome.retryInSeconds,
          p_delivered: outcome.delivered,
          p_failed: outcome.failed,
          p_error: outcome.error,
        }),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`record_lead_notification failed: HTTP ${response.status}`);
    },
  };
}
