/**
 * The contradictions issue #35 found in the offer, checked on the rendered pages of the real site: what
 * the plan cards list, the badges, the add-on prices, the trial and the terms all follow site.yaml's offer,
 * and links into German-only pages say so.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteModel } from '../../../src/content/model.ts';
import { renderRealSite, visibleTexts, type RenderedPage } from '../render/page-text.ts';

let pages: RenderedPage[];
let model: SiteModel;
const page = (route: string) => {
  const found = pages.find((p) => p.entry.route === route);
  if (!found) throw new Error(`no page at ${route}`);
  return found;
};
/** Text between tags, entities, no-break spaces and hyphens and word joiners made plain. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/\u2011/g, '-')
    .replace(/\u2060/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/** The plan card of `plan` on a page, as HTML: from its <li> to the next card or the end of its section. */
function card(html: string, plan: string): string {
  const start = html.indexOf(`<li data-plan="${plan}"`);
  if (start < 0) return '';
  const next = html.indexOf('<li data-plan="', start + 1);
  return html.slice(start, next > 0 ? next : html.indexOf('</section>', start));
}
/** The check-marked points of a plan card. */
const points = (html: string, plan: string) => [...card(html, plan).matchAll(/<li class="flex gap-2">([\s\S]*?)<\/li>/g)].map((m) => text(m[1]!));
/** The footnote links after a figure (render/claim-notes.ts) as "[n]", so a text shows which notes it cites. */
const withRefs = (html: string) =>
  html.replace(
    /<sup data-claim-ref="">([\s\S]*?)<\/sup>/g,
    (_, inner: string) => `[${[...inner.matchAll(/<a href="#note-(\d+)"[^>]*>(\d+)<\/a>/g)].map((m) => m[1]).join(',')}]`,
  );
const badge = (html: string, plan: string) => text(/<p data-badge="[a-z]+"[^>]*>([\s\S]*?)<\/p>/.exec(card(html, plan))?.[1] ?? '');
const everywhere = (pattern: RegExp) =>
  pages.flatMap(({ entry, html, islandProps }) =>
    visibleTexts(html, islandProps)
      .filter((t) => pattern.test(t.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2011/g, '-')))
      .map((t) => `${entry.route}: ${t.trim()}`),
  );

beforeAll(async () => {
  ({ pages, model } = await renderRealSite());
});

const HOMES = ['/', '/fr', '/en', '/es'] as const;

