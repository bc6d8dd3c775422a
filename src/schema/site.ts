import { z } from 'zod';
import { ClaimRegister, Offer } from './offer.ts';
import { checkOfferData } from './offer-rules.ts';

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

const Text = z.string().min(1);
const Euro = z.number().nonnegative();
const Percent = z.number().min(0).max(100);
const euro = (what: string) => Euro.describe(`${what} In euros, e.g. 22.99; pages print it with {{…| eur}}.`);
const count = (what: string) => z.number().int().positive().describe(what);

const Plan = z.strictObject({
  price: euro('Monthly price per user.'),
  termMonths: count('Minimum term in months, e.g. 12.'),
});

const Subscription = z.strictObject({
  name: Text.describe('The product as visitors know it, e.g. "ChatGPT Plus".'),
  price: euro('Its monthly price.'),
});

/** A savings claim: `percent` cheaper than the listed single subscriptions together, on `plan`. */
const SavingsClaim = z.strictObject({
  percent: Percent.describe('The saving the pages claim, in percent, e.g. 60; site check recomputes it from the prices.'),
  plan: Text.describe('Key of the plan in constants.plans the claim is about, e.g. plus.'),
  against: z.array(Text).min(1).describe('Keys of constants.comparison whose prices together are compared, e.g. [chatgptPlus, claudePro].'),
  /** "up to" claims are allowed to round up; plain claims must not exceed the computed saving. */
  upTo: z.boolean().default(false).describe('true for an "up to" claim, which may round up; a plain claim must not exceed the computed saving.'),
});

const ChatbotTier = z.strictObject({
  months12: euro('Monthly price with a 12-month commitment.'),
  months6: euro('Monthly price with a 6-month commitment.'),
  months1: euro('Monthly price, cancellable monthly.'),
});

export const Constants = z.strictObject({
  plans: z
    .record(z.string(), Plan)
    .describe('The subscription plans by key (e.g. standard, plus); plans sections and the JSON-LD offer print their prices from here.'),
  comparison: z
    .record(z.string(), Subscription)
    .describe('Single subscriptions savings claims compare against, by key, e.g. chatgptPlus: {name: ChatGPT Plus, price: 22.99}.'),
  savings: z.record(z.string(), SavingsClaim).describe('Savings claims by key; savings sections name one with claim:.'),
  claims: z
    .strictObject({
      gdprPercent: Percent.describe('How much of the platform is GDPR-compliant, in percent, e.g. 100.'),
      models: Text.describe('How many AI models the platform offers, as written, e.g. "20+".'),
      availability: Text.describe('The availability claim as written, e.g. "24/7".'),
    })
    .describe('Figures the pages claim about the platform.'),
  trial: z
    .strictObject({
      days: count('Length of the free trial in days.'),
      months: count('Length of the trial offer in months.'),
    })
    .describe('The free trial.'),
  services: z
    .strictObject({
      chatbotPerPage: euro('Monthly chatbot price per website page.'),
      transcriptionRegular: euro('Regular transcription price.'),
      transcriptionAddon: euro('Transcription price as an add-on.'),
    })
    .describe('Prices of the extra services.'),
  chatbot: z
    .strictObject({
      standard: ChatbotTier.describe('Prices of the standard chatbot by commitment.'),
      intake: ChatbotTier.describe('Prices of the intake chatbot by commitment.'),
      setup: ChatbotTier.describe('One-off setup fee by commitment.'),
      smallSolution: z
        .strictObject({
          price: euro('Monthly price of the Small Solution package.'),
          setup: euro('Its one-off setup fee.'),
          staff: z.number().int().describe('Staff members it is made for.'),
          chats: z.number().int().describe('Chats per month it includes.'),
        })
        .describe('The Small Solution package (outside the price table).'),
      booking: euro('Monthly price of the booking add-on.'),
      uptimePercent: Percent.describe('Uptime promised, in percent, e.g. 99.9.'),
      responseSeconds: z.number().positive().describe('Typical answer time in seconds; {{chatbot.responseSeconds | duration}} prints it in words.'),
      languages: count('How many languages the chatbot speaks.'),
      moreLeadsPercent: Percent.describe('More leads claimed, in percent.'),
      conversionIncrease: Text.describe('Conversion increase claimed, as written, e.g. "bis zu 3×".'),
      fewerTicketsPercent: Percent.describe('Fewer support tickets claimed, in percent.'),
      fasterAnswers: Text.describe('Faster answers claimed, as written.'),
    })
    .describe('Chatbot prices (the /chatbot price table) and claims.'),
  education: z
    .strictObject({
      learningModes: count('How many learning modes the education variant has.'),
      languages: count('How many languages it supports.'),
      offerPrice: euro('Price in the education JSON-LD offer (0 for free).'),
      cacheSeconds: count('How long answers are cached, in seconds.'),
    })
    .describe('Figures of the education variant.'),
  terms: z
    .strictObject({
      paymentDays: count('Days an invoice is due after receipt (terms).'),
      defaultInterestPoints: z.number().positive().describe('Default interest in percentage points above the base rate (terms).'),
      availabilityPercent: Percent.describe('Availability promised in the terms, in percent.'),
      noticeDays: count('Notice period in days (terms).'),
      changeNoticeDays: count('Days of notice before the terms change.'),
      serverLogDays: count('Days server logs are kept (privacy policy).'),
      jurisdiction: Text.describe('Place of jurisdiction, e.g. "Bayreuth".'),
    })
    .describe('Figures the terms and the privacy policy print.'),
  cookies: z
    .strictObject({
      consentName: Text.describe('Name of the consent cookie, e.g. "cookie-consent".'),
      consentMaxAgeSeconds: count('How long the consent cookie lasts, in seconds (31536000 = one year).'),
      sidebarStateName: Text.describe('Name of the sidebar-state cookie the privacy policy lists.'),
      sidebarStateDays: count('How long that cookie lasts, in days.'),
    })
    .describe('The cookies the site sets, as the banner and privacy policy describe them.'),
  /** What the privacy policy promises and the software keeps (site serve and the Supabase function read it). */
  privacy: z
    .strictObject({
      /** A contact request that led to no contract is deleted this many months after it arrived. */
      contactRetentionMonths: count(
        'A contact request that led to no contract is deleted this many months after it arrived; the privacy policy prints it and the backend enforces it.',
      ),
      /** Art. 13(1)(e, f) GDPR: the policy names every recipient and, outside the EU, the transfer safeguard. */
      recipients: z
        .record(
          z.string().regex(/^[a-z][a-zA-Z0-9]*$/, { message: 'expected an id such as backend or openai' }),
          z
            .strictObject({
              name: Text.describe('The company that receives the data, as in its contract, e.g. "Supabase Inc.".'),
              seat: Text.describe('The country of its seat, e.g. "USA".'),
              thirdCountry: z.boolean().describe('true when data goes to a country outside the EU/EEA (the policy must then name the safeguard).'),
              safeguard: Text.optional().describe(
                'The legal basis of a transfer outside the EU/EEA, as the policy prints it, e.g. "EU-Standardvertragsklauseln (Art. 46 Abs. 2 lit. c DSGVO)".',
              ),
            })
            .refine((r) => !r.thirdCountry || r.safeguard !== undefined, {
              message: 'a recipient outside the EU/EEA needs its safeguard (EU-US Data Privacy Framework or standard contractual clauses)',
              path: ['safeguard'],
            }),
        )
        .default({})
        .describe(
          'Everyone who receives personal data for the site (hosting, backend, AI model providers), by id; the privacy policy prints each with {{privacy.recipients.<id>.name}} (site check: privacy-recipients).',
        ),
    })
    .describe('What the privacy policy promises and the backend keeps.'),
});
export type Constants = z.infer<typeof Constants>;

