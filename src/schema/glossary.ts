import { z } from 'zod';

const Term = z.string().min(1);
/** A locale code of site.yaml (`de`, `fr`, …) or `all` for a variant that is wrong in every language. */
const LocaleOrAll = z.string().regex(/^(all|[a-z]{2,3})$/, { message: 'expected a locale code such as de, fr, en, es, or all' });

/**
 * One concept of the termbase: the word a locale uses for it, and the variants `site check` rejects.
 * A brand or product name that never translates is `fixed` (the same in every language); the
 * untranslated-text rule then accepts it on every page.
 */
export const GlossaryTerm = z
  .strictObject({
    concept: Term.describe('what the term names, for the author (e.g. "EU data protection regulation")'),
    fixed: Term.optional().describe('a name written the same in every language (brand, product, model name)'),
    preferred: z.record(LocaleOrAll, Term).default({}).describe('the term each locale uses; the fix `site check` proposes'),
    forbidden: z.record(LocaleOrAll, z.array(Term).min(1)).default({}).describe('variants reported as errors, per locale or for all'),
    ignoreCase: z.boolean().default(false).describe('match the forbidden variants in any letter case (acronyms are matched as written)'),
    note: Term.optional().describe('why, for the next author'),
  })
  .refine((term) => term.fixed !== undefined || Object.keys(term.preferred).length > 0, { message: 'a term needs `fixed` or at least one `preferred` entry' });
export type GlossaryTerm = z.infer<typeof GlossaryTerm>;

/** `content/glossary.yaml`: the termbase `site check` holds every page and UI string to. */
export const Glossary = z.strictObject({
  terms: z.array(GlossaryTerm).default([]).describe('The concepts of the termbase, each with its preferred and forbidden terms per locale.'),
});
export type Glossary = z.infer<typeof Glossary>;
