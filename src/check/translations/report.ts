import { contentPath, formatLocation } from '../../errors/site-error.ts';
import { statusTotals, type TranslationStatus } from './status.ts';

/** `site translations` in the terminal: one row per locale and page, then each open string with its place. */
export function translationTable(status: TranslationStatus, contentDir: string): string {
  const header = ['locale', 'page', 'file', 'strings', 'missing', 'untranslated', 'stale', 'required'];
  const rows = status.pages.map((p) => [
    p.locale,
    p.page,
    p.exists ? p.file : `${p.file} (no file)`,
    String(p.strings),
    String(p.missing),
    String(p.untranslated),
    status.tracked ? String(p.stale) : '–',
    p.required ? 'yes' : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 3 && i <= 6 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const lines = [line(header), ...rows.map(line)];
  if (status.issues.length) lines.push('');
  for (const issue of status.issues) {
    const where = formatLocation(issue.location, (file) => contentPath(contentDir, file));
    lines.push(`${where} ${issue.state}${issue.state === 'stale' && !issue.recorded ? ' (never recorded)' : ''}  ${issue.path}`);
    lines.push(`    source   ${JSON.stringify(issue.source)}`);
    if (issue.translation !== undefined) lines.push(`    now      ${JSON.stringify(issue.translation)}`);
  }
  const totals = statusTotals(status);
  if (totals.neverRecorded.length) lines.push('');
  for (const p of totals.neverRecorded) {
    lines.push(
      `${contentPath(contentDir, p.file)} never recorded: ${p.stale} ${p.stale === 1 ? 'string' : 'strings'}; check them, then \`site translations --accept ${p.locale}:${p.page}\``,
    );
  }
  lines.push('');
  lines.push(summaryLine(status));
  return lines.join('\n');
}

/** The status in one line, every figure the sum of the table's rows. */
export function summaryLine(status: TranslationStatus): string {
  const totals = statusTotals(status);
  const stale = status.tracked
    ? `${totals.stale} stale${totals.neverRecorded.length ? ` (${totals.neverRecorded.length} ${totals.neverRecorded.length === 1 ? 'file' : 'files'} never recorded)` : ''}`
    : 'staleness not tracked (no translations.lock.yaml: run `site translations --accept <locale>`)';
  const left = status.notPlanned.length ? `; ${status.notPlanned.length} left out by check.yaml families (not planned in that language)` : '';
  return `${totals.missing} missing, ${totals.untranslated} untranslated, ${stale}; pages without a translation file: ${totals.withoutFile}${left}`;
}

/** `site translations --json`: the status as data, with file positions relative to the content folder. */
export function translationJson(status: TranslationStatus, contentDir: string): string {
  return JSON.stringify({ contentDir, ...status }, null, 2);
}
