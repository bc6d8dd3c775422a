/**
 * The Supabase function's store: one insert through the project's REST API with the service-role key
 * (row-level security keeps the anon key out of the table; the service role bypasses it).
 */
import type { ContactStore } from './contact-handler.ts';
import type { RateLimit, RateLimiter } from './rate-limit.ts';
import { PRIVACY_POLICY } from './generated/privacy-policy.ts';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export function postgrestStore(projectUrl: string, serviceRoleKey: string, fetchImpl: Fetch = fetch): ContactStore {
  const endpoint = `${projectUrl.replace(/\/+$/, '')}/rest/v1/contact_requests?select=id`;
  return {
    async save(request, source) {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: {
          apikey: serviceRoleKey,
          authorization: `Bearer ${serviceRoleKey}`,
          'content-type': 'application/json',
          prefer: 'return=representation',
        },
        body: JSON.stringify({
          name: request.name,
          email: request.email,
          company: request.company ?? null,
          products: request.products ?? null,
          subject: request.subject ?? null,
          message: request.message,
          privacy_consent: request.privacy_consent,
          form_variant: source?.form ?? null,
          locale: source?.locale ?? null,
          // Proof of consent: the policy in force (consent_at is the insert's time, a column default).
          policy_version: PRIVACY_POLICY.version,
          retention_months: PRIVACY_POLICY.contactRetentionMonths,
        }),
      });
      if (!response.ok) throw new Error(`insert into contact_requests failed: ${response.status} ${await response.text()}`);
      const rows = (await response.json()) as { id?: string }[];
      const id = rows[0]?.id;
      if (typeof id !== 'string') throw new Error('insert into contact_requests returned no id');
      return { id };
    },
  };
}

/**
 * The function's rate limiter: `contact_rate_hit` (supabase/migrations) counts in a table, because
 * Edge Function instances share no memory. Called with the service role, like the insert.
 */
export function postgrestRateLimiter(projectUrl: string, serviceRoleKey: string, rate: RateLimit, fetchImpl: Fetch = fetch): RateLimiter {
  const endpoint = `${projectUrl.replace(/\/+$/, '')}/rest/v1/rpc/contact_rate_hit`;
  return {
    async hit(clientHash) {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ p_client_hash: clientHash, p_max_hits: rate.limit, p_window_seconds: rate.windowSeconds }),
      });
      if (!response.ok) throw new Error(`contact_rate_hit failed: ${response.status} ${await response.text()}`);
      const wait = (await response.json()) as unknown;
      if (typeof wait !== 'number') throw new Error(`contact_rate_hit returned ${JSON.stringify(wait)}`);
      return wait === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: wait };
    },
  };
}
