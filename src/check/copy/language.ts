import type { Glossary } from '../../schema/glossary.ts';
import { finding, type Finding, type Severity } from '../finding.ts';
import { ignored, type CopyString } from './copy-strings.ts';
import { fixedTerms, preferredTerm } from './glossary.ts';
import { FOREIGN_LETTERS, STOP_WORDS } from './stop-words.ts';
import { languageOf } from './typography-rules.ts';
import { allSteps, chunked, STEP_STRINGS } from '../steps.ts';

const LANGUAGE_NAMES: Record<string, string> = { de: 'German', fr: 'French', en: 'English', es: 'Spanish', it: 'Italian' };
const nameOf = (lang: string) => LANGUAGE_NAMES[lang] ?? lang;
/** "a French page", "an Italian page". */
const aOrAn = (name: string) => (/^[aeiou]/i.test(name) ? `an ${name}` : `a ${name}`);

/** Stop words that belong to one language only, by language. */
const UNIQUE_STOP_WORDS: Map<string, string> = (() => {
  const owners = new Map<string, Set<string>>();
  for (const [lang, words] of Object.entries(STOP_WORDS)) for (const word of words) owners.set(word, (owners.get(word) ?? new Set()).add(lang));
  return new Map([...owners].filter(([, langs]) => langs.size === 1).map(([word, langs]) => [word, [...langs][0]!]));
})();

/** The text without what is never translated: references, link targets, markup and the glossary's names. */
function translatable(value: string, names: readonly string[]): string {
  let text = value
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\]\([^)\s]*\)/g, ']')
    .replace(/\*\*|`/g, '');
  for (const name of names) if (text.includes(name)) text = text.split(name).join(' ');
  return text;
}

const words = (text: string) => text.toLowerCase().match(/\p{L}+(?:[’'-]\p{L}+)*/gu) ?? [];

/**
 * Whether a string that equals its default-locale counterpart still holds words to translate: not when all
 * that is left without references, link targets, numbers, the glossary's fixed names and the terms the
 * glossary writes the same in both languages is words of under three letters. Shared with `site translations`.
 */
export function untranslatedTest(glossary: Glossary, defaultLocale: string): (value: string, locale: string) => boolean {
  const names = fixedTerms(glossary);
  const original = new Set(glossary.terms.map((t) => preferredTerm(t, defaultLocale)));
  const sameTerms = new Map<string, string[]>();
  return (value, locale) => {
    let terms = sameTerms.get(locale);
    if (!terms) sameTerms.set(locale, (terms = glossary.terms.map((t) => preferredTerm(t, locale)).filter((t): t is string => !!t && original.has(t))));
    return words(translatable(value, [...names, ...terms])).some((w) => w.length >= 3);
  };
}

export interface LanguageOptions {
  glossary: Glossary;
  /** The language the others are written from (site.yaml's defaultLocale). */
  defaultLocale: string;
  strict?: boolean;
}

/**
 * copy-untranslated: a string on a fr/en/es page (or UI string) identical to the default locale's string
 * for the same key. copy-language: a sentence whose function words are mostly another site language's,
 * or a word with letters the page's language does not have. A language without a stop-word list cannot be
 * judged: one warning per locale says so, rather than passing its pages silently.
 */
export function checkLanguage(strings: readonly CopyString[], options: LanguageOptions): Finding[] {
  return allSteps(() => languageSteps(strings, options));
}

/** checkLanguage in steps: the locales it cannot judge, then the strings a part at a time (their originals are read first). */
export function* languageSteps(strings: readonly CopyString[], options: LanguageOptions): Generator<Finding[]> {
  const severity: Severity = options.strict ? 'error' : 'warning';
  const names = [...fixedTerms(options.glossary)].sort((a, b) => b.length - a.length);
  const originals = defaultStrings(strings, options.defaultLocale);
  const untranslated = untranslatedTest(options.glossary, options.defaultLocale);
  yield unjudgedLocales(strings);
  yield* chunked(strings, checkStrings, STEP_STRINGS);

  function checkStrings(part: readonly CopyString[]): Finding[] {
    const out: Finding[] = [];
    for (const s of part) {
      const lang = languageOf(s.locale);
      if (s.locale !== options.defaultLocale && !ignored(s, 'copy-untranslated') && originals.get(counterpart(s))?.get(s.key)?.has(s.value)) {
        if (untranslated(s.value, s.locale)) {
          out.push(
            finding({
              code: 'copy-untranslated',
              severity,
              message: `this ${nameOf(lang)} string is the ${nameOf(languageOf(options.defaultLocale))} one, word for word`,
              location: s.at(0),
              found: JSON.stringify(s.value),
              expected: `the ${nameOf(lang)} wording for '${s.key}'`,
              hint: `write it in ${nameOf(lang)}; if it is the same in both languages, add \`# site-check-ignore copy-untranslated: <why>\``,
            }),
          );
        }
      }
      if (ignored(s, 'copy-language')) continue;
      const text = translatable(s.value, names);
      const odd = foreignWord(s, text, lang, severity);
      if (odd) out.push(odd);
      else out.push(...foreignSentences(s, text, lang, severity));
    }
    return out;
  }
}

