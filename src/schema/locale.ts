import { z } from 'zod';
import { LeadNotificationStrings } from '../../supabase/functions/_shared/lead-notification-texts.ts';
import { FooterColumn, HeaderMenus } from './navigation.ts';

/** The shape of what `site build` collects from the locale files for new-lead notifications (src/output/lead-notification-texts.ts). */
export type { NotificationLanguage, NotificationTexts } from '../../supabase/functions/_shared/lead-notification-texts.ts';
import { PublishingStrings } from './publishing.ts';
import { InlineText, RichText, Text } from './text.ts';

const Notice = z.strictObject({
  title: Text.describe('The toast heading, e.g. "Vielen Dank!".'),
  description: Text.optional().describe('A line under the heading, e.g. "Wir melden uns innerhalb eines Werktags."'),
});

const d = (what: string) => Text.describe(what);
const FormLabels = z.strictObject({
  name: d('Label of the name field, e.g. "Name".'),
  email: d('Label of the e-mail field, e.g. "E-Mail".'),
  company: d('Label of the company field, e.g. "Unternehmen" (the education forms ask for a school here).'),
  products: d('Label of the product checkboxes, e.g. "Interesse an".'),
  subject: d('Label of the subject field, e.g. "Betreff".'),
  message: d('Label of the message field, e.g. "Nachricht".'),
});
const FormPlaceholders = z.strictObject({
  name: d('Placeholder in the empty name field, e.g. "Max Mustermann".'),
  email: d('Placeholder in the empty e-mail field, e.g. "max@firma.de".'),
  company: d('Placeholder in the empty company field.'),
  subject: d('Placeholder in the empty subject field.'),
  message: d('Placeholder in the empty message field, e.g. "Wie können wir helfen?".'),
});

/** What a form variant tells the visitor (SPEC §5, §8): exact strings per locale. */
const FormNotices = z.strictObject({
  success: Notice.describe('The toast and in-place message after a request was sent.'),
  error: Notice.describe('The toast when sending failed.'),
  consentMissing: Notice.describe('The toast when the privacy consent box is not ticked.'),
  /** Whether a send failure is also logged to the console (all but the Spanish education form). */
  logErrors: z.boolean().default(true).describe('Whether a send failure is also logged to the browser console. Default true.'),
});
export type FormNotices = z.infer<typeof FormNotices>;

/**
 * One form variant: its notices, and the labels and placeholders where it words a field differently
 * from the locale's shared ones (the education forms ask for a school where the others ask for a
 * company; the payload key stays `company`).
 */
const FormVariant = FormNotices.extend({
  labels: FormLabels.partial().default({}).describe('Labels this variant words differently from forms.labels, e.g. {company: Schule}.'),
  placeholders: FormPlaceholders.partial().default({}).describe('Placeholders this variant words differently from forms.placeholders.'),
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
      .describe(
        'Signs that stay on the line of the figure before them: a space typed between a digit and one of these becomes a no-break space, e.g. ["%", "€"] keeps "85 %" together.',
      ),
    narrowNoBreakBefore: z
      .array(z.string().min(1))
      .default([])
      .describe(
        'Marks after which a typed space is replaced by a narrow no-break space before them, e.g. French ["?", "!", ";"]. A mark typed without a space (a URL) is left alone.',
      ),
    noBreakBefore: z
      .array(z.string().min(1))
      .default([])
      .describe('Marks whose typed space before them becomes a no-break space, e.g. French [":"]. A time such as 10:30 is left alone.'),
    noBreakAfter: z
      .array(z.string().min(1))
      .default([])
      .describe(
        'Signs and abbreviations that stay on the line of what follows them: a typed space after one becomes a no-break space, e.g. German ["§", "Art.", "Abs."] keeps "§ 38" and "Art. 13" together. Matched only where a word starts, so "Start." is left alone.',
      ),
    guillemetSpacing: z.boolean().default(false).describe('Put a no-break space inside « » (French), whether or not the author typed one.'),
    noBreakCompoundLetters: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe(
        'A hyphenated compound of at most this many letters never breaks at its hyphen: it is set in a no-wrap span and its hyphen stays as typed, so copying and find still match. French 12 keeps "peut-être", "contrat-cadre" and "c’est-à-dire" whole, English 10 "in-depth" and "12-month"; 0 leaves every hyphen a break.',
      ),
  })
  .describe('Spacing rules of this language, applied to every string of its pages at render time.');
export type Typography = z.infer<typeof Typography>;