describe('plan cards render from the offer data', () => {
  it('no plan card lists transcription: it is an add-on, never included', () => {
    for (const route of HOMES) {
      const html = page(route).html;
      for (const plan of ['standard', 'plus', 'smart']) {
        expect(points(html, plan).length, `${route} ${plan}`).toBeGreaterThan(0);
        expect(
          points(html, plan).filter((p) => /transcri|transkri/i.test(p)),
          `${route} ${plan}`,
        ).toEqual([]);
      }
    }
  });

  it('the add-on panel sells transcription at 7 € with a plan and 14 € alone, in every language', () => {
    const lines = HOMES.map((route) => text(/<p [^>]*data-addon="transcription"[^>]*>([\s\S]*?)<\/p>/.exec(page(route).html)?.[1] ?? ''));
    expect(lines).toEqual([
      '7 € pro Nutzer und Monat, zu jedem Tarif buchbar. Ohne Tarif einzeln: 14 € pro Nutzer und Monat.',
      '7 € par utilisateur et par mois, quelle que soit la formule. Sans abonnement à la plateforme : 14 € par utilisateur et par mois.',
      '€7 per user per month as an add-on to any plan. On its own, without a plan: €14 per user per month.',
      '7 € por usuario y mes como complemento de cualquier plan. Por separado, sin plan: 14 € por usuario y mes.',
    ]);
    // The old reference price ("7 € statt 14 €", "instead of the usual") is gone.
    expect(everywhere(/statt regulär|instead of the usual|au lieu de \d|en lugar de \d/i)).toEqual([]);
  });

  it('central user management is in Standard, so Plus and Smart inherit it instead of claiming it alone', () => {
    const html = page('/').html;
    expect(points(html, 'standard')).toContain('Benutzerverwaltung an zentraler Stelle');
    expect(points(html, 'plus')[0]).toBe('Alles aus Standard');
    expect(points(html, 'smart').slice(0, 2)).toEqual(['Alles aus Plus', 'Priority-Support']);
  });

  it('Smart, which extends Plus for less, says what it saves a year (2 € × 12) and carries the trial of its language', () => {
    expect(HOMES.map((route) => points(page(route).html, 'smart').slice(2))).toEqual([
      ['24 € pro Nutzer und Jahr günstiger als Plus', 'Testmonat zum Preis des Jahrestarifs'],
      ['24 € HT de moins par utilisateur et par an qu’avec Plus', 'Essai gratuit de 7 jours, sans engagement'],
      ['Save €24 per user a year compared with Plus', 'Free 7-day trial'],
      ['Ahorre 24 € por usuario y año frente a Plus', 'Pruébelo gratis 7 días'],
    ]);
    expect(points(page('/leitfaden').html, 'smart').slice(2)).toEqual(['24 € pro Nutzer und Jahr günstiger als Plus', 'Testmonat zum Preis des Jahrestarifs']);
    // Plus costs more than Standard, which it extends: no saving on its card.
    expect(points(page('/').html, 'plus').filter((p) => /günstiger/.test(p))).toEqual([]);
  });

  it('Smart wears SPEC §9\'s "best value" in each language, and no card claims the best price', () => {
    expect(HOMES.map((route) => badge(page(route).html, 'smart'))).toEqual([
      'Bestes Preis-Leistungs-Verhältnis',
      'Meilleur rapport qualité-prix',
      'Best value',
      'Mejor relación calidad-precio',
    ]);
    expect(HOMES.map((route) => badge(page(route).html, 'plus'))).toEqual(['Empfohlen', 'Recommandé', 'Recommended', 'Recomendado']);
    for (const route of [...HOMES, '/leitfaden']) {
      for (const plan of ['standard', 'plus', 'smart'])
        expect(badge(page(route).html, plan), `${route} ${plan}`).not.toMatch(/bester preis|meilleur prix|mejor precio|best price|cheapest/i);
    }
  });

  it('the FAQ states what each plan includes from the same data, and transcription as an add-on', () => {
    const faq = text(/<ul class="list-disc[^"]*" data-offer="plans">([\s\S]*?)<\/ul>/.exec(page('/faq').html)?.[1] ?? '');
    expect(faq).toContain('Standard: 17 € pro Nutzer und Monat, monatlich kündbar.');
    expect(faq).toContain('Smart: 19 € pro Nutzer und Monat, 12 Monate Laufzeit.');
    // A plan that extends another names it and adds its own features (locale offer.includesMoreLine), instead of
    // repeating Standard's eight features in Plus and again in Smart.
    expect(faq).toContain('Smart: 19 € pro Nutzer und Monat, 12 Monate Laufzeit. Alles aus Plus, dazu: Priority-Support.');
    expect(faq.match(/Branchenvorlagen/g)).toHaveLength(1);
    expect(faq).not.toMatch(/Transkription/);
    expect(text(/data-offer="addons">([\s\S]*?)<\/ul>/.exec(page('/faq').html)?.[1] ?? '')).toBe(
      'Transkription: 7 € pro Nutzer und Monat, zu jedem Tarif buchbar. Ohne Tarif einzeln: 14 € pro Nutzer und Monat.',
    );
  });

  it('the business JSON-LD offers each plan at its price, with transcription as an add-on at 7 €', () => {
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page('/en').html)![1]!) as {
      offers: { price: string; offers: { sku: string; price: string; addOn?: { sku: string; price: string }[] }[] };
    };
    expect(data.offers.price).toBe('17');
    expect(data.offers.offers.map((o) => [o.sku, o.price, o.addOn?.map((a) => `${a.sku} ${a.price}`)])).toEqual([
      ['standard', '17', ['transcription 7']],
      ['plus', '21', ['transcription 7']],
      ['smart', '19', ['transcription 7']],
    ]);
  });

  it('marks every JSON-LD price as excluding VAT, as the pages say it is', () => {
    for (const route of ['/', '/fr', '/en', '/es']) {
      const html = page(route).html;
      const specs = [...html.matchAll(/"@type":"UnitPriceSpecification"[^}]*/g)].map((m) => m[0]);
      // The lowest price, each plan and each plan's transcription add-on.
      expect(specs, route).toHaveLength(7);
      for (const spec of specs) expect(spec, route).toContain('"valueAddedTaxIncluded":false');
    }
  });

  it("gives every price unit in the JSON-LD in the page's language", () => {
    const units = (route: string) => [...page(route).html.matchAll(/"unitText":"([^"]*)"/g)].map((m) => m[1]);
    const expected = { '/': 'pro Nutzer und Monat', '/fr': 'par utilisateur et par mois', '/en': 'per user per month', '/es': 'por usuario y mes' };
    for (const [route, unit] of Object.entries(expected)) {
      // The lowest price, each plan and each plan's transcription add-on.
      expect(units(route), route).toHaveLength(7);
      expect(new Set(units(route)), route).toEqual(new Set([unit]));
    }
  });

  // French, Spanish and English run a list on in lower case after a colon; German feature labels start with nouns.
  it('states what each plan includes as a sentence set in its language: lower case after the colon in fr, en and es', () => {
    const descriptions = (route: string) =>
      (
        JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page(route).html)?.[1] ?? '{}') as {
          offers: { offers: { description: string }[] };
        }
      ).offers.offers.map((o) => o.description.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2060/g, ''));
    expect(descriptions('/')[0]).toMatch(/^Enthalten: Smart Select \(automatische Modellwahl\), Branchenvorlagen und -agenten, /);
    expect(descriptions('/fr')[0]).toMatch(/^Inclus : choix automatique du modèle \(Smart Select\), prompts et agents métiers, /);
    expect(descriptions('/en')[0]).toMatch(/^Includes: automatic model selection \(Smart Select\), industry templates and agents, /);
    expect(descriptions('/es')[0]).toMatch(/^Incluye: selección automática del modelo \(Smart Select\), plantillas y agentes por sector, /);
    for (const route of ['/fr', '/en', '/es']) {
      const all = descriptions(route);
      expect(all).toHaveLength(3);
      // Every feature after the colon, whatever the plan: none starts with a capital but an acronym (RGPD) would.
      const features = all.flatMap((d) => d.slice(d.indexOf(':') + 1).split(', '));
      expect(
        features.filter((f) => /^\s*\p{Lu}\p{Ll}/u.test(f)),
        route,
      ).toEqual([]);
      expect(features).toContain(
        route === '/en'
          ? 'GDPR-compliant hosting in Europe'
          : route === '/fr'
            ? 'hébergement européen conforme au RGPD'
            : 'alojamiento en Europa conforme al RGPD',
      );
    }
  });
});

