/**
 * What the sales team's new-lead notification says, as content: the `leadNotification` block of a
 * locale file (content/locales/<code>.yaml) and the module `site build` writes from it for `site serve`
 * and the `notify-leads` function (generated/lead-notification-texts.ts). No sales-facing word lives in
 * code: labels, form names and product names come from the notification language's locale file, and
 * language names from the runtime's CLDR data, in that language.
 */
import * as z from 'zod';
import { FORM_SOURCES } from './contact-fields.ts';

const line = (what: string) => z.string().trim().min(1).describe(what);

/** The `leadNotification` block of a locale file: the notification in this language. */
export const LeadNotificationStrings = z
  .strictObject({
    heading: line('The notification\'s heading and the start of the mail subject, e.g. "Neue Kontaktanfrage".'),
    intro: line('The first sentence of the mail, e.g. "Über die Website ist eine neue Kontaktanfrage eingegangen."'),
    form: line('Label of the form the request was sent with, e.g. "Formular".'),
    language: line('Label of the language the visitor used, e.g. "Sprache".'),
    received: line('Label of the moment the request was stored, e.g. "Eingegangen".'),
    reply: line('A hint under the heading: answering the mail writes to the visitor, e.g. "Antworten Sie auf diese E-Mail, um direkt zu antworten."'),
    none: line('Shown for a value the request does not have, e.g. "–".'),
    forms: z
      .strictObject(
        Object.fromEntries(
          FORM_SOURCES.map((source) => [source, line(`The name of the ${source} form for the sales team, e.g. "Kontaktformular Unternehmen".`)]),
        ) as Record<(typeof FORM_SOURCES)[number], z.ZodString>,
      )
      .describe('The name of each form (by its code in the stored request) as the sales team reads it.'),
  })
  .describe('The new-lead notification for the sales team in this language (mail and webhook text); the field labels and product names come from `forms`.');
export type LeadNotificationStrings = z.infer<typeof LeadNotificationStrings>;

/** Everything one notification language needs, as `site build` collects it from the content. */
export interface NotificationLanguage {
  /** BCP 47 tag the dates are written with (the locale's `intl`). */
  intl: string;
  /** Between a label and its value (the locale's `labelSeparator`). */
  labelSeparator: string;
  strings: LeadNotificationStrings;
  /** The locale's form field labels (`forms.labels`), with the variants' own words (`forms.<variant>.labels`). */
  labels: { name: string; email: string; company: string; products: string; subject: string; message: string };
  variantLabels: Record<string, { company?: string }>;
  /** Product id to name (`forms.productNames`). */
  products: Record<string, string>;
  /** Locale code of the site to the language's name in this language (CLDR, at build time). */
  languages: Record<string, string>;
}

/** The generated module's shape: the site's time zone and every language a notification can be written in. */
export interface NotificationTexts {
  /** IANA time zone the notification's times are written in (site.yaml `timeZone`). */
  timeZone: string;
  /** The language used unless SITE_NOTIFY_LANGUAGE names another (the site's default locale when it has the texts). */
  defaultLanguage: string;
  languages: Record<string, NotificationLanguage>;
}