/** The offer's labels in one language, by the ids of `offer` in site.yaml; `{placeholders}` are filled from the data. */
const OfferStrings = z
  .strictObject({
    features: z.record(z.string(), Text).describe('Label of each platform feature by id, e.g. {transcription: Transkription}.'),
    featureTerms: z
      .record(z.string(), z.array(Text))
      .default({})
      .describe('Other words this language uses for a feature, by id, so site check finds it in marketing text, e.g. {transcription: [transkribier]}.'),
    chatbotFeatures: z.record(z.string(), Text).default({}).describe('Label of each chatbot feature by id.'),
    lowercaseInSentence: z
      .boolean()
      .default(false)
      .describe(
        'true: a feature label that runs on after a colon ("Incluye: selección automática del modelo, …") starts in lower case, as French, Spanish and English set such a list; the label as written stays for list points and cards. A label whose first word has another capital (RGPD, ChatGPT) keeps it. German leaves it false: its labels start with nouns.',
      ),
    badges: z
      .strictObject({
        recommended: d('Badge of the recommended plan, e.g. "Empfohlen".'),
        bestValue: d('Badge of the best-value plan, e.g. "Bestes Preis-Leistungs-Verhältnis".'),
      })
      .describe('Plan card badges.'),
    everythingIn: d('First point of a plan that extends another, e.g. "Alles aus {plan}".'),
    savesOnBase: d(
      'A point on the card of a plan that extends another and costs less: what it saves a user in a year, e.g. "{amount} pro Nutzer und Jahr weniger als {plan}". Without it the card does not say so.',
    ).optional(),
    monthly: d('The term of a plan without a minimum term, e.g. "monatlich kündbar".'),
    term: d('The term of a plan with a minimum term, e.g. "{months} Monate Laufzeit".'),
    planLine: d('A plan in a list (FAQ, sales guide, terms), e.g. "{plan}: {price} pro Nutzer und Monat, {term}".'),
    includesLine: d('What a plan includes, after its line in a list, e.g. "enthalten: {features}".'),
    includesMoreLine: d(
      'What a plan that extends another adds, after its line in a list, e.g. "Alles aus {plan}, dazu: {features}." Without it, such a plan repeats every feature of the plan it extends.',
    ).optional(),
    addons: z
      .record(
        z.string(),
        z.strictObject({
          name: d('The add-on\'s name, e.g. "Transkription".'),
          price: d('Its price as an add-on, e.g. "{price} pro Nutzer und Monat zu jedem Tarif".'),
          standalone: d('Its price alone, e.g. "ohne Tarif {price} im Monat".').optional(),
        }),
      )
      .default({})
      .describe('Name and price lines of each add-on, by id.'),
    trials: z
      .record(
        z.string(),
        z.strictObject({
          summary: d('The trial in one sentence for marketing pages, e.g. "{days} Tage kostenlos testen, ohne Kreditkarte."'),
          short: d(
            'The trial in one short line for the hero, with a link to where it is requested, e.g. "{days} Tage kostenlos testen, ohne Kreditkarte: [Test anfragen]({start})." The full sentence stays under the plans and in the FAQ.',
          ).optional(),
          terms: d('The trial as the terms state it: length, price, what happens at its end.').optional(),
          point: d('The trial as a point on the card of its plan, under plans that show the trial, e.g. "{days} Tage kostenlos testen".').optional(),
        }),
      )
      .default({})
      .describe('The trial readings this language shows, by id of offer.trials.'),
  })
  .describe('Labels of the offer data (site.yaml offer) in this language.');

