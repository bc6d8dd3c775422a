/**
 * The lists `site leads erase` (its preview and `--dry-run`), `leads purge` and `leads --failed` print name each request
 * as the `site leads` table does: the time in the site's time zone, form and language by name, not UTC and codes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { erasePreview, leadsResult } from '../../../src/cli/leads-privacy.ts';
import { leadsTable, requestLine } from '../../../src/cli/leads-table.ts';
import type { ContactRecord } from '../../../src/server/contact-privacy.ts';
import type { LeadsResult } from '../../../src/server/leads-operations.ts';
import { notificationWording } from '../../../supabase/functions/_shared/lead-notification.ts';
import { storedRow } from './support/stored-row.ts';

beforeAll(() => {
  vi.stubEnv('NO_COLOR', '1');
});
afterAll(() => vi.unstubAllEnvs());

const german = notificationWording('de');
const french = notificationWording('fr');
// 23:06 UTC on 28 November is 00:06 on the 29th in Berlin: the date changes with the zone too.
const row = storedRow({ id: '7fe48416-1111-4222-8333-444455556666', created_at: '2026-11-28T23:06:13.655Z', form_variant: 'business', locale: 'fr' });
const record: ContactRecord = {
  ...row,
  name: 'Jeanne',
  consent_at: row.created_at,
  policy_version: null,
  retention_months: 6,
  kept_at: null,
  keep_reason: null,
};

/** The table's cells of its one data row, split at the column gaps. */
function tableRow(text: string): string[] {
  return text.split('\n')[1]!.split(/ {2,}/);
}

describe('lists of requests name them as the site leads table does', () => {
  it('a list line carries the table row’s id, local minute, form and language', () => {
    const [id, received, form, language] = tableRow(leadsTable([row], 300, false, german));
    expect([id, received, form, language]).toEqual([row.id, '2026-11-29 00:06', 'Kontaktformular Unternehmen', 'Französisch']);
    expect(requestLine(row, german)).toBe(`${id}  received ${received} (Europe/Berlin)  ${form}  ${language}`);
  });

  it('erase --dry-run lists local time and names, not UTC and codes', () => {
    const preview = erasePreview(
      'jeanne@example.fr',
      { email: 'jeanne@example.fr', exported_at: row.created_at, contact_requests: [record], lead_notifications: [] },
      german,
    );
    expect(preview).toBe(
      [
        'will erase 1 contact request and 0 lead notifications stored about "jeanne@example.fr":',
        `  ${row.id}  received 2026-11-29 00:06 (Europe/Berlin)  Kontaktformular Unternehmen  Französisch  "Jeanne"`,
      ].join('\n'),
    );
    expect(preview).not.toMatch(/\d\dZ|business\/fr/);
  });

  it('purge lists local time and names in the notification language, its "as of" in the same zone', () => {
    const result: LeadsResult = {
      op: 'purge',
      now: '2027-06-01T00:00:00.000Z',
      retentionMonths: 6,
      dryRun: true,
      requests: [{ id: row.id, created_at: row.created_at, form_variant: 'business', locale: 'fr' }],
    };
    expect(leadsResult(result, german)).toBe(
      [
        'would delete 1 contact request not kept and older than 6 months as of 2027-06-01 02:00 (Europe/Berlin)',
        `  ${row.id}  received 2026-11-29 00:06 (Europe/Berlin)  Kontaktformular Unternehmen  Französisch`,
      ].join('\n'),
    );
    // The words follow SITE_NOTIFY_LANGUAGE as the table's do.
    expect(leadsResult(result, french)).toContain(
      `  ${row.id}  received 2026-11-29 00:06 (Europe/Berlin)  ${tableRow(leadsTable([row], 300, true, french))[2]}  français`,
    );
  });

  it('a request with no form or language, and one with codes a visitor forged, list without crashing', () => {
    expect(requestLine({ id: 'a', created_at: row.created_at, form_variant: null, locale: null }, german)).toBe(
      'a  received 2026-11-29 00:06 (Europe/Berlin)  (no form)  –',
    );
    const forged = requestLine({ id: 'b', created_at: 'not a time', form_variant: 'toString', locale: '\u001b[2J' }, german);
    expect(forged).toMatch(/^b {2}received not a time \(Europe\/Berlin\) {2}toString {2}/);
    expect(forged).not.toContain('\u001b');
  });

  it('failed notifications give their times in the site’s time zone', () => {
    const printed = leadsResult(
      {
        op: 'failed',
        notifications: [
          {
            request_id: row.id,
            email: 'jeanne@example.fr',
            queued_at: row.created_at,
            attempts: 3,
            failed_at: '2026-11-29T01:00:00.000Z',
            next_attempt_at: null,
            last_error: 'webhook: HTTP 500',
          },
        ],
      } as LeadsResult,
      german,
    );
    expect(printed).toContain(
      `  ${row.id}  "jeanne@example.fr"  queued 2026-11-29 00:06 (Europe/Berlin)  3 attempts  given up 2026-11-29 02:00 (Europe/Berlin)  webhook: HTTP 500`,
    );
  });
});
