import { loadTranslationLock } from '../../check/translations/lock.ts';
import { translationStatus, UI_PAGE, type TranslationState } from '../../check/translations/status.ts';
import { loadGlossary } from '../../content/glossary.ts';
import { parseYaml } from '../../content/yaml-source.ts';

/** One string of a translation file that is not done, as the editor marks it beside its field. */
export interface TranslationMark {
  state: TranslationState;
  /** The field's document path in the translation file; none when the string's whole section is missing. */
  path?: (string | number)[];
  /** The unit as `site translations` names it (`sections(hero).title`). */
  key: string;
  /** The German (default-locale) text today. */
  source: string;
  /** Stale strings: false when the translation was never recorded as done. */
  recorded?: boolean;
}

export interface TranslationView {
  /** Whether staleness is tracked (a valid translations.lock.yaml exists). */
  tracked: boolean;
  /** What `site translations --accept` takes to record this file as translated (`fr:home`). */
  accept: string;
  marks: TranslationMark[];
}

/**
 * The translation status of one translation file, by `site translations`' own code (check/translations/status.ts)
 * on it and its default-locale counterpart, both as the editor shows them (unsaved edits included), with the
 * glossary and the lock from disk.
 */
export async function translationView(
  root: string,
  file: { relative: string; text: string },
  source: { relative: string; text: string },
  locale: string,
  defaultLocale: string,
): Promise<TranslationView | undefined> {
  const translation = parseYaml(file.relative, file.text).source;
  const original = parseYaml(source.relative, source.text).source;
  if (!translation || !original) return undefined;
  const [{ glossary }, lock] = await Promise.all([loadGlossary(root), loadTranslationLock(root)]);
  const status = translationStatus({
    sources: [original, translation],
    glossary,
    defaultLocale,
    locales: [defaultLocale, locale],
    lock: lock.lock,
    listUnrecorded: true,
  });
  const page = file.relative.startsWith('locales/') ? UI_PAGE : file.relative.split('/')[1]!;
  return {
    tracked: status.tracked,
    accept: `${locale}:${page}`,
    marks: status.issues
      .filter((issue) => issue.file === file.relative)
      .map((issue) => ({
        state: issue.state,
        ...(issue.documentPath ? { path: issue.documentPath.map((key) => (typeof key === 'number' ? key : String(key))) } : {}),
        key: issue.path,
        source: issue.source,
        ...(issue.recorded === undefined ? {} : { recorded: issue.recorded }),
      })),
  };
}
