import { z } from 'zod';

/**
 * A locale's code: its folder in URLs (`/fr/…`) and its file name (`locales/fr.yaml`, `pages/<family>/fr.yaml`).
 * Which codes exist is content (`locales` in site.yaml), never a list in code.
 */
export const LocaleCode = z
  .string()
  .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/, { message: 'expected a lower-case language code such as it or pt-br' })
  .describe('Lower-case code of a locale: its URL folder (/it/…) and file name (locales/it.yaml, pages/<family>/it.yaml).');
export type LocaleCode = z.infer<typeof LocaleCode>;

/** A BCP 47 language tag such as `de`, `de-CH` or `pt-BR`. */
export const LanguageTag = z
  .string()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, { message: 'expected a BCP 47 language tag such as it or pt-BR' })
  .describe('BCP 47 language tag, e.g. it, de-CH, pt-BR.');

/** One language of the site: its code and the tags browsers and search engines read. */
export const LocaleEntry = z
  .strictObject({
    code: LocaleCode,
    lang: LanguageTag.describe('The <html lang> of its pages and the lang of its link in the language switcher (BCP 47), e.g. it.'),
    hreflang: LanguageTag.describe('What search engines read in hreflang alternates and the sitemap (BCP 47: a language, or language-REGION), e.g. it.'),
  })
  .describe('A language of the site. Its UI strings live in locales/<code>.yaml and its pages in pages/<family>/<code>.yaml.');
export type LocaleEntry = z.infer<typeof LocaleEntry>;

/** The codes of the site's locales, in site.yaml's order. */
export function localeCodes(site: { locales: readonly LocaleEntry[] }): LocaleCode[] {
  return site.locales.map((l) => l.code);
}

/** The site.yaml entry of locale `code` (it exists: pages and locale files are only loaded for listed codes). */
export function localeEntry(site: { locales: readonly LocaleEntry[] }, code: LocaleCode): LocaleEntry {
  return site.locales.find((l) => l.code === code) ?? { code, lang: code, hreflang: code };
}

const Text = z.string().min(1);
const Euro = z.number().nonnegative();
const Percent = z.number().min(0).max(100);

const Plan = z.strictObject({
  price: Euro,
  termMonths: z.number().int().positive(),
});

const Subscription = z.strictObject({ name: Text, price: Euro });

/** A savings claim: `percent` cheaper than the listed single subscriptions together, on `plan`. */
const SavingsClaim = z.strictObject({
  percent: Percent,
  plan: Text,
  against: z.array(Text).min(1),
  /** "up to" claims are allowed to round up; plain claims must not exceed the computed saving. */
  upTo: z.boolean().default(false),
});

const ChatbotTier = z.strictObject({ months12: Euro, months6: Euro, months1: Euro });

export const Constants = z.strictObject({
  plans: z.record(z.string(), Plan),
  comparison: z.record(z.string(), Subscription),
  savings: z.record(z.string(), SavingsClaim),
  claims: z.strictObject({
    gdprPercent: Percent,
    models: Text,
    availability: Text,
  }),
  trial: z.strictObject({ days: z.number().int().positive(), months: z.number().int().positive() }),
  services: z.strictObject({
    chatbotPerPage: Euro,
    transcriptionRegular: Euro,
    transcriptionAddon: Euro,
  }),
  chatbot: z.strictObject({
    standard: ChatbotTier,
    intake: ChatbotTier,
    setup: ChatbotTier,
    smallSolution: z.strictObject({ price: Euro, setup: Euro, staff: z.number().int(), chats: z.number().int() }),
    booking: Euro,
    uptimePercent: Percent,
    responseSeconds: z.number().positive(),
    languages: z.number().int().positive(),
    moreLeadsPercent: Percent,
    conversionIncrease: Text,
    fewerTicketsPercent: Percent,
    fasterAnswers: Text,
  }),
  education: z.strictObject({
    learningModes: z.number().int().positive(),
    languages: z.number().int().positive(),
    offerPrice: Euro,
    cacheSeconds: z.number().int().positive(),
  }),
  terms: z.strictObject({
    paymentDays: z.number().int().positive(),
    defaultInterestPoints: z.number().positive(),
    availabilityPercent: Percent,
    noticeDays: z.number().int().positive(),
    changeNoticeDays: z.number().int().positive(),
    serverLogDays: z.number().int().positive(),
    jurisdiction: Text,
  }),
  cookies: z.strictObject({
    consentName: Text,
    consentMaxAgeSeconds: z.number().int().positive(),
    sidebarStateName: Text,
    sidebarStateDays: z.number().int().positive(),
  }),
});
export type Constants = z.infer<typeof Constants>;

export const SiteConfig = z
  .strictObject({
    brand: z.strictObject({ name: Text, short: Text, education: Text }),
    baseUrl: z.url({ protocol: /^https?$/ }),
    email: z.email(),
    company: z.strictObject({
      legalName: Text,
      street: Text,
      postalCode: Text,
      city: Text,
      country: Text,
      registryCourt: Text,
      registryNumber: Text,
      vatId: Text,
      managingPartner: Text,
      contentResponsible: Text,
      phone: Text.optional(),
      foundedYear: z.number().int(),
      /** Below 20 employees no data-protection officer is required (BDSG §38); the cookie text says so. */
      employeesBelow: z.number().int().positive(),
    }),
    backend: z.strictObject({
      /** Empty: the page's own origin answers (what `site serve` does). */
      url: z.string(),
      anonKey: z.string(),
      functionName: Text,
    }),
    locales: z.array(LocaleEntry).min(1).describe('The languages of the site, in the order of the language switcher. Adding one needs content files only (README: Add a language).'),
    defaultLocale: LocaleCode.describe('The code of the locale served at the root (/); the others live under /<code>/.'),
    anchors: z.strictObject({ overview: z.string().regex(/^[a-z][a-z0-9-]*$/) }),
    constants: Constants,
  })
  .superRefine((site, ctx) => {
    const codes = localeCodes(site);
    if (!codes.includes(site.defaultLocale)) {
      ctx.addIssue({ code: 'custom', path: ['defaultLocale'], message: `must be one of the listed locales (${codes.join(', ')})` });
    }
    codes.forEach((code, i) => {
      if (codes.indexOf(code) !== i) ctx.addIssue({ code: 'custom', path: ['locales', i, 'code'], message: `locale '${code}' is listed twice` });
    });
    for (const [key, claim] of Object.entries(site.constants.savings)) {
      if (!(claim.plan in site.constants.plans)) {
        ctx.addIssue({ code: 'custom', path: ['constants', 'savings', key, 'plan'], message: `unknown plan '${claim.plan}' (plans: ${Object.keys(site.constants.plans).join(', ')})` });
      }
      claim.against.forEach((name, i) => {
        if (!(name in site.constants.comparison)) {
          ctx.addIssue({ code: 'custom', path: ['constants', 'savings', key, 'against', i], message: `unknown subscription '${name}' (comparison: ${Object.keys(site.constants.comparison).join(', ')})` });
        }
      });
    }
  });
export type SiteConfig = z.infer<typeof SiteConfig>;
