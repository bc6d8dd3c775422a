import type { LocaleCode, LocaleEntry } from './site.ts';

// Apart from site.ts so the build can read a validated model without loading zod and the schemas: a warm build
// that validates nothing never needs them (ARCHITECTURE.md, Start-up).

/** The codes of the site's locales, in site.yaml's order. */
export function localeCodes(site: { locales: readonly LocaleEntry[] }): LocaleCode[] {
  return site.locales.map((l) => l.code);
}

/** The site.yaml entry of locale `code` (it exists: pages and locale files are only loaded for listed codes). */
export function localeEntry(site: { locales: readonly LocaleEntry[] }, code: LocaleCode): LocaleEntry {
  return site.locales.find((l) => l.code === code) ?? { code, lang: code, hreflang: code };
}