/** UI strings of one language: everything the layout and islands print that is not page content. */
export const LocaleStrings = z.strictObject({
  /** Name of the language in itself, for the language switcher. */
  name: d('The language\'s name in itself, shown in the language switcher, e.g. "Deutsch", "Français".'),
  /** BCP 47 tag for Intl formatting, e.g. de-DE. */
  intl: d('How numbers and prices of this language are written (a BCP 47 tag for Intl), e.g. de-DE gives "22,99 €".'),
  ogLocale: z
    .string()
    .regex(/^[a-z]{2}_[A-Z]{2}$/)
    .describe('The og:locale social previews read, language_REGION, e.g. de_DE.'),
  typography: Typography.default({
    noBreakBeforeUnits: [],
    narrowNoBreakBefore: [],
    noBreakBefore: [],
    noBreakAfter: [],
    guillemetSpacing: false,
    noBreakCompoundLetters: 0,
  }),
  /** What the social preview image (templates/og-image.png) shows, for og:image:alt and twitter:image:alt. */
  socialImageAlt: d('Text alternative of the social preview image (og:image:alt), e.g. "KI-Zentrale: alle KI-Modelle an einem Ort".'),
  skipToContent: d('The "skip to content" link keyboard users meet first on every page, e.g. "Zum Inhalt springen".'),
  publishing: PublishingStrings,
  /** Between a label and its value the layout writes ("Modus: Mathe"): ": ", or " : " in French (the typography makes the space no-break). */
  labelSeparator: z
    .string()
    .min(1)
    .default(': ')
    .describe('What stands between a label and its value on the page, e.g. "Modus: Mathe". Default ": "; French writes " : " (the space becomes no-break).'),
  header: z
    .strictObject({
      navLabel: d('Name of the navigation for screen readers, e.g. "Hauptnavigation".'),
      homeLabel: d('Screen-reader name of the logo link to the home page, e.g. "Startseite".'),
      languageMenu: d('Screen-reader name of the button that opens the language menu on phones and tablets, e.g. "Sprache wählen".'),
      menus: HeaderMenus,
    })
    .describe('The navigation bar: its screen-reader names and, per header variant, its links.'),
  footer: z
    .strictObject({
      brandText: d('The sentence under the brand name in the footer.'),
      columns: z
        .array(FooterColumn)
        .describe(
          'The columns beside the brand, left to right (on wide screens three share a row with it), e.g. industries as plain entries, products and legal pages as links.',
        ),
      copyright: d('The copyright line, e.g. "© 2026 {{company.legalName}}".'),
      /** The contact line under the brand text; `{email}` is where the linked address goes ("E-Mail: {email}"). */
      emailLine: Text.regex(/^[^{}]*\{email\}[^{}]*$/, {
        message: 'expected the line with {email} once where the address goes, e.g. "E-Mail: {email}"',
      }).describe('The contact line under the brand text; {email} marks where the linked address goes, e.g. "E-Mail: {email}".'),
      languagesLabel: d('Label of the language switcher in the footer, e.g. "Sprache".'),
    })
    .describe('The footer of every page.'),
  services: z
    .strictObject({
      details: d('Button of a services card that links to a page, e.g. "Details ansehen".'),
      more: d('Button of a services card without a link (scrolls to the contact form), e.g. "Mehr erfahren".'),
    })
    .describe('Button labels of services cards.'),
  plans: z
    .strictObject({
      perUserMonth: d('Unit after a plan price, e.g. "/ Nutzer / Monat".'),
      onRequest: d('Shown instead of a price that is agreed individually, e.g. "auf Anfrage".'),
      /** Put in front of a savings figure whose claim is an "up to" claim (`upTo` in constants.savings). */
      upTo: d('Put in front of a savings figure whose claim is an "up to" claim (upTo in constants.savings), e.g. "bis zu".'),
    })
    .describe('Words around plan prices and savings figures.'),
  cookieBanner: z
    .strictObject({
      title: d('The banner heading, e.g. "Cookies".'),
      /** May link to the privacy policy, where the banner has no details panel. */
      text: InlineText.describe('The banner text; may link to the privacy policy, e.g. "… [Datenschutzerklärung](/datenschutz)."'),
      accept: d('The accept button, e.g. "Akzeptieren".'),
      decline: d('The decline button, e.g. "Ablehnen".'),
      /** What decline does: German declines without a cookie (the banner returns), others store `rejected`. */
      declineSetsCookie: z
        .boolean()
        .describe(
          'true: decline stores a "rejected" cookie (the banner stays away); false: decline stores nothing and the banner asks again on the next visit.',
        ),
      /**
       * A details panel behind a third button that opens and closes it. Without it the banner has just the
       * two choices (SPEC §4: the French banner has two buttons).
       */
      details: z
        .strictObject({
          show: d('The button that opens the details, e.g. "Details anzeigen".'),
          hide: d('The same button while they are open, e.g. "Details ausblenden".'),
          text: RichText.describe('The details: which cookies, what for, how long (rich text).'),
        })
        .optional()
        .describe('A details panel behind a third button; without it the banner has just accept and decline.'),
    })
    .describe('The cookie consent banner shown on a first visit.'),
  toaster: z.strictObject({ label: d('Screen-reader name of the notification area, e.g. "Benachrichtigungen".') }).describe('The notification area of toasts.'),
  forms: z
    .strictObject({
      labels: FormLabels.describe('Field labels shared by the contact forms.'),
      placeholders: FormPlaceholders.describe('Field placeholders shared by the contact forms.'),
      productNames: z
        .strictObject({
          platform: d('Checkbox label of the AI platform, e.g. "KI-Plattform".'),
          website: d('Checkbox label of websites, e.g. "Website".'),
          chatbot: d('Checkbox label of the chatbot, e.g. "Chatbot".'),
          telefonbot: d('Checkbox label of the phone bot, e.g. "Telefonbot".'),
          mandantenbot: d('Checkbox label of the client bot, e.g. "Mandantenbot".'),
        })
        .describe('Labels of the product checkboxes (the values sent are fixed ids).'),
      /** Consent checkbox text; must link to /datenschutz. */
      consent: InlineText.describe(
        'The consent checkbox text; must link to the privacy policy, e.g. "Ich stimme der [Datenschutzerklärung](/datenschutz) zu."',
      ),
      submit: d('The send button, e.g. "Anfrage senden".'),
      sending: d('The send button while sending, e.g. "Wird gesendet…".'),
      /** Note under the form: * fields are required, data is sent encrypted and processed under GDPR. */
      footnote: d('The note under the form: fields marked * are required, data is sent encrypted and processed under GDPR.'),
      /** The hidden trap field's label: off-screen and hidden from assistive technology, but read by bots and by anyone browsing without CSS. */
      consentHint: d(
        'Beside the send button while consent is unticked: why it cannot be pressed yet, e.g. "Bitte stimmen Sie zuerst der Datenschutzerklärung zu."',
      ),
      failure: z
        .strictObject({
          title: d('Heading of the message that stays in the form after a failed send, e.g. "Ihre Nachricht ist nicht angekommen."'),
          text: d(
            'What to do, with {email} where the service address goes (a mailto link that carries the message), e.g. "Ihre Eingaben sind noch da: Versuchen Sie es noch einmal oder schreiben Sie uns an {email}."',
          ),
        })
        .describe('The message that stays in the form after a failed send (the error toast shows as well).'),
      sent: z
        .strictObject({
          title: d(
            'Heading of the confirmation that takes the form\'s place after a send, in our words (the toast keeps SPEC\'s), e.g. "Ihre Nachricht ist bei uns".',
          ),
          next: d('What happens next, with {email} where the address the visitor gave goes, e.g. "Wir lesen sie persönlich und antworten Ihnen an {email}."'),
        })
        .describe("The confirmation that takes the form's place after a send, above a recap of the message (the success toast shows as well)."),
      sendAnother: d('The button of the confirmation that replaces the form after a send, to write another message, e.g. "Weitere Nachricht schreiben".'),
      honeypot: d(
        'Label of the hidden anti-spam field that only bots fill; a reader without CSS sees it, so it says to leave it empty, e.g. "Website – bitte leer lassen".',
      ),
      /**
       * What shows under a field the browser refuses (SPEC §5: it enforces `required`; these messages
       * replace its bubbles): a required field left empty, or an e-mail address it does not accept.
       */
      errors: z
        .strictObject({
          name: d('Under an empty name field, e.g. "Bitte geben Sie Ihren Namen ein."'),
          email: d('Under an empty e-mail field.'),
          emailInvalid: d('Under an e-mail address the browser does not accept, e.g. "Bitte geben Sie eine gültige E-Mail-Adresse ein."'),
          subject: d('Under an empty subject field.'),
          message: d('Under an empty message field.'),
        })
        .describe('Messages under a field the browser refuses (they replace its bubbles).'),
      business: FormVariant.describe('Notices and wording of the business contact form.'),
      education: FormVariant.describe('Notices and wording of the education contact form (e.g. school instead of company).'),
    })
    .describe('The contact forms: labels, placeholders, messages and notices.'),
  chatDemo: z
    .strictObject({
      open: d('Screen-reader name of the floating chat button, e.g. "Chat öffnen".'),
      title: d('Heading of the chat window.'),
      close: d('Screen-reader name of its close button, e.g. "Chat schließen".'),
      question: d("The visitor's example question in the demo."),
      answer: d("The demo's answer to it."),
      formIntro: d('The line above the mini contact form in the chat.'),
      /** Fixed subject the mini form sends (SPEC §3). */
      subject: d('The subject the mini form sends (fixed, not typed by the visitor).'),
      success: d('Shown in the chat after the mini form was sent.'),
    })
    .describe('The floating chat demo (pages with chatDemo: true).'),
  /** Read by `site build` into supabase/functions/_shared/generated/lead-notification-texts.ts (SITE_NOTIFY_LANGUAGE picks the language). */
  leadNotification: LeadNotificationStrings.optional(),
  offer: OfferStrings.optional(),
  claimNotes: z
    .record(z.string(), Text)
    .default({})
    .describe(
      'The footnote of each registered claim (site.yaml claimRegister) in this language, by id; {asOf}, {source}, {figure}, {items}, {total}, {ours}, {net} are filled from the register.',
    ),
  claimNotesTitle: Text.optional().describe('Heading of the footnotes a page with registered claims ends with, e.g. "Fußnoten".'),
  claimNoteRef: Text.optional().describe(
    'Accessible name of a footnote mark in the text, {n} its number, e.g. "Fußnote {n}"; without it the link reads its number.',
  ),
  claimNoteBack: Text.optional().describe(
    'Accessible name of a footnote\'s number, which leads back to the text, {n} its number, e.g. "Zurück zum Text (Fußnote {n})"; without it the link reads its number.',
  ),
  /** A link into a page family with no page in this language says which language it opens in. */
  crossLanguage: z
    .record(z.string(), Text)
    .default({})
    .describe('What a link to a page only available in another language adds after its text, by that language\'s code, e.g. {de: "(in German)"}.'),
});
export type LocaleStrings = z.infer<typeof LocaleStrings>;
