import type { StoredContactRequest } from '../../supabase/functions/_shared/contact-request.ts';

/**
 * The data-subject and retention operations on a contact store, each one call of the SQL function
 * supabase/migrations/20261125020000_contact_privacy.sql defines: `site serve`, `site leads` and the
 * Supabase deployment (pg_cron, RPC with the service role) run the same definition.
 */

/** A stored request with what the store records beside the payload: consent proof and keep status. */
export type ContactRecord = StoredContactRequest & {
  consent_at: string;
  /** sha256 of the /datenschutz content in force when the request arrived (null: stored before it was recorded). */
  policy_version: string | null;
  /** The retention period the policy stated when the request arrived. */
  retention_months: number | null;
  kept_at: string | null;
  keep_reason: string | null;
};

/** Art. 15/20 DSGVO: everything stored about one address. */
export interface ContactExport {
  email: string;
  exported_at: string;
  contact_requests: ContactRecord[];
  /** The new-lead notifications queued for those requests, with their delivery state. */
  lead_notifications: Record<string, unknown>[];
}

/** Rows deleted per table (`contact_requests`, `lead_notifications`). */
export type DeletedCounts = Record<string, number>;

export interface PurgedRequest {
  id: string;
  created_at: string;
  form_variant: string;
  locale: string;
}

export interface ContactPrivacy {
  export(email: string, now: Date): Promise<ContactExport>;
  /** Deletes everything about `email` and records the erasure under `subjectHash` (no personal data). */
  erase(email: string, subjectHash: string): Promise<DeletedCounts>;
  /** False when no request has that id. */
  keep(id: string, reason: string, now: Date): Promise<boolean>;
  unkeep(id: string): Promise<boolean>;
  /** The unkept requests older than `retentionMonths` at `now`, deleted (or only listed, `dryRun`). */
  purge(options: { now: Date; retentionMonths: number; dryRun: boolean }): Promise<PurgedRequest[]>;
}

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** The record's keys in the table's order (jsonb sorts them by length), so an export reads like the table. */
const RECORD_KEYS = [
  'id',
  'created_at',
  'name',
  'email',
  'company',
  'products',
  'subject',
  'message',
  'privacy_consent',
  'form_variant',
  'locale',
  'consent_at',
  'policy_version',
  'retention_months',
  'kept_at',
  'keep_reason',
] as const satisfies readonly (keyof ContactRecord)[];

/** A timestamp as the database driver hands it back (Date or text), as ISO 8601; null stays null. */
export const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function record(row: Record<string, unknown>): ContactRecord {
  const out = Object.fromEntries(RECORD_KEYS.map((key) => [key, row[key] ?? null])) as Record<string, unknown>;
  for (const key of ['created_at', 'consent_at', 'kept_at'] as const) out[key] = iso(out[key] as string | null);
  return out as ContactRecord;
}

/** jsonb arrives parsed from `pg` and PGlite alike; a driver that hands back text is parsed here. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

export function contactPrivacy(query: Query): ContactPrivacy {
  return {
    async export(email, now) {
      const [row] = await query<{ data: unknown }>('select public.export_contact_data($1) as data', [email]);
      const data = json<{ email: string; contact_requests: Record<string, unknown>[]; lead_notifications?: Record<string, unknown>[] }>(row!.data);
      return {
        email: data.email,
        exported_at: now.toISOString(),
        contact_requests: data.contact_requests.map(record),
        lead_notifications: data.lead_notifications ?? [],
      };
    },
    async erase(email, subjectHash) {
      const [row] = await query<{ deleted: unknown }>('select public.erase_contact_data($1, $2) as deleted', [email, subjectHash]);
      return json<DeletedCounts>(row!.deleted);
    },
    async keep(id, reason, now) {
      const [row] = await query<{ found: boolean }>('select public.keep_contact_request($1, $2, $3) as found', [id, reason, now.toISOString()]);
      return row!.found;
    },
    async unkeep(id) {
      const [row] = await query<{ found: boolean }>('select public.keep_contact_request($1, null) as found', [id]);
      return row!.found;
    },
    async purge({ now, retentionMonths, dryRun }) {
      const rows = await query<{ id: string; created_at: string | Date; form_variant: string; locale: string }>(
        'select id, created_at, form_variant, locale from public.purge_contact_requests($1, $2, $3)',
        [now.toISOString(), retentionMonths, dryRun],
      );
      return rows
        .map((r) => ({ id: r.id, created_at: new Date(r.created_at).toISOString(), form_variant: r.form_variant, locale: r.locale }))
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    },
  };
}
