import { contentPath, formatLocation } from '../../errors/site-error.ts';
import type { TranslationStatus } from './status.ts';

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
  const line = (cells: string[]) => cells.map((c, i) => (i >= 3 && i <= 6 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  const lines = [line(header), ...rows.map(line)];
  if (status.issues.length) lines.push('');
  for (const issue of status.issues) {
    const where = formatLocation(issue.location, (file) => contentPath(contentDir, file));
    lines.push(`${where} ${issue.state}${issue.state === 'stale' && !issue.recorded ? ' (never recorded)' : ''}  ${issue.path}`);
    lines.push(`    source   ${JSON.stringify(issue.source)}`);
    if (issue.translation !== undefined) lines.push(`    now      ${JSON.stringify(issue.translation)}`);
  }
  const count = (state: string) => status.issues.filter((i) => i.state === state).length;
  lines.push('');
  lines.push(
    `${count('missing')} missing, ${count('untranslated')} untranslated, ${status.tracked ? `${count('stale')} stale` : 'staleness not tracked (no translations.lock.yaml: run `site translations --accept <locale>`)'}; ` +
      `pages without a translation file: ${status.pages.filter((p) => !p.exists).length}`,
  );
  return lines.join('\n');
}

/** `site translations --json`: the status as data, with file positions relative to the content folder. */
export function translationJson(status: TranslationStatus, contentDir: string): string {
  return JSON.stringify({ contentDir, ...status }, null, 2);
}
