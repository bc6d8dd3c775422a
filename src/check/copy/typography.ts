import type { SiteModel } from '../../content/model.ts';
import { finding, type Finding, type Severity } from '../finding.ts';
import { ignored, maskMarkup, type CopyString } from './copy-strings.ts';
import { contentRules, show, type TypoCode } from './typography-rules.ts';

/** Rules whose findings are judgement calls (a hyphen may not be a range; a figure may be a code): errors only with --strict. */
const HEURISTIC: ReadonlySet<TypoCode> = new Set(['typo-range', 'typo-number']);

export function typoSeverity(code: TypoCode, strict?: boolean): Severity {
  return HEURISTIC.has(code) && !strict ? 'warning' : 'error';
}

/** The typography rules on every page and UI string, at the position of each problem, with the fix. */
export function checkContentTypography(strings: readonly CopyString[], model: SiteModel | undefined, strict?: boolean): Finding[] {
  const out: Finding[] = [];
  for (const s of strings) {
    const intl = model?.locales[s.locale as keyof SiteModel['locales']]?.intl ?? s.locale;
    for (const issue of contentRules(maskMarkup(s.value), s.locale, intl)) {
      if (ignored(s, issue.code)) continue;
      out.push(
        finding({
          code: issue.code,
          severity: typoSeverity(issue.code, strict),
          message: issue.message,
          location: s.at(issue.index),
          found: show(issue.found),
          expected: show(issue.fix),
          hint: `write ${show(issue.fix)} (⍽ no-break space, ⁀ narrow no-break space)`,
        }),
      );
    }
  }
  return out;
}

/** Every rule an ignore comment may name. */
export const COPY_CODES = [
  'glossary-term',
  'typo-quotes',
  'typo-apostrophe',
  'typo-space-fr',
  'typo-unit-space',
  'typo-inverted-mark',
  'typo-range',
  'typo-number',
  'copy-untranslated',
  'copy-language',
  'copy-legal-form',
] as const;

/** ignore-reason: an ignore comment names known rules and says why. */
export function checkIgnoreComments(strings: readonly CopyString[]): Finding[] {
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const s of strings) {
    for (const ignore of [s.ignore, s.fileIgnore]) {
      if (!ignore) continue;
      const key = `${s.file}:${ignore.line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const unknown = ignore.codes.filter((c) => !(COPY_CODES as readonly string[]).includes(c));
      if (ignore.codes.length > 0 && unknown.length === 0 && ignore.reason) continue;
      const form = ignore === s.fileIgnore ? 'site-check-ignore-file' : 'site-check-ignore';
      out.push(
        finding({
          code: 'ignore-reason',
          severity: 'error',
          message: !ignore.codes.length
            ? 'an ignore comment names no rule'
            : unknown.length
              ? `an ignore comment names an unknown rule: ${unknown.join(', ')}`
              : 'an ignore comment gives no reason',
          location: { file: s.file, line: ignore.line, column: 1 },
          expected: `# ${form} <rule>[, <rule>]: <why this is right as it is>`,
          found: `rules: ${ignore.codes.join(', ') || 'none'}; reason: ${ignore.reason || 'none'}`,
          hint: `rules that can be silenced: ${COPY_CODES.join(', ')}`,
        }),
      );
    }
  }
  return out;
}
