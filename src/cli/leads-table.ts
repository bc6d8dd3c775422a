import type { StoredContactRequest } from '../../supabase/functions/_shared/contact-request.ts';
import { bold, dim } from './report.ts';

function clip(value: string, width: number): string {
  const flat = value.replace(/\s+/g, ' ');
  return flat.length <= width ? flat.padEnd(width) : `${flat.slice(0, Math.max(0, width - 1))}…`;
}

/** `site leads` on a terminal: one line per request, newest last, the message clipped to the width. */
export function leadsTable(rows: readonly StoredContactRequest[], columns: number): string {
  if (rows.length === 0) return dim('no contact requests stored yet');
  const cells = rows.map((r) => [
    r.created_at.slice(0, 16).replace('T', ' '),
    `${r.form_variant}/${r.locale}`,
    r.name,
    r.email,
    r.company ?? '',
    r.products ?? '',
    r.subject ?? '',
    r.message,
  ]);
  const header = ['received (UTC)', 'form', 'name', 'email', 'company', 'products', 'subject', 'message'];
  const widths = header.map((h, i) => Math.min(i === 7 ? Infinity : 32, Math.max(h.length, ...cells.map((c) => c[i]!.length))));
  const fixed = widths.slice(0, 7).reduce((sum, w) => sum + w + 2, 0);
  widths[7] = Math.max(20, Math.min(widths[7]!, columns - fixed));
  const line = (row: string[]) => row.map((c, i) => clip(c, widths[i]!)).join('  ').trimEnd();
  return [bold(line(header)), ...cells.map(line), dim(`${rows.length} request${rows.length === 1 ? '' : 's'}`)].join('\n');
}