/** A card's text is the paragraph that ends its list item, whatever the card's classes: the cards that say "hosted in Europe". */
function hostedInEuropeCards(html: string): string[] {
  const CARD_TEXT = /<p\b[^>]*>((?:(?!<\/?p\b)[\s\S])*?)<\/p><\/li>/g;
  return [...html.matchAll(CARD_TEXT)]
    .map((m) => m[1] ?? '')
    .filter((card) => /(Hosting|Hébergement|hébergée?|Hosted|Gehostet|alojad[oa]|Alojamiento) (in|en) Europ/i.test(text(card).replace(/\u00ad/g, '')));
}
/** Whether a text names the processing in the US and both of its safeguards. */
function tellsUsProcessing(html: string): boolean {
  const plain = text(html).replace(/\u00ad/g, '');
  return (
    /(?:^|\s)(USA|US|États-Unis|EE\. UU\.)/.test(plain) &&
    /Data Privacy Framework|Marco de Privacidad de Datos/.test(plain) &&
    /Standardvertragsklauseln|standard contractual clauses|clauses contractuelles types|cláusulas contractuales tipo/.test(plain)
  );
}
/** The privacy policy's part on recipients: its section. */
function recipientsPart(html: string): string {
  return /<section id="empfaenger"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
}
/**
 * A "hosted in Europe" card tells the reader where the data goes: in its own words (the US processing and its
 * safeguards), or by a link to the privacy policy's part on recipients that does.
 */
