import { loadCheckConfig, type CheckConfig } from '../../content/check-config.ts';
import { loadGlossary } from '../../content/glossary.ts';
import { loadContentWithSources, type ContentEnv } from '../../content/load.ts';
import type { SiteModel } from '../../content/model.ts';
import type { YamlSource } from '../../content/yaml-source.ts';
import type { SiteError } from '../../errors/site-error.ts';
import type { Glossary } from '../../schema/glossary.ts';
import { localeCodes } from '../../schema/site-locales.ts';
import { finding, fromSiteError, type Finding } from '../finding.ts';
import { loadTranslationLock, type LoadedLock } from './lock.ts';
import { statusTotals, translationStatus, type StatusInput, type TranslationStatus } from './status.ts';

export { translationStatus, acceptTranslations, parseAcceptTarget, statusTotals, UI_PAGE } from './status.ts';
export type { TranslationStatus, TranslationIssue, PageTranslation, AcceptTarget } from './status.ts';

/** The status input from what `site check` already loaded. */
export function statusInput(model: SiteModel, sources: readonly YamlSource[], glossary: Glossary, lock: LoadedLock, config?: CheckConfig): StatusInput {
  return { sources, glossary, defaultLocale: model.site.defaultLocale, locales: localeCodes(model.site), lock: lock.lock, families: config?.families };
}

/** Reads the content, glossary and lock: for `site translations` and the status page. Errors when the content does not load. */
export async function readTranslationStatus(
  contentDir: string,
  env?: ContentEnv,
): Promise<{ ok: true; input: StatusInput; status: TranslationStatus; lock: LoadedLock } | { ok: false; errors: SiteError[] }> {
  const [{ result, sources }, glossary, lock, checkConfig] = await Promise.all([
    loadContentWithSources(contentDir, env),
    loadGlossary(contentDir),
    loadTranslationLock(contentDir),
    loadCheckConfig(contentDir),
  ]);
  const errors = [...(result.ok ? [] : result.errors), ...glossary.errors, ...lock.errors, ...checkConfig.errors];
  if (!result.ok || errors.length) return { ok: false, errors };
  const input = statusInput(result.value, sources, glossary.glossary, lock, checkConfig.config);
  return { ok: true, input, status: translationStatus(input), lock };
}

/**
 * translation-stale: a string of a page marked `translation: required` (or of the UI strings of a language
 * with such a page) whose source changed since it was translated. A warning, an error with --strict (deploy
 * mode). translation-lock: the lock file does not parse or validate (always an error).
 */
export function checkTranslations(
  model: SiteModel,
  sources: readonly YamlSource[],
  glossary: Glossary,
  lock: LoadedLock,
  strict?: boolean,
  config?: CheckConfig,
): Finding[] {
  const out = lock.errors.map((e) => fromSiteError(e));
  if (!lock.lock) return out;
  const status = translationStatus(statusInput(model, sources, glossary, lock, config));
  const required = new Set(status.pages.filter((p) => p.required).map((p) => p.file));
  // A file never accepted (a new language) is one finding, not one per string.
  for (const row of statusTotals(status).neverRecorded) {
    if (!row.required) continue;
    out.push(
      finding({
        code: 'translation-stale',
        severity: strict ? 'error' : 'warning',
        message: `${row.stale} ${row.stale === 1 ? 'string of this file was' : 'strings of this file were'} never recorded as translated from the ${status.defaultLocale} source`,
        location: { file: row.file, line: 1, column: 1 },
        expected: 'a translation recorded in translations.lock.yaml',
        found: `no entry for ${row.file}`,
        hint: `check the translation, then record it with \`site translations --accept ${row.locale}:${row.page}\` (the page is marked translation: required)`,
      }),
    );
  }
  for (const issue of status.issues) {
    if (issue.state !== 'stale' || !required.has(issue.file)) continue;
    out.push(
      finding({
        code: 'translation-stale',
        severity: strict ? 'error' : 'warning',
        message: issue.recorded
          ? `the ${status.defaultLocale} source of this string changed after it was translated`
          : `this translation was never recorded as translated from its ${status.defaultLocale} source`,
        location: issue.location,
        expected: `a translation of the current source: ${JSON.stringify(issue.source)}`,
        found: JSON.stringify(issue.translation),
        hint: `update the translation, then record it with \`site translations --accept ${issue.locale}:${issue.page}\` (the page is marked translation: required)`,
      }),
    );
  }
  return out;
}
