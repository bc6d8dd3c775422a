/**
 * The Supabase function's store: one insert through the project's REST API with the service-role key
 * (row-level security keeps the anon key out of the table; the service role bypasses it).
 */
import type { ContactStore } from './contact-handler.ts';
import type { RateLimit, RateLimiter } from './rate-limit.ts';
import { PRIVACY_POLICY } from './generated/privacy-policy.ts';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/**
 * A failed call to the database, described by what is safe to log: the HTTP status, PostgreSQL's error
 * code and the constraint's name. Never the database's text: its `details` quote the failing row
 * ("Failing row contains (…, erika@example.com, …)", "Key (email)=(…) already exists") and its `message`
 * can quote a value ("invalid input syntax for type uuid: \"…\""): a visitor's personal data in the logs.
 */
export class DatabaseError extends Error {
  constructor(
    what: string,
    readonly status: number,
    readonly code?: string,
    readonly constraint?: string,
  ) {
    super(`${what} failed: HTTP ${status}${code ? `, code ${code}` : ''}${constraint ? `, constraint ${constraint}` : ''}`);
    this.name = 'DatabaseError';
  }
}

/** The loggable parts of a PostgREST error answer (its body is read and dropped). */
async function databaseError(what: string, response: Response): Promise<DatabaseError> {
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON (a gateway's page): the status says enough.
  }
  const code = typeof body.code === 'string' && /^(?:[0-9A-Z]{5}|PGRST\d{3})$/.test(body.code) ? body.code : undefined;
  const constraint = typeof body.message === 'string' ? /\bconstraint "([A-Za-z_][A-Za-z0-9_$]{0,62})"/.exec(body.message)?.[1] : undefined;
  return new DatabaseError(what, response.status, code, constraint);
}

/** A store or rate-limiter failure as the function logs it: a DatabaseError's safe summary, else the error's kind and message (network errors). */
export function describeStoreError(error: unknown): string {
  if (error instanceof DatabaseError) return error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
}

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
      if (!response.ok) throw await databaseError('insert into contact_requests', response);
      const rows = (await response.json().catch(() => [])) as { id?: string }[];
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
      if (!response.ok) throw await databaseError('contact_rate_hit', response);
      const wait = (await response.json()) as unknown;
      if (typeof wait !== 'number') throw new Error(`contact_rate_hit returned ${JSON.stringify(wait)}`);
      return wait === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: wait };
    },
  };
}
