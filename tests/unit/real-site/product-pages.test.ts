import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../../src/content/model.ts';
import { formatEuro } from '../../../src/content/references.ts';
import { cellText, realModel, renderBare, withoutSoftHyphens } from '../render/page-text.ts';

let model: SiteModel;

beforeAll(async () => {
  model = await realModel();
});

const render = (route: string) => withoutSoftHyphens(renderBare(model, route));

describe('chatbot price table', () => {
  it('prints every tier and commitment from constants.chatbot, in German format', () => {
    const html = render('/chatbot');
    const { chatbot } = model.site.constants;
    for (const tier of ['standard', 'intake', 'setup'] as const) {
      for (const commitment of ['months12', 'months6', 'months1'] as const) {
        expect(cellText(html, 'data-constant', `chatbot.${tier}.${commitment}`)).toContain(formatEuro(chatbot[tier][commitment], 'de-DE'));
      }
    }
  });

  it('follows a changed constant without touching the page', () => {
    const changed: SiteModel = structuredClone(model);
    changed.site.constants.chatbot.intake.months6 = 151;
    const html = withoutSoftHyphens(renderBare(changed, '/chatbot'));
    expect(cellText(html, 'data-constant', 'chatbot.intake.months6')).toContain('151\u00a0€');
  });
});

describe('legal documents', () => {
  const parts = (html: string) => [...html.matchAll(/data-legal-part=""[^>]*><h2[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));

  it('numbers the 13 parts of the terms as § 1 … § 13', () => {
    const titles = parts(render('/agb'));
    expect(titles).toHaveLength(13);
    titles.forEach((title, i) => expect(title).toMatch(new RegExp(`^§ ${i + 1} \\S`)));
  });

  it('numbers the 12 parts of the privacy policy as 1. … 12.', () => {
    const titles = parts(render('/datenschutz'));
    expect(titles).toHaveLength(12);
    titles.forEach((title, i) => expect(title).toMatch(new RegExp(`^${i + 1}\\. \\S`)));
  });

  it('prints the legal notice from the company details in site.yaml', () => {
    const html = render('/impressum');
    const { company, email } = model.site;
    for (const value of [
      company.legalName,
      company.street,
      `${company.postalCode} ${company.city}`,
      company.registryCourt,
      company.registryNumber,
      company.vatId,
      company.managingDirector,
      company.contentResponsible,
      email,
    ]) {
      expect(html).toContain(value.replace(/&/g, '&amp;'));
    }
  });

  it('keeps every company detail a deployer must fill in tagged !placeholder in site.yaml', () => {
    const tagged = model.placeholders.filter((p) => p.location.file === 'site.yaml').map((p) => p.location.path);
    expect(tagged).toEqual(
      expect.arrayContaining([
        'email',
        'company.street',
        'company.postalCode',
        'company.registryNumber',
        'company.managingDirector',
        'company.contentResponsible',
      ]),
    );
  });
});

describe('not-found page', () => {
  it('is written to 404.html, marked noindex, and logs the attempted path with an inline script', () => {
    const entry = model.pages.find((p) => p.family === 'not-found')!;
    expect(entry.file).toBe('404.html');
    const html = render(entry.route);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    // SPEC §2 says the path is logged, not with which words: the message is the page's logMessage.
    const section = entry.page.sections.find((s) => s.type === 'notFound');
    if (section?.type !== 'notFound') throw new Error('no notFound section');
    expect(html).toContain(`<script>console.error(${JSON.stringify(section.logMessage)},location.pathname);`);
    // No island (the cookie banner is static, run by the inline consent probe): no script to download.
    expect(html).not.toContain('data-island=');
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(html).toContain('class="cookie-banner ');
    expect(html).not.toContain('<link rel="canonical"');
    expect(html).toContain('Oops! Page not found');
  });
});

describe('education metadata', () => {
  // SPEC §2: "German metadata names sixteen federal states". The states are SPEC's; the words around them are copy.
  const STATES = [
    'Baden-Württemberg',
    'Bayern',
    'Berlin',
    'Brandenburg',
    'Bremen',
    'Hamburg',
    'Hessen',
    'Mecklenburg-Vorpommern',
    'Niedersachsen',
    'Nordrhein-Westfalen',
    'Rheinland-Pfalz',
    'Saarland',
    'Sachsen',
    'Sachsen-Anhalt',
    'Schleswig-Holstein',
    'Thüringen',
  ];

  it('names all sixteen federal states in the German education keywords and description', () => {
    const html = render('/education');
    const meta = (name: string) => new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html)?.[1] ?? '';
    for (const state of STATES) {
      expect(meta('keywords')).toContain(state);
      expect(meta('description')).toContain(state);
    }
  });
});
