import type { NotificationLanguage, NotificationTexts } from '../schema/locale.ts';
import type { SiteModel } from '../content/model.ts';
import { staleProjectFile, type ProjectFile } from './project-file.ts';

/** Where the notification texts live, relative to the project folder. */
export const LEAD_NOTIFICATION_TEXTS_FILE = 'supabase/functions/_shared/generated/lead-notification-texts.ts';

/**
 * What a new-lead notification may say in each language whose locale file has a `leadNotification`
 * block: its words, the form labels and product names of that locale, and the name of every site
 * language in it (CLDR through Intl, so no language name is typed into code or content twice).
 */
export function leadNotificationTexts(model: Pick<SiteModel, 'site' | 'locales'>): NotificationTexts {
  const languages: Record<string, NotificationLanguage> = {};
  for (const { code } of model.site.locales) {
    const strings = model.locales[code];
    if (!strings?.leadNotification) continue;
    const names = new Intl.DisplayNames([strings.intl], { type: 'language', fallback: 'code' });
    languages[code] = {
      intl: strings.intl,
      labelSeparator: strings.labelSeparator,
      strings: strings.leadNotification,
      labels: { ...strings.forms.labels },
      variantLabels: {
        business: { ...(strings.forms.business.labels.company ? { company: strings.forms.business.labels.company } : {}) },
        education: { ...(strings.forms.education.labels.company ? { company: strings.forms.education.labels.company } : {}) },
      },
      products: { ...strings.forms.productNames },
      languages: Object.fromEntries(model.site.locales.map((entry) => [entry.code, names.of(entry.lang) ?? entry.code])),
    };
  }
  const codes = Object.keys(languages);
  return {
    timeZone: model.site.timeZone,
    defaultLanguage: codes.includes(model.site.defaultLocale) ? model.site.defaultLocale : (codes[0] ?? model.site.defaultLocale),
    languages,
  };
}

export function leadNotificationTextsModule(texts: NotificationTexts): string {
  return [
    "// Written by `site build` from content/ (each locale file's `leadNotification` and `forms`, and `timeZone` in",
    '// site.yaml): do not edit by hand. Commit it; `site serve` and the notify-leads function word notifications with it.',
    "import type { NotificationTexts } from '../lead-notification-texts.ts';",
    '',
    `export const LEAD_NOTIFICATION_TEXTS: NotificationTexts = ${JSON.stringify(texts, null, 2)};`,
    '',
  ].join('\n');
}

/** The module's file and the text it should have, when the project has a function folder and the file differs. */
export function staleLeadNotificationTexts(contentDir: string, model: Pick<SiteModel, 'site' | 'locales'>): Promise<ProjectFile | undefined> {
  return staleProjectFile(contentDir, LEAD_NOTIFICATION_TEXTS_FILE, leadNotificationTextsModule(leadNotificationTexts(model)));
}
