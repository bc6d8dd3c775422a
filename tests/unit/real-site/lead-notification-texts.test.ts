/**
 * The notification texts `site build` writes for `site serve` and the notify-leads function: the
 * committed module is what the build writes from the real content, and every word in it comes from the
 * content (a changed label, form name or time zone in content is what the notification says).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/load.ts';
import type { SiteModel } from '../../../src/content/model.ts';
import { LEAD_NOTIFICATION_TEXTS_FILE, leadNotificationTexts, leadNotificationTextsModule } from '../../../src/output/lead-notification-texts.ts';

async function model(): Promise<SiteModel> {
  const loaded = await loadContent('content');
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
  return loaded.value;
}

describe('the committed lead-notification texts', () => {
  it('are exactly what `site build` writes for the real content (run `npx site build` and commit it when this fails)', async () => {
    const committed = await readFile(path.resolve(LEAD_NOTIFICATION_TEXTS_FILE), 'utf8');
    expect(committed).toBe(leadNotificationTextsModule(leadNotificationTexts(await model())));
  });

  it('take every word from the content: labels, form and product names, the time zone', async () => {
    const site = await model();
    const de = site.locales.de!;
    const edited: SiteModel = {
      ...site,
      site: { ...site.site, timeZone: 'Asia/Tokyo' },
      locales: {
        ...site.locales,
        de: {
          ...de,
          leadNotification: { ...de.leadNotification!, forms: { ...de.leadNotification!.forms, business: 'Firmenformular' } },
          forms: { ...de.forms, productNames: { ...de.forms.productNames, chatbot: 'Bot nach Maß' } },
        },
      },
    };
    const texts = leadNotificationTexts(edited);
    expect(texts.timeZone).toBe('Asia/Tokyo');
    expect(texts.defaultLanguage).toBe('de');
    expect(texts.languages.de!.strings.forms.business).toBe('Firmenformular');
    expect(texts.languages.de!.products.chatbot).toBe('Bot nach Maß');
    expect(texts.languages.de!.languages).toEqual({ de: 'Deutsch', fr: 'Französisch', en: 'Englisch', es: 'Spanisch' });
    expect(texts.languages.fr!.labelSeparator).toBe(' : ');
    // A locale without a leadNotification block offers no notification language.
    const { leadNotification: _dropped, ...withoutFr } = site.locales.fr!;
    expect(Object.keys(leadNotificationTexts({ ...site, locales: { ...site.locales, fr: withoutFr } }).languages)).toEqual(['de', 'en', 'es']);
  });
});
