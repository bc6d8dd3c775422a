import { locate, locateKey, locateMissing, type YamlSource } from '../../content/yaml-source.ts';
import { formatPath, type SourceLocation } from '../../errors/site-error.ts';
import type { Glossary } from '../../schema/glossary.ts';
import { copyStrings, ignored, NOT_COPY, type CopyString } from '../copy/copy-strings.ts';
import { untranslatedTest } from '../copy/language.ts';
import { sourceHash, type TranslationLock } from './lock.ts';

/**
 * `site translations`: per locale and page, the strings of the default locale (German) whose translation is
 * missing, untranslated (word for word the source, names and figures aside) or stale (the source changed
 * since the translation was recorded in translations.lock.yaml). Pure: sources in, status out.
 */

/** The "page" of a locale's UI strings (locales/<code>.yaml): they show on every page of the language. */
export const UI_PAGE = 'ui';

export type TranslationState = 'missing' | 'untranslated' | 'stale';

export interface TranslationIssue {
  state: TranslationState;
  locale: string;
  page: string;
  /** The translation file (`pages/home/fr.yaml`), relative to the content folder. */
  file: string;
  /** The string's path in both files, e.g. `sections[0].title`. */
  path: string;
  /** The source text as written today. */
  source: string;
  /** The translation as written (not for missing strings). */
  translation?: string;
  /** Stale strings: false when the lock has no entry for the string (translated, but never recorded). */
  recorded?: boolean;
  /** Where the translation is, or for a missing string where it belongs. */
  location: SourceLocation;
  /**
   * The string's document path in the translation file (of a whole list of strings, the list's), where the
   * editor marks it; for a missing string the path it would have, when the translation has its section.
   */
  documentPath?: PropertyKey[];
}

export interface PageTranslation {
  locale: string;
  page: string;
  file: string;
  /** Whether the translation file exists (without it, every source string counts as missing). */
  exists: boolean;
  /**
   * Whether the lock records this file at all (it was accepted once). Until then its stale strings are counted
   * here but not listed one by one: a new language is one line per file, not one per string.
   */
  recorded: boolean;
  /** `translation: required` on the page (either file), or for UI strings on any page of the locale. */
  required: boolean;
  /** Source strings (the default locale's file). */
  strings: number;
  missing: number;
  untranslated: number;
  stale: number;
}

export interface TranslationStatus {
  defaultLocale: string;
  locales: string[];
  /** Whether a lock file exists: without one, staleness is not tracked (run `site translations --accept <locale>`). */
  tracked: boolean;
  pages: PageTranslation[];
  issues: TranslationIssue[];
  /** Pages left out because check.yaml's `families` keeps their family to other locales (German-only pages). */
  notPlanned: { locale: string; page: string }[];
}

/** What a status adds up to; every total is the sum of its rows. */
export function statusTotals(status: TranslationStatus): {
  missing: number;
  untranslated: number;
  stale: number;
  withoutFile: number;
  neverRecorded: PageTranslation[];
} {
  const sum = (key: 'missing' | 'untranslated' | 'stale') => status.pages.reduce((n, p) => n + p[key], 0);
  return {
    missing: sum('missing'),
    untranslated: sum('untranslated'),
    stale: sum('stale'),
    withoutFile: status.pages.filter((p) => !p.exists).length,
    neverRecorded: status.pages.filter((p) => p.exists && !p.recorded && p.stale > 0),
  };
}

export interface StatusInput {
  sources: readonly YamlSource[];
  glossary: Glossary;
  defaultLocale: string;
  locales: readonly string[];
  lock?: TranslationLock;
  /** check.yaml's `families`: a family listed there is expected only in its locales (German-only pages: `[de]`). */
  families?: Readonly<Record<string, readonly string[]>>;
  /** List the stale strings of a file never accepted one by one too (the editor marks each field of the one file it shows). */
  listUnrecorded?: boolean;
}

/**
 * Units by file. Source files count their visitor-facing strings (copyStrings: no identifiers, links or
 * anchors); translation files every string, since a translation may be a short lower-case word (`langues`).
 */
function unitsByFile(sources: readonly YamlSource[], defaultLocale: string): Map<string, Map<string, Unit>> {
  const copy = new Map<string, Map<string, CopyString>>();
  for (const s of copyStrings(sources)) {
    let byPath = copy.get(s.file);
    if (!byPath) copy.set(s.file, (byPath = new Map()));
    byPath.set(formatPath(s.path), s);
  }
  const out = new Map<string, Map<string, Unit>>();
  for (const source of sources) {
    const copied = copy.get(source.file);
    if (!copied) continue;
    const isSource = source.file.endsWith(`/${defaultLocale}.yaml`);
    const strings = isSource ? [...copied.values()] : source.strings.filter((s) => !NOT_TEXT.has(String(s.path[s.path.length - 1])));
    out.set(source.file, unitsOf(source, strings, copied));
  }
  return out;
}