/** Where a string's default-locale counterpart lives: the page family's files, or the locale files. */
const counterpart = (s: CopyString) => (s.family ? `pages/${s.family}` : 'locales');

/** Strings of the default locale by counterpart file and key: "pages/home" → "title" → values. */
function defaultStrings(strings: readonly CopyString[], defaultLocale: string): Map<string, Map<string, Set<string>>> {
  const originals = new Map<string, Map<string, Set<string>>>();
  for (const s of strings) {
    if (s.locale !== defaultLocale) continue;
    const byKey = originals.get(counterpart(s)) ?? new Map<string, Set<string>>();
    byKey.set(s.key, (byKey.get(s.key) ?? new Set()).add(s.value));
    originals.set(counterpart(s), byKey);
  }
  return originals;
}

/** One warning per locale whose language has no stop-word list: its pages cannot be judged. */
function unjudgedLocales(strings: readonly CopyString[]): Finding[] {
  const languages = Object.keys(STOP_WORDS);
  const unjudged = new Map<string, string>();
  for (const s of strings) if (!languages.includes(languageOf(s.locale)) && !unjudged.has(s.locale)) unjudged.set(s.locale, languageOf(s.locale));
  return [...unjudged].map(([locale, lang]) =>
    finding({
      code: 'copy-language',
      severity: 'warning',
      message: `the language of '${locale}' pages cannot be judged: there is no stop-word list for '${lang}'`,
      location: { file: `locales/${locale}.yaml`, line: 1, column: 1 },
      expected: `a stop-word list for '${lang}' (lists: ${languages.join(', ')})`,
      found: 'none',
      hint: `add about 40 common function words of '${lang}' to STOP_WORDS in src/check/copy/stop-words.ts; until then text in another language on these pages is not found`,
    }),
  );
}

/** The first word with letters the page's language does not have, as a finding. */
function foreignWord(s: CopyString, text: string, lang: string, severity: Severity): Finding | undefined {
  const foreign = FOREIGN_LETTERS[lang];
  const odd = foreign ? words(text).find((w) => foreign.test(w)) : undefined;
  if (!odd) return undefined;
  const index = Math.max(0, s.value.toLowerCase().indexOf(odd));
  const word = s.value.slice(index, index + odd.length);
  return finding({
    code: 'copy-language',
    severity,
    message: `'${word}' is not a ${nameOf(lang)} word`,
    location: s.at(index),
    found: word,
    hint: `write it in ${nameOf(lang)}; a name that stays as it is belongs in content/glossary.yaml as a fixed term`,
  });
}

/** Sentences (four words or more) whose function words are mostly another site language's. */
function foreignSentences(s: CopyString, text: string, lang: string, severity: Severity): Finding[] {
  if (!Object.hasOwn(STOP_WORDS, lang)) return [];
  const out: Finding[] = [];
  for (const sentence of text.split(/(?<=[.!?;:])\s+|\n+/)) {
    const list = words(sentence);
    if (list.length < 4) continue;
    const counts = new Map<string, number>();
    for (const w of list) {
      const owner = UNIQUE_STOP_WORDS.get(w);
      if (owner) counts.set(owner, (counts.get(owner) ?? 0) + 1);
    }
    const own = counts.get(lang) ?? 0;
    const [other, hits] = [...counts].filter(([l]) => l !== lang).sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    if (hits < 2 || hits <= own) continue;
    const index = Math.max(0, s.value.indexOf(sentence.trim().slice(0, 20)));
    out.push(
      finding({
        code: 'copy-language',
        severity,
        message: `a sentence on ${aOrAn(nameOf(lang))} page reads as ${nameOf(other)}`,
        location: s.at(index),
        found: JSON.stringify(sentence.trim()),
        expected: `${nameOf(lang)} (${own} ${nameOf(lang)} and ${hits} ${nameOf(other)} function words)`,
        hint: `write it in ${nameOf(lang)}, or mark a quotation with \`# site-check-ignore copy-language: <why>\``,
      }),
    );
  }
  return out;
}