export const SiteConfig = z
  .strictObject({
    brand: z
      .strictObject({
        name: Text.describe('The brand as the header, titles and structured data show it, e.g. "KI-Zentrale".'),
        short: Text.describe('A short form for tight spots, e.g. "KIZ".'),
        /** The education brand carries a word of the language ("Bildung"), so a French page needs its own. */
        education: z
          .union([Text, z.record(z.string(), Text)])
          .describe(
            'The brand of the education variant: one name for every language, or one per locale code, e.g. { de: "KI-Zentrale Bildung", en: "KI-Zentrale Education" }; {{brand.education}} prints the page\'s own.',
          ),
      })
      .describe('Brand names; pages print them with {{brand.name}}.'),
    baseUrl: z
      .url({ protocol: /^https?$/ })
      .describe('The public address of the site, e.g. https://www.example.de; canonical URLs, hreflang and the sitemap start with it (SITE_URL overrides it).'),
    email: z.email().describe('The contact address shown in the footer and contact section, e.g. info@example.de.'),
    company: z
      .strictObject({
        legalName: Text.describe('The registered company name, e.g. "Muster GmbH".'),
        street: Text.describe('Street and number of the registered address.'),
        postalCode: Text.describe('Postal code, e.g. "95444".'),
        city: Text.describe('City, e.g. "Bayreuth".'),
        country: Text.describe('Country, e.g. "Deutschland".'),
        registryCourt: Text.describe('Register court, e.g. "Amtsgericht Bayreuth".'),
        registryNumber: Text.describe('Register number, e.g. "HRB 1234".'),
        vatId: Text.describe('VAT identification number, e.g. "DE123456789".'),
        /** A UG or GmbH is represented by its Geschäftsführer (§ 35 GmbHG), whom § 5 DDG asks the legal notice to name. */
        managingDirector: Text.describe('Managing director(s) (Geschäftsführer) named in the legal notice and privacy policy, e.g. "Max Muster".'),
        contentResponsible: Text.describe('Person responsible for the content (§ 18 Abs. 2 MStV).'),
        phone: Text.optional().describe('Phone number as written, e.g. "+49 921 123456"; the legal notice prints it (§ 5 DDG: fast, direct contact).'),
        foundedYear: z.number().int().describe('Year the company was founded, e.g. 2024.'),
        /** Below 20 employees no data-protection officer is required (BDSG §38); the cookie text says so. */
        employeesBelow: z
          .number()
          .int()
          .positive()
          .describe('The company has fewer employees than this (below 20 no data-protection officer is required; the privacy text says so).'),
      })
      .describe('The company behind the site: the legal notice, terms and structured data print it.'),
    backend: z
      .strictObject({
        /** Empty: the page's own origin answers (what `site serve` does). */
        url: z
          .string()
          .describe(
            "Supabase project URL the contact form sends to, e.g. https://abc.supabase.co; empty: the site's own origin answers (site serve). SUPABASE_URL overrides it.",
          ),
        anonKey: z.string().describe('The Supabase anon (public) key; SUPABASE_ANON_KEY overrides it. Never the service-role key.'),
        functionName: Text.describe('Name of the Edge Function that stores contact requests, e.g. rapid-worker.'),
      })
      .describe('Where contact requests go.'),
    locales: z
      .array(LocaleEntry)
      .min(1)
      .describe(
        'The languages of the site, in the order of the language switcher. Adding one needs content files only (docs/authoring/languages.md, Add a language).',
      ),
    defaultLocale: LocaleCode.describe('The code of the locale served at the root (/); the others live under /<code>/.'),
    timeZone: z
      .string()
      .refine((zone) => {
        try {
          return Boolean(new Intl.DateTimeFormat('en', { timeZone: zone }));
        } catch {
          return false;
        }
      }, 'expected an IANA time zone, e.g. Europe/Berlin')
      .default('Europe/Berlin')
      .describe("The site's time zone (IANA name): the times in new-lead notifications are written in it. Default Europe/Berlin."),
    anchors: z
      .strictObject({
        overview: z
          .string()
          .regex(/^[a-z][a-z0-9-]*$/)
          .describe("Anchor id of the product overview section the business header's products link jumps to, e.g. overview."),
      })
      .describe('Anchor ids the layout links to.'),
    socialCards: z
      .enum(['pages', 'shared'])
      .default('pages')
      .describe(
        'pages (default): every indexable page gets its own 1200 × 630 social preview card, drawn at build time from its title and description. shared: every page announces the one og-image.png (for very large sites, where drawing thousands of cards costs minutes).',
      ),
    constants: Constants.describe(
      'Every business figure (prices, periods, percentages); pages print them with {{key.path}} references, so a figure changes in one place.',
    ),
    offer: Offer.optional(),
    claimRegister: ClaimRegister.default({}),
  })
  .superRefine((site, ctx) => {
    const codes = site.locales.map((l) => l.code);
    if (!codes.includes(site.defaultLocale)) {
      ctx.addIssue({ code: 'custom', path: ['defaultLocale'], message: `must be one of the listed locales (${codes.join(', ')})` });
    }
    codes.forEach((code, i) => {
      if (codes.indexOf(code) !== i) ctx.addIssue({ code: 'custom', path: ['locales', i, 'code'], message: `locale '${code}' is listed twice` });
    });
    const education = site.brand.education;
    if (typeof education === 'object') {
      for (const code of codes) {
        if (!(code in education))
          ctx.addIssue({
            code: 'custom',
            path: ['brand', 'education'],
            message: `no education brand for locale '${code}' (every listed locale needs one, e.g. ${code}: "${site.brand.name} …")`,
          });
      }
      for (const code of Object.keys(education)) {
        if (!codes.includes(code))
          ctx.addIssue({ code: 'custom', path: ['brand', 'education', code], message: `'${code}' is not a listed locale (locales: ${codes.join(', ')})` });
      }
    }
    for (const [key, claim] of Object.entries(site.constants.savings)) {
      if (!(claim.plan in site.constants.plans)) {
        ctx.addIssue({
          code: 'custom',
          path: ['constants', 'savings', key, 'plan'],
          message: `unknown plan '${claim.plan}' (plans: ${Object.keys(site.constants.plans).join(', ')})`,
        });
      }
      claim.against.forEach((name, i) => {
        if (!(name in site.constants.comparison)) {
          ctx.addIssue({
            code: 'custom',
            path: ['constants', 'savings', key, 'against', i],
            message: `unknown subscription '${name}' (comparison: ${Object.keys(site.constants.comparison).join(', ')})`,
          });
        }
      });
    }
    for (const [id, claim] of Object.entries(site.claimRegister)) {
      const value = claim.figure
        .split('.')
        .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), site.constants);
      if (typeof value !== 'number' && typeof value !== 'string')
        ctx.addIssue({ code: 'custom', path: ['claimRegister', id, 'figure'], message: `'${claim.figure}' names no figure under constants` });
    }
    if (site.offer) {
      for (const issue of checkOfferData(site.offer, site.constants, codes))
        ctx.addIssue({ code: 'custom', path: ['offer', ...issue.path], message: issue.message });
    }
  });
export type SiteConfig = z.infer<typeof SiteConfig>;
