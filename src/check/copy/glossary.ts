import type { Glossary, GlossaryTerm } from '../../schema/glossary.ts';
import { finding, type Finding } from '../finding.ts';
import { ignored, maskMarkup, type CopyString } from './copy-strings.ts';

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The term a locale writes for a concept: its fixed name, or its preferred term (per locale or for all). */
export function preferredTerm(term: GlossaryTerm, locale: string): string | undefined {
  return term.fixed ?? term.preferred[locale] ?? term.preferred.all;
}

interface Variant {
  term: GlossaryTerm;
  variant: string;
  pattern: RegExp;
}

/** The forbidden variants that apply in a locale, each as a whole-word pattern. */
export function forbiddenVariants(glossary: Glossary, locale: string): Variant[] {
  return glossary.terms.flatMap((term) =>
    [...(term.forbidden.all ?? []), ...(term.forbidden[locale] ?? [])].map((variant) => ({
      term,
      variant,
      pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escape(variant)}s?(?![\\p{L}\\p{N}])`, term.ignoreCase ? 'giu' : 'gu'),
    })),
  );
}

/** Names that are the same in every language (brands, products, models): the glossary's fixed terms. */
export function fixedTerms(glossary: Glossary): string[] {
  // Longest first, so "Mistral AI" is taken out before "Mistral".
  return glossary.terms.flatMap((term) => (term.fixed ? [term.fixed] : [])).sort((a, b) => b.length - a.length);
}

/** glossary-term: a forbidden variant of a concept in a page or UI string, with the preferred term as the fix. */
export function checkGlossary(strings: readonly CopyString[], glossary: Glossary): Finding[] {
  const byLocale = new Map<string, Variant[]>();
  const names = fixedTerms(glossary);
  const out: Finding[] = [];
  for (const string of strings) {
    if (ignored(string, 'glossary-term')) continue;
    let variants = byLocale.get(string.locale);
    if (!variants) byLocale.set(string.locale, (variants = forbiddenVariants(glossary, string.locale)));
    // Fixed names are blanked first: the "KI" of "KI-Zentrale" is not the German word on an English page.
    const text = names.reduce((t, name) => (t.includes(name) ? t.split(name).join(' '.repeat(name.length)) : t), maskMarkup(string.value));
    const lower = text.toLowerCase();
    for (const { term, variant, pattern } of variants) {
      if (!(term.ignoreCase ? lower.includes(variant.toLowerCase()) : text.includes(variant))) continue;
      for (const match of text.matchAll(pattern)) {
        const preferred = preferredTerm(term, string.locale);
        out.push(
          finding({
            code: 'glossary-term',
            severity: 'error',
            message: `'${match[0]}' is not the ${string.locale} term for ${term.concept}`,
            location: string.at(match.index),
            expected: preferred ? `'${preferred}'` : undefined,
            found: `'${match[0]}'${variant !== match[0] ? ` (variant '${variant}')` : ''}`,
            hint: preferred ? `write '${preferred}' (content/glossary.yaml${term.note ? `: ${term.note}` : ''})` : 'see content/glossary.yaml',
          }),
        );
      }
    }
  }
  return out;
}