function saysWhereDataGoes(card: string, policy: string): boolean {
  return tellsUsProcessing(card) || (/href="\/datenschutz#empfaenger"/.test(card) && tellsUsProcessing(policy));
}

describe('claims that contradicted other pages', () => {
  it('chatbots answer from your content; nothing says they are trained on it', () => {
    expect(everywhere(/trainiert auf|trainieren (?:ihn|sie|es) auf|training auf ihre|trained on your|entraîné sur vos|entrenado con sus/i)).toEqual([]);
  });

  it('the platform is "hosted in Europe" (SPEC §1); no page says the data stays in Europe', () => {
    expect(everywhere(/daten bleiben in europa|stays in europe|restent en europe|no salen de europa/i)).toEqual([]);
  });

  it('every FAQ answer on data protection that says where the platform is hosted also names the US processing', () => {
    const ANSWER = /<details\b[\s\S]*?<\/details>/g;
    for (const route of [...HOMES, '/education', '/fr/education', '/en/education', '/es/education', '/faq']) {
      const answers = [...page(route).html.matchAll(ANSWER)]
        .filter((m) => /DSGVO|RGPD|GDPR|datenschutz|données|data protection|datos/i.test(text(/<summary\b[\s\S]*?<\/summary>/.exec(m[0])?.[0] ?? '')))
        .map((m) => text(m[0]).replace(/\u00ad/g, ''))
        .filter((t) => /Europ/.test(t));
      expect(answers.length, route).toBeGreaterThan(0);
      for (const answer of answers) expect(answer, route).toMatch(/(?:^|\s)(USA|US|États-Unis|EE\. UU\.)/);
    }
  });

  it('every data-protection card that says "hosted in Europe" also says, or links to, which requests go to the US and on what basis', () => {
    const policy = recipientsPart(page('/datenschutz').html);
    // The part the cards link to names the US processing and both safeguards (privacy-recipients makes it name each recipient).
    expect(tellsUsProcessing(policy)).toBe(true);
    for (const route of [...HOMES, '/education', '/fr/education', '/en/education', '/es/education']) {
      const cards = hostedInEuropeCards(page(route).html);
      expect(cards.length, route).toBeGreaterThan(0);
      for (const card of cards) expect(saysWhereDataGoes(card, policy), `${route}: ${text(card)}`).toBe(true);
    }
  });

  it('the "hosted in Europe" rule fails a card that neither says nor links to where the data goes', () => {
    const policy = recipientsPart(page('/datenschutz').html);
    const full =
      '<li><p>Hosting in Europa. Anfragen an US-Modelle werden auch in den USA verarbeitet, abgesichert durch das EU-US Data Privacy Framework oder EU-Standardvertragsklauseln.</p></li>';
    const linked = '<li><p>Hosting in Europa. <a href="/datenschutz#empfaenger" hrefLang="de">Wohin Ihre Daten gehen →</a></p></li>';
    const neither = '<li><p>Hosting in Europa und kein Training mit Ihren Daten.</p></li>';
    const elsewhere = '<li><p>Hosting in Europa. <a href="/datenschutz#kontakt">Datenschutz →</a></p></li>';
    expect(hostedInEuropeCards(full + linked + neither)).toHaveLength(3);
    expect(saysWhereDataGoes(full, policy)).toBe(true);
    expect(saysWhereDataGoes(linked, policy)).toBe(true);
    expect(saysWhereDataGoes(neither, policy)).toBe(false);
    expect(saysWhereDataGoes(elsewhere, policy)).toBe(false);
    // A link is only as good as the part it leads to.
    expect(saysWhereDataGoes(linked, '<section id="empfaenger"><h2>Empfänger</h2><p>Hosting in Europa.</p></section>')).toBe(false);
  });

  it('fr, en and es claim no fit with an official curriculum and no region-wide rollout "within weeks"', () => {
    const unbacked =
      /programmes officiels|align(?:é|e)e?s? sur les programmes|fits the curriculum|curriculum-aligned|se ajusta al currículo|adaptadas al currículo|within weeks|en pocas semanas|en quelques semaines|asequible/i;
    expect(everywhere(unbacked).filter((line) => /^\/(fr|en|es)\b/.test(line))).toEqual([]);
  });

  it('the German trial says what the terms say: cancel by the end of the month, else Smart with its term', () => {
    // The full sentence under the plans (the hero has the short line: tests/unit/real-site/read5-copy.test.ts).
    const trial = text(/<p data-offer="trial"[^>]*>([\s\S]*?)<\/p>/.exec(page('/').html)?.[1] ?? '');
    expect(trial).toBe(
      'Testen Sie Smart einen Monat lang mit allen Funktionen, zum Preis des Jahrestarifs: 19 € pro Nutzer zzgl. MwSt., ohne Kreditkarte. Sie fordern den Testmonat über das Kontaktformular an, wir schalten Ihren Zugang frei. Wenn Sie bis zum Ende des Testmonats kündigen, zahlen Sie nur diesen einen Monat. Sonst läuft Ihr Zugang im Tarif Smart weiter (12 Monate Laufzeit).',
    );
    expect(everywhere(/nach dem ersten monat kündbar|kündigen sie nach dem ersten monat/i)).toEqual([]);
    const terms = text(/data-offer="trialTerms">([\s\S]*?)<\/ul>/.exec(page('/agb').html)?.[1] ?? '');
    expect(terms).toContain(
      'Kündigt der Kunde bis zum letzten Tag des Testmonats in Textform, endet der Vertrag mit dessen Ablauf. Andernfalls setzt er sich nach dem Testmonat im Tarif Smart fort (12 Monate Laufzeit); die Mindestlaufzeit beginnt mit dem Ende des Testmonats.',
    );
    expect(terms).toContain('7 Tage kostenlos testen');
    // The terms name the plan each trial runs on and how it starts, from the same offer data as the trial lines.
    expect(terms).toContain('mit allen Funktionen des Tarifs Smart 7 Tage kostenlos testen');
    expect(terms).toContain('Der Kunde fordert den Testmonat über das Kontaktformular der Website an');
  });

  it('the other languages offer the free week, as SPEC §9 gives it', () => {
    expect(['/fr', '/en', '/es'].map((route) => text(/<p data-offer="trial"[^>]*>([\s\S]*?)<\/p>/.exec(page(route).html)?.[1] ?? ''))).toEqual([
      'Essai gratuit de 7 jours avec toutes les fonctionnalités de la formule Smart, sans carte bancaire : demandez-le depuis le formulaire de contact, nous activons votre accès. L’essai s’arrête de lui-même : rien à résilier.',
      'Try every Smart feature free for 7 days, no credit card needed. Request your trial through the contact form and we’ll set up your access. The trial ends automatically, so there’s nothing to cancel.',
      'Prueba gratuita de 7 días con todas las funciones del plan Smart, sin tarjeta de crédito: solicítela en el formulario de contacto y le activamos el acceso. La prueba termina automáticamente y sin compromiso.',
    ]);
  });

  it('every trial line names the plan it runs on and links to the contact form where it is requested', () => {
    const TRIAL_LINES = /<p data-(?:trial=""|offer="trial")[^>]*>([\s\S]*?)<\/p>/g;
    const lines = ['/', '/fr', '/en', '/es', '/faq', '/leitfaden'].flatMap((route) =>
      [...page(route).html.matchAll(TRIAL_LINES)].map((m) => ({ route, html: m[1] ?? '' })),
    );
    // The hero note, the line under the plan cards and the FAQ answer of each home page; the FAQ and the sales guide.
    expect(lines.map((l) => l.route)).toEqual(['/', '/', '/', '/fr', '/fr', '/fr', '/en', '/en', '/en', '/es', '/es', '/es', '/faq', '/leitfaden']);
    const plan = model.site.offer?.plans.smart?.name ?? '';
    for (const { route, html } of lines) {
      expect(text(html), route).toMatch(new RegExp(`\\b${plan}\\b`));
      // A home page links to its own form; a page without one to its language's home page's form (SPEC §2: /#contact).
      const href = [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);
      expect(href, route).toEqual([['/faq', '/leitfaden'].includes(route) ? '/#contact' : '#contact']);
    }
    for (const route of HOMES) expect(page(route).html, route).toMatch(/<section id="contact"/);
  });

  it('the 99.9 % chatbot uptime the chatbot page guarantees is promised in the terms', () => {
    expect(text(page('/agb').html)).toContain(
      'Für individuelle Chatbots sagt der Anbieter eine Verfügbarkeit der Chatbot-Infrastruktur von 99,9 % im Monatsmittel zu',
    );
    expect(text(withRefs(page('/chatbot').html))).toMatch(
      /Ihr Chatbot: 99,9 % verfügbar\[\d+\]\s*Vertraglich zugesagt für den Chatbot-Dienst, im Monatsmittel \(§ 5 Abs\. 3 AGB\)/,
    );
  });
});