/** The translation file of a source file in a locale: `pages/home/de.yaml` → `pages/home/fr.yaml`. */
function counterpartFile(file: string, locale: string): string {
  return file.replace(/[^/]+\.yaml$/, `${locale}.yaml`);
}

function isRequired(source: YamlSource | undefined): boolean {
  return (source?.data as { translation?: unknown } | null | undefined)?.translation === 'required';
}

/**
 * One translatable unit of a file: a string, or a whole list of plain strings (keywords, bullet points: a
 * translation may have more or fewer of them), under a key that survives reordering: a section is named by its
 * `id`, else by its type and how many sections of that type come before it (`sections(about).body`,
 * `sections(features#2).items[0].title`). The same key in the source and the translation file is the same text.
 */
interface Unit {
  key: string;
  value: string;
  /** The (first) string's path and place. */
  path: readonly PropertyKey[];
  /** The string's path, or the whole list's. */
  documentPath: PropertyKey[];
  at(): SourceLocation;
  /** The (first) string as the copy rules see it (undefined for an identifier-like word): its ignore comments. */
  copy?: CopyString;
}

/** Keys whose values are never text, in translation files too (the copy rules' identifiers aside). */
const NOT_TEXT = new Set([...NOT_COPY, 'translation']);

function unitKey(data: unknown, path: readonly PropertyKey[]): string {
  const sections = (data as { sections?: unknown } | null)?.sections;
  if (path[0] !== 'sections' || typeof path[1] !== 'number' || !Array.isArray(sections)) return formatPath(path);
  const index = path[1];
  const section = sections[index] as { id?: unknown; type?: unknown } | undefined;
  const name =
    typeof section?.id === 'string'
      ? section.id
      : `${String(section?.type)}#${sections.slice(0, index).filter((s) => (s as { type?: unknown; id?: unknown })?.type === section?.type && typeof (s as { id?: unknown }).id !== 'string').length + 1}`;
  const rest = formatPath(path.slice(2));
  return `sections(${name})${rest && !rest.startsWith('[') ? '.' : ''}${rest}`;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | null | undefined)?.[key];
  return value;
}

function unitsOf(source: YamlSource, strings: readonly { path: PropertyKey[]; value: string }[], copy: ReadonlyMap<string, CopyString>): Map<string, Unit> {
  const units = new Map<string, Unit>();
  for (const s of strings) {
    const parent = s.path.slice(0, -1);
    const list = typeof s.path[s.path.length - 1] === 'number' ? valueAt(source.data, parent) : undefined;
    const whole = Array.isArray(list) && list.every((item) => typeof item === 'string');
    const key = unitKey(source.data, whole ? parent : s.path);
    const unit = units.get(key);
    if (unit) unit.value += `\n${s.value}`;
    else {
      const copied = copy.get(formatPath(s.path));
      units.set(key, {
        key,
        value: s.value,
        path: s.path,
        documentPath: whole ? parent : s.path,
        copy: copied,
        at: () => copied?.at(0) ?? locate(source, s.path),
      });
    }
  }
  return units;
}

/**
 * Where a missing unit belongs in the translation: in its section when the translation has that section (by id,
 * or type and position), else at `sections`; and its document path there, unless its section is missing.
 */
function missingAt(
  original: YamlSource,
  translation: YamlSource,
  { path, documentPath: own }: Unit,
): { location: SourceLocation; documentPath?: PropertyKey[] } {
  if (path[0] !== 'sections' || typeof path[1] !== 'number') return { location: locateMissing(translation, path), documentPath: own };
  const name = unitKey(original.data, path.slice(0, 2));
  const sections = (translation.data as { sections?: unknown[] } | null)?.sections ?? [];
  const index = sections.findIndex((_, i) => unitKey(translation.data, ['sections', i]) === name);
  if (index < 0) return { location: { ...locateKey(translation, [], 'sections'), path: name } };
  return {
    location: { ...locateMissing(translation, ['sections', index, ...path.slice(2)]), path: unitKey(original.data, path) },
    documentPath: ['sections', index, ...own.slice(2)],
  };
}

