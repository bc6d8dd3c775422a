import type { StoredContactRequest } from '../../supabase/functions/_shared/contact-request.ts';
import { terminalSafe } from './leads-table.ts';

/**
 * A cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a leading tab or carriage
 * return, which some programs strip before looking) gets a leading `'`, as OWASP's CSV-injection
 * guidance says: `=HYPERLINK(…)` or `=cmd|' /C calc'!A0` typed into the form shows as text, never runs.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | boolean | null): string {
  // The CSV goes to a terminal as often as to a file: control and bidi characters are escaped as in the table.
  const text = value === null ? '' : terminalSafe(String(value));
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const COLUMNS = ['id', 'created_at', 'form_variant', 'locale', 'name', 'email', 'company', 'products', 'subject', 'message', 'privacy_consent'] as const;

/** `site leads --csv`: RFC 4180 (CRLF rows, quoted where needed), every cell neutralised against formulas. */
export function leadsCsv(rows: readonly StoredContactRequest[]): string {
  return [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((column) => csvCell(row[column])).join(','))].join('\r\n') + '\r\n';
}