describe('links into pages in another language', () => {
  const GERMAN_ONLY = ['/datenschutz', '/impressum', '/agb', '/faq', '/chatbot'];
  const MARKERS = { '/fr': '(en allemand)', '/en': '(in German)', '/es': '(en alemán)' } as const;

  it('carry hreflang="de" and the page language\'s marker, in text, buttons and the footer', () => {
    for (const [route, marker] of Object.entries(MARKERS)) {
      const links = [...page(route).html.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)].filter((m) => GERMAN_ONLY.some((href) => m[1]!.includes(`href="${href}"`)));
      expect(links.length, route).toBeGreaterThanOrEqual(5);
      for (const [, attributes, inner] of links) {
        expect(attributes, `${route} ${attributes}`).toContain('hrefLang="de"');
        // The marker ends the words; a button's decorative arrow may follow it, and then ends the button.
        const words = inner!.replace(/<span aria-hidden="true">→<\/span>$/, '');
        expect(text(words), route).toMatch(new RegExp(`${marker.replace(/[()]/g, '\\$&')}$`));
      }
    }
  });

  it('a button with an arrow keeps the arrow last, after the marker ("View details (in German) →")', () => {
    for (const [route, marker] of Object.entries(MARKERS)) {
      const buttons = [...page(route).html.matchAll(/<a [^>]*href="\/chatbot"[^>]*>([\s\S]*?)<\/a>/g)]
        .map((m) => m[1] ?? '')
        .filter((inner) => inner.includes('→'));
      expect(buttons.length, route).toBeGreaterThanOrEqual(1);
      for (const inner of buttons) expect(text(inner), route).toMatch(new RegExp(`${marker.replace(/[()]/g, '\\$&')}→$`));
    }
  });

  it('the consent text of the contact form island names the language of the privacy policy', () => {
    for (const [route, marker] of Object.entries(MARKERS)) {
      const props = [...page(route).islandProps.values()].map((json) => JSON.parse(json) as { consentLinks?: Record<string, unknown> });
      expect(
        props.some((p) => JSON.stringify(p.consentLinks) === JSON.stringify({ '/datenschutz': { hreflang: 'de', marker: marker.replace(' ', '\u00a0') } })),
        route,
      ).toBe(true);
    }
  });

  it('German pages link to German pages without a marker', () => {
    expect(page('/').html).not.toMatch(/hrefLang="de"[^>]*>[^<]*<!-- --> \(/);
    expect(text(page('/').html)).not.toContain('(auf Deutsch)');
  });
});