export function translationStatus(input: StatusInput): TranslationStatus {
  const { defaultLocale } = input;
  const untranslated = untranslatedTest(input.glossary, defaultLocale);
  const byFile = unitsByFile(input.sources, defaultLocale);
  const sourceOf = new Map(input.sources.map((s) => [s.file, s]));
  const originals = input.sources
    .filter((s) => s.file === `locales/${defaultLocale}.yaml` || new RegExp(`^pages/[^/]+/${defaultLocale}\\.yaml$`).test(s.file))
    .sort((a, b) => a.file.localeCompare(b.file, 'en'));
  const pages: PageTranslation[] = [];
  const issues: TranslationIssue[] = [];
  const notPlanned: TranslationStatus['notPlanned'] = [];
  for (const locale of input.locales) {
    if (locale === defaultLocale) continue;
    const localePages: PageTranslation[] = [];
    for (const original of originals) {
      const page = original.file.startsWith('locales/') ? UI_PAGE : original.file.split('/')[1]!;
      const file = counterpartFile(original.file, locale);
      const translation = sourceOf.get(file);
      const planned = page === UI_PAGE ? undefined : input.families?.[page];
      if (!translation && planned && !planned.includes(locale)) {
        notPlanned.push({ locale, page });
        continue;
      }
      const recorded = input.lock?.[file];
      const row: PageTranslation = {
        locale,
        page,
        file,
        exists: !!translation,
        recorded: !!recorded,
        required: isRequired(original) || isRequired(translation),
        strings: 0,
        missing: 0,
        untranslated: 0,
        stale: 0,
      };
      const translated = byFile.get(file);
      for (const [key, sourceUnit] of byFile.get(original.file) ?? []) {
        const { value } = sourceUnit;
        row.strings++;
        if (!translation) {
          row.missing++;
          continue;
        }
        const unit = translated?.get(key);
        const base = { locale, page, file, path: key, source: value };
        if (!unit) {
          row.missing++;
          issues.push({ ...base, state: 'missing', ...missingAt(original, translation, sourceUnit) });
        } else if (unit.value === value && unit.copy && !ignored(unit.copy, 'copy-untranslated') && untranslated(unit.value, locale)) {
          row.untranslated++;
          issues.push({ ...base, state: 'untranslated', translation: unit.value, location: unit.at(), documentPath: unit.documentPath });
        } else if (input.lock && recorded?.[key] !== sourceHash(value)) {
          row.stale++;
          if (recorded || input.listUnrecorded)
            issues.push({
              ...base,
              state: 'stale',
              translation: unit.value,
              recorded: recorded?.[key] !== undefined,
              location: unit.at(),
              documentPath: unit.documentPath,
            });
        }
      }
      localePages.push(row);
    }
    // UI strings show on every page of the language: required as soon as one of its pages is.
    const ui = localePages.find((p) => p.page === UI_PAGE);
    if (ui && localePages.some((p) => p.required && p.exists)) ui.required = true;
    pages.push(...localePages);
  }
  return { defaultLocale, locales: input.locales.filter((l) => l !== defaultLocale), tracked: !!input.lock, pages, issues, notPlanned };
}

/** What `--accept` takes: a locale, or a locale and one page (`fr:home`, `fr:ui`). */
export interface AcceptTarget {
  locale: string;
  page?: string;
}

export function parseAcceptTarget(value: string): AcceptTarget | undefined {
  const match = /^([a-z0-9-]+)(?::([^\s:/]+))?$/.exec(value);
  return match ? { locale: match[1]!, ...(match[2] ? { page: match[2] } : {}) } : undefined;
}

/**
 * Records the current source texts as translated for the targets' files: their entries are replaced by the
 * hashes of today's sources for every string the translation has (a missing string gets no entry, so once
 * written it is stale until accepted). Entries of files that no longer exist are dropped; other files keep theirs.
 */
export function acceptTranslations(input: StatusInput, targets: readonly AcceptTarget[]): TranslationLock {
  const status = translationStatus({ ...input, lock: undefined });
  const files = new Set(input.sources.map((s) => s.file));
  const next: TranslationLock = Object.fromEntries(Object.entries(input.lock ?? {}).filter(([file]) => files.has(file)));
  const units = unitsByFile(input.sources, input.defaultLocale);
  for (const row of status.pages) {
    if (!row.exists || !targets.some((t) => t.locale === row.locale && (!t.page || t.page === row.page))) continue;
    const translated = units.get(row.file);
    const entries: Record<string, string> = {};
    for (const [key, unit] of units.get(counterpartFile(row.file, input.defaultLocale)) ?? []) if (translated?.has(key)) entries[key] = sourceHash(unit.value);
    next[row.file] = entries;
  }
  return next;
}
