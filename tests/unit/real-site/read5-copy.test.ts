/**
 * What the fifth native reads (fr, en, es) found in the copy, checked on the rendered pages of the real site:
 * the like-for-like net saving beside the headline one, the hero's short trial line, the education rollout.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../../src/content/model.ts';
import { savingFigures, vatGap } from '../../../src/content/savings.ts';
import { readableText, renderRealSite, routeHtml, type RenderedPage } from '../render/page-text.ts';

let model: SiteModel;
let pages: RenderedPage[];

beforeAll(async () => {
  ({ model, pages } = await renderRealSite());
});

const home = (locale: string) => (locale === 'de' ? '/' : `/${locale}`);
const text = readableText;
const pageText = (route: string) => text(routeHtml(pages, route));

/** The body sentence beside the headline saving, and the footnote's, with the net figure at `n`. */
const NET_SENTENCE: Record<string, { body: (n: number) => string; note: (n: number) => string }> = {
  de: { body: (n) => `Beidseitig ohne Umsatzsteuer gerechnet, zahlen Sie immer noch ${n} % weniger.`, note: (n) => `beträgt der Unterschied ${n} %` },
  fr: { body: (n) => `Calculée hors TVA des deux côtés, l’économie est encore de ${n} %.`, note: (n) => `l’économie est de ${n} %` },
  en: { body: (n) => `Compared without VAT on either side, it’s still ${n}% less.`, note: (n) => `the difference is ${n}%` },
  es: { body: (n) => `Si se comparan ambos precios sin IVA, el ahorro sigue siendo del ${n} %.`, note: (n) => `la diferencia es del ${n} %` },
};

function netPercent(site: SiteModel['site']): number {
  const saving = site.constants.savings.vsTwo!;
  const claim = Object.values(site.claimRegister).find((c) => c.figure === 'savings.vsTwo.percent');
  return savingFigures(
    saving.against.map((k) => site.constants.comparison[k]!.price),
    site.constants.plans[saving.plan]!.price,
    vatGap(claim?.basis.vat),
  ).netPercent;
}

describe('the net saving beside the headline saving', () => {
  it('takes the VAT out of the competitors’ consumer prices only', () => {
    // 22,99 € + 21,99 € incl. 19 % VAT = 37,80 € net against 21 € net: 44,4 %, printed rounded down.
    expect(netPercent(model.site)).toBe(Math.floor(((44.98 / 1.19 - 21) / (44.98 / 1.19)) * 100));
    expect(savingFigures([10], 5, 0).netPercent).toBe(50);
  });

  for (const locale of ['de', 'fr', 'en', 'es']) {
    it(`states the footnote's net figure in the body copy of ${home(locale)}`, () => {
      const n = netPercent(model.site);
      const page = pageText(home(locale));
      expect(page).toContain(NET_SENTENCE[locale]!.body(n));
      expect(page).toContain(NET_SENTENCE[locale]!.note(n));
    });
  }

  it('follows the comparison prices in site.yaml, in the copy and the footnote alike', async () => {
    const edited = await renderRealSite([['chatgptPlus: { name: ChatGPT Plus, price: 22.99 }', 'chatgptPlus: { name: ChatGPT Plus, price: 32.99 }']]);
    const n = netPercent(edited.model.site);
    expect(n).toBe(54);
    const en = text(edited.pages.find((p) => p.entry.route === '/en')!.html);
    expect(en).toContain(NET_SENTENCE.en!.body(n));
    expect(en).toContain(NET_SENTENCE.en!.note(n));
  });
});

/** A trial template as a visitor reads it: links as their text, {plan} and {days} filled (no other placeholders). */
const readAs = (template: string, values: Record<string, string>) =>
  template
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)
    .replace(/[\u00a0\u202f]/g, ' ');