describe('registered claims carry their footnotes (site.yaml claimRegister)', () => {
  /** The footnote numbers after a figure or label, and the notes of a page by number. */
  const notes = (html: string) =>
    [...html.matchAll(/<li id="claim-([A-Za-z0-9]+)" value="(\d+)"[^>]*>([\s\S]*?)<\/li>/g)].map((m) => ({ id: m[1]!, n: Number(m[2]), text: text(m[3]!) }));

  it('the German home page numbers its claims as they appear and explains each', () => {
    const html = page('/').html;
    expect(notes(html).map((n) => `${n.n} ${n.id}`)).toEqual(['1 gdpr', '2 models', '3 availability', '4 savingsVsTwo']);
    expect(text(withRefs(html))).toContain('DSGVO-konform[1]');
    expect(text(withRefs(html))).toContain('53 % günstiger[4] als ChatGPT Plus und Claude Pro zusammen');
  });

  it('the savings footnote states both sides, the VAT basis of each, the date and the sources', () => {
    const savings = notes(page('/').html).find((n) => n.id === 'savingsVsTwo')!.text;
    expect(savings).toBe(
      '⁴Vergleich pro Person und Monat: ChatGPT Plus 22,99 € + Claude Pro 21,99 € = 44,98 €. Das sind Endkundenpreise der Anbieter inklusive 19 % Umsatzsteuer (Stand November 2026, Quellen: openai.com, claude.ai). KI-Zentrale Plus kostet 21 € pro Nutzer und Monat zuzüglich Umsatzsteuer. Ohne Umsatzsteuer gerechnet beträgt der Unterschied 44 %.',
    );
    expect(notes(page('/en').html).find((n) => n.id === 'savingsVsTwo')!.text).toContain('including 19% German VAT, as of November 2026');
  });

  it('the chatbot page explains its uptime, conversion and lead figures in notes instead of hand-set numbers', () => {
    const html = page('/chatbot').html;
    expect(notes(html).map((n) => n.id)).toEqual([
      'chatbotResponse',
      'chatbotLanguages',
      'chatbotUptime',
      'moreLeads',
      'conversion',
      'fewerTickets',
      'fasterAnswers',
    ]);
    expect(notes(html).find((n) => n.id === 'chatbotUptime')!.text).toContain('zugesagt in § 5 Abs. 3 unserer AGB');
  });

  it('the chatbot hero leads with what the product is; the figures from projects stand where their basis is said (review 16 #1)', () => {
    const hero = /<dl data-hero-stats=""[^>]*>([\s\S]*?)<\/dl>/.exec(page('/chatbot').html)?.[1] ?? '';
    const cited = [...hero.matchAll(/<a href="#note-(\d+)"/g)].map((m) => notes(page('/chatbot').html).find((n) => n.n === Number(m[1]))?.id);
    expect(cited).toEqual(['chatbotResponse', 'chatbotLanguages', 'chatbotUptime']);
    const body = text(withRefs(page('/chatbot').html)).replace(/\u00ad/g, '');
    expect(body.match(/bis zu 100 % mehr Anfragen/g)).toHaveLength(1);
    expect(body).toMatch(/In unseren bisherigen Projekten[^.]*bis zu 100 % mehr Anfragen[^.]*\. Das sind Erfahrungswerte/);
  });

  it('every 99.9 % on /chatbot says it is the chatbot’s, and the 99.5 % note says it is the platform’s, in every language (review 16 #2)', () => {
    const uptime = text(page('/chatbot').html).match(/[^.]{0,40}99,9 %[^.]{0,40}/g) ?? [];
    expect(uptime.length).toBeGreaterThanOrEqual(2);
    expect(uptime.filter((line) => !/Chatbot/.test(line))).toEqual([]);
    const platform = {
      '/': 'Verfügbarkeit der Plattform von 99,5 %',
      '/fr': 'plateforme un objectif de disponibilité de 99,5 %',
      '/en': 'platform a target of 99.5%',
      '/es': 'para la plataforma un objetivo',
    };
    for (const [route, words] of Object.entries(platform)) {
      const note = notes(page(route).html).find((n) => n.id === 'availability')!.text;
      expect(note, route).toContain(words);
      expect(note, route).toMatch(/§ 5 Abs\. 1|art\. 5, al\. 1|section 5\(1\)|art\. 5\.1/);
    }
  });

  it('the chatbot scope cards: texts of balanced length, and a card that names US processing says so in its heading (review 16 #4, #5)', () => {
    const scope = /<section id="leistungsumfang"[\s\S]*?<\/section>/.exec(page('/chatbot').html)?.[0] ?? '';
    const cards = [...scope.matchAll(/<h3[^>]*>([\s\S]*?)<\/h3>[\s\S]*?<p[^>]*>([\s\S]*?)<\/p>/g)].map((m) => ({ title: text(m[1]!), body: text(m[2]!) }));
    expect(cards.length).toBe(8);
    const lengths = cards.map((c) => c.body.length).sort((a, b) => b - a);
    // The longest text at most a fifth longer than the next: one long card made its row's others look empty.
    expect(lengths[0]! / lengths[1]!).toBeLessThanOrEqual(1.2);
    const us = cards.filter((c) => /in den USA/.test(c.body));
    expect(us.length).toBe(1);
    expect(us[0]!.title).toMatch(/USA/);
    expect(us[0]!.title).not.toMatch(/Hosting in Europa/);
  });

  it('every footnote mark links to its note, and every note links back to its first mark', () => {
    for (const route of ['/', '/chatbot', '/education', '/fr', '/en/education']) {
      const html = page(route).html;
      const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
      const refs = [...html.matchAll(/<sup data-claim-ref="">([\s\S]*?)<\/sup>/g)].flatMap((m) => [
        ...(m[1] ?? '').matchAll(/<a href="#(note-\d+)" id="(ref-[\d-]+)"/g),
      ]);
      expect(refs.length, route).toBeGreaterThan(0);
      for (const [, note] of refs) expect(ids.has(note ?? ''), `${route} → #${note}`).toBe(true);
      const backs = [...html.matchAll(/<a href="#(ref-\d+)" id="(note-\d+)"/g)];
      expect(backs.map((m) => m[2]).sort(), route).toEqual(
        notes(html)
          .map((n) => `note-${n.n}`)
          .sort(),
      );
      for (const [, ref] of backs) expect(ids.has(ref ?? ''), `${route} ← #${ref}`).toBe(true);
      // One id per element: the second mark of a note is ref-N-2, not a second ref-N.
      const all = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(all.length, route).toBe(new Set(all).size);
    }
    // In German the links have names that say what they are.
    expect(page('/').html).toContain('<a href="#note-1" id="ref-1" aria-label="Fußnote 1"');
    expect(page('/').html).toContain('<a href="#ref-1" id="note-1" aria-label="Zurück zum Text (Fußnote 1)"');
  });

  it('no footnote mark follows a figure: a raised digit after "53 %" or "12+" reads as a power', () => {
    const marks = pages.flatMap(({ entry, html }) =>
      [...html.matchAll(/([^>]{0,12})(?:<\/span>)?<sup data-claim-ref="">/g)].map((m) => `${entry.route}: ${m[1]}`),
    );
    expect(marks.length).toBeGreaterThan(20);
    expect(marks.filter((m) => /[\d%+][\s\u00a0\u202f]*$/.test(m))).toEqual([]);
  });

  it('the terms state figures without footnotes: they are the basis, not a claim', () => {
    expect(notes(page('/agb').html)).toEqual([]);
  });
});

describe('text other programs read', () => {
  it('the head (title, descriptions, structured data) carries no line-breaking marks, though the page text does', () => {
    const marks = /[\u00ad\u2060\u2011]/;
    const inHead = pages.filter(({ html }) => marks.test(html.slice(0, html.indexOf('</head>')))).map(({ entry }) => entry.route);
    expect(inHead).toEqual([]);
    // The offer's "Branchenvorlagen und -agenten" is bound in the page's lines and plain in its structured data.
    const home = page('/').html;
    expect(home.slice(home.indexOf('</head>'))).toContain('und -\u2060agenten');
    expect(home.slice(0, home.indexOf('</head>'))).toContain('Branchenvorlagen und -agenten');
  });
});

describe('links into another language', () => {
  it('say so in a marker that never breaks inside ("(en / allemand)" left a lone "(en")', () => {
    const markers = pages.flatMap(({ entry, html }) =>
      [...html.matchAll(/\((en|in)[\s\u00a0](allemand|German|alemán)\)/g)].map((m) => `${entry.route}: ${m[0]}`),
    );
    expect(markers.length).toBeGreaterThan(20);
    expect(markers.filter((m) => !m.includes('\u00a0'))).toEqual([]);
  });
});
