import { ERROR_CODES, type CodeKind, type ErrorCode } from './codes.ts';

const KIND_TITLES: Record<CodeKind, string> = {
  content: 'Loading the content (`site build`, `site check`, `site dev`, the editor)',
  build: 'Building (`site build` stops)',
  check: 'Rules of `site check`',
  copy: 'Copy rules of `site check`: termbase, typography, language',
  publishing: 'Drafts and scheduled publishing',
  redirects: 'Redirects and vanished routes',
};

/** docs/reference/errors.md: every code of the catalogue, grouped by where it is reported (`npm run docs` writes it). */
export function errorsReference(): string {
  const codes = Object.keys(ERROR_CODES) as ErrorCode[];
  const out = [
    '# Error and finding codes',
    '',
    '<!-- Written by `npm run docs` from src/errors/codes.ts: edit that file, not this one. -->',
    '',
    'Every error and finding `site` prints carries one of these codes (`site check --format json` has it as `code`,',
    '`--format github` as the annotation title). The message printed with it says what happened in your case, at its',
    '`file:line:column`; this page says what the code means and how to fix it. Which rules `site check` runs and how',
    'severe each is: [check rules](check-rules.md).',
    '',
  ];
  for (const kind of Object.keys(KIND_TITLES) as CodeKind[]) {
    const inKind = codes.filter((code) => ERROR_CODES[code].kind === kind);
    if (!inKind.length) continue;
    out.push(`## ${KIND_TITLES[kind]}`, '');
    for (const code of inKind) {
      const entry = ERROR_CODES[code];
      out.push(`### \`${code}\``, '', `**${entry.title}.** ${entry.explanation}`, '', `Fix: ${entry.hint}`, '');
    }
  }
  return out.join('\n');
}