const occurrences = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe('the trial line', () => {
  for (const locale of ['de', 'fr', 'en', 'es']) {
    it(`is short in the hero of ${home(locale)} and in full only under the plans and in the FAQ`, () => {
      const { offer } = model.site;
      const [key, trial] = Object.entries(offer?.trials ?? {}).find(([, t]) => t.locales.includes(locale)) ?? [];
      const strings = key ? model.locales[locale]?.offer?.trials[key] : undefined;
      expect(trial && strings?.short).toBeTruthy();
      const values = { plan: offer?.plans[trial?.plan ?? '']?.name ?? '', days: String(model.site.constants.trial.days) };
      const short = readAs(strings?.short ?? '', values);
      expect(short).not.toContain('{');
      // The full sentence up to its first figure that is not {plan} or {days}: enough to tell it from the short one.
      const full = readAs(strings?.summary ?? '', values)
        .split(/[{:]/)[0]!
        .replace(/\s+/g, ' ');
      const found = pages.find((p) => p.entry.route === home(locale));
      const html = found?.html ?? '';
      const hero = text(html.slice(html.indexOf('<section'), html.indexOf('</section>')));
      expect(hero).toContain(short);
      expect(hero).not.toContain(full);
      expect(occurrences(text(html), full)).toBe(2);
    });
  }
});

describe('the education rollout', () => {
  // Days hold for one school; a group or region gets a timetable agreed with it (the FAQ says so in each language).
  const single: Record<string, string> = {
    de: 'Eine einzelne Schule in wenigen Tagen startklar',
    fr: 'Un établissement prêt en quelques jours',
    en: 'A single school up and running within days',
    es: 'Un centro, listo en pocos días',
  };
  const promise =
    /Tagen statt Monaten|eingerichtet in wenigen Tagen|Bundesland in wenigen Wochen|déploiement en quelques jours|rollout in days|set up within days|plataforma en marcha en pocos días/i;
  for (const locale of ['de', 'fr', 'en', 'es']) {
    it(`promises days for a single school only on ${locale === 'de' ? '' : `/${locale}`}/education`, () => {
      const page = pageText(locale === 'de' ? '/education' : `/${locale}/education`);
      expect(page).toContain(single[locale]);
      expect(page).not.toMatch(promise);
    });
  }
});

describe('the remaining read 5 findings', () => {
  it('shows the chatbot setup fee with its figure wherever the monthly price is shown (es F4)', () => {
    const setup = model.site.constants.chatbot?.setup?.months6;
    expect(setup).toBeTypeOf('number');
    const fee: Record<string, string> = {
      de: `zzgl. einmalig ${setup} € Einrichtung`,
      fr: `plus ${setup} € HT de mise en place`,
      en: `plus €${setup} one-off setup`,
      es: `más ${setup} € de puesta en marcha (pago único)`,
    };
    for (const locale of ['de', 'fr', 'en', 'es']) expect(pageText(home(locale)), locale).toContain(fee[locale]);
  });

  it('asks the education contact form not to carry pupils’ data, in every language (es F6)', () => {
    const hint: Record<string, string> = {
      de: 'keine Namen oder anderen Angaben zu Schülerinnen und Schülern',
      fr: 'ni le nom ni aucune autre donnée de vos élèves',
      en: 'don’t include pupils’ names or any other details about pupils',
      es: 'no incluya en el mensaje nombres ni otros datos de sus alumnos',
    };
    for (const locale of ['de', 'fr', 'en', 'es']) expect(pageText(locale === 'de' ? '/education' : `/${locale}/education`), locale).toContain(hint[locale]);
  });

  it('labels the English service-card buttons "Contact us", like every other button to the contact form (en 5)', () => {
    expect(model.locales.en?.services.more).toBe('Contact us');
    const labels = pages
      .filter((page) => page.entry.locale === 'en')
      .flatMap((p) => [...p.html.matchAll(/<a [^>]*href="[^"]*#contact"[^>]*>([\s\S]*?)<\/a>/g)])
      .map((m) => text((m[1] ?? '').replace(/<span class="sr-only">[\s\S]*?<\/span>/g, '')).trim());
    expect(labels.filter((l) => l === 'Contact us').length).toBeGreaterThan(5);
    expect(labels).not.toContain('Find out more');
  });
});
