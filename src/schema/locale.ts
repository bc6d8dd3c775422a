import { z } from 'zod';
import { Href, InlineText, RichText, Text } from './text.ts';

const Notice = z.strictObject({ title: Text, description: Text.optional() });

const FormLabels = z.strictObject({ name: Text, email: Text, company: Text, products: Text, subject: Text, message: Text });
const FormPlaceholders = z.strictObject({ name: Text, email: Text, company: Text, subject: Text, message: Text });

/** What a form variant tells the visitor (SPEC §5, §8): exact strings per locale. */
const FormNotices = z.strictObject({
  success: Notice,
  error: Notice,
  consentMissing: Notice,
  /** Whether a send failure is also logged to the console (all but the Spanish education form). */
  logErrors: z.boolean().default(true),
});
export type FormNotices = z.infer<typeof FormNotices>;

/**
 * One form variant: its notices, and the labels and placeholders where it words a field differently
 * from the locale's shared ones (the education forms ask for a school where the others ask for a
 * company; the payload key stays `company`).
 */
const FormVariant = FormNotices.extend({
  labels: FormLabels.partial().default({}),
  placeholders: FormPlaceholders.partial().default({}),
});

/**
 * A language's spacing rules, applied to every string of its pages when they are rendered: authors type
 * ordinary spaces (which they can see and search for) and the renderer makes the ones that must not break.
 */
export const Typography = z
  .strictObject({
    noBreakBeforeUnits: z
      .array(z.string().min(1))
      .default([])
      .describe('Signs that stay on the line of the figure before them: a space typed between a digit and one of these becomes a no-break space, e.g. ["%", "€"] keeps "85 %" together.'),
    narrowNoBreakBefore: z
      .array(z.string().min(1))
      .default([])
      .describe('Marks after which a typed space is replaced by a narrow no-break space before them, e.g. French ["?", "!", ";"]. A mark typed without a space (a URL) is left alone.'),
    noBreakBefore: z
      .array(z.string().min(1))
      .default([])
      .describe('Marks whose typed space before them becomes a no-break space, e.g. French [":"]. A time such as 10:30 is left alone.'),
    guillemetSpacing: z.boolean().default(false).describe('Put a no-break space inside « » (French), whether or not the author typed one.'),
  })
  .describe('Spacing rules of this language, applied to every string of its pages at render time.');
export type Typography = z.infer<typeof Typography>;

/** UI strings of one language: everything the layout and islands print that is not page content. */
export const LocaleStrings = z.strictObject({
  /** Name of the language in itself, for the language switcher. */
  name: Text,
  /** BCP 47 tag for Intl formatting, e.g. de-DE. */
  intl: Text,
  ogLocale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/),
  typography: Typography.default({ noBreakBeforeUnits: [], narrowNoBreakBefore: [], noBreakBefore: [], guillemetSpacing: false }),
  /** What the social preview image (templates/og-image.png) shows, for og:image:alt and twitter:image:alt. */
  socialImageAlt: Text,
  skipToContent: Text,
  /** Between a label and its value the layout writes ("Modus: Mathe"): ": ", or " : " in French (the typography makes the space no-break). */
  labelSeparator: z.string().min(1).default(': '),
  header: z.strictObject({
    navLabel: Text,
    homeLabel: Text,
    products: Text,
    about: Text,
    pricing: Text,
    contact: Text,
    learningModes: Text,
    start: Text,
    moreSolutions: Text,
    moreSolutionsShort: Text,
    back: Text,
  }),
  footer: z.strictObject({
    brandText: Text,
    industriesTitle: Text,
    industries: z.array(Text).min(1),
    productsTitle: Text,
    products: z.array(z.strictObject({ label: Text, href: Href })).min(1),
    legalTitle: Text,
    legal: z.strictObject({ impressum: Text, agb: Text, datenschutz: Text, faq: Text }),
    copyright: Text,
    /** The contact line under the brand text; `{email}` is where the linked address goes ("E-Mail: {email}"). */
    emailLine: Text.regex(/^[^{}]*\{email\}[^{}]*$/, { message: 'expected the line with {email} once where the address goes, e.g. "E-Mail: {email}"' }),
    languagesLabel: Text,
  }),
  services: z.strictObject({ details: Text, more: Text }),
  plans: z.strictObject({
    perUserMonth: Text,
    onRequest: Text,
    /** Put in front of a savings figure whose claim is an "up to" claim (`upTo` in constants.savings). */
    upTo: Text,
  }),
  cookieBanner: z.strictObject({
    title: Text,
    /** May link to the privacy policy, where the banner has no details panel. */
    text: InlineText,
    accept: Text,
    decline: Text,
    /** What decline does: German declines without a cookie (the banner returns), others store `rejected`. */
    declineSetsCookie: z.boolean(),
    /**
     * A details panel behind a third button that opens and closes it. Without it the banner has just the
     * two choices (SPEC §4: the French banner has two buttons).
     */
    details: z.strictObject({ show: Text, hide: Text, text: RichText }).optional(),
  }),
  toaster: z.strictObject({ label: Text }),
  forms: z.strictObject({
    labels: FormLabels,
    placeholders: FormPlaceholders,
    productNames: z.strictObject({ platform: Text, website: Text, chatbot: Text, telefonbot: Text, mandantenbot: Text }),
    /** Consent checkbox text; must link to /datenschutz. */
    consent: InlineText,
    submit: Text,
    sending: Text,
    /** Note under the form: * fields are required, data is sent encrypted and processed under GDPR. */
    footnote: Text,
    /**
     * What shows under a field the browser refuses (SPEC §5: it enforces `required`; these messages
     * replace its bubbles): a required field left empty, or an e-mail address it does not accept.
     */
    errors: z.strictObject({ name: Text, email: Text, emailInvalid: Text, subject: Text, message: Text }),
    business: FormVariant,
    education: FormVariant,
  }),
  chatDemo: z.strictObject({
    open: Text,
    title: Text,
    close: Text,
    question: Text,
    answer: Text,
    formIntro: Text,
    /** Fixed subject the mini form sends (SPEC §3). */
    subject: Text,
    success: Text,
  }),
});
export type LocaleStrings = z.infer<typeof LocaleStrings>;
