import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { EDGE_LETTERS, hyphenateHtml, hyphenateText, MIN_HYPHENATED_LETTERS, patternsOf, withExceptions } from '../../../src/render/hyphenation.ts';
import { renderRouteWithSources } from '../../../src/render/render-route.tsx';
import { loadContent } from '../../../src/content/load.ts';
import { readFile } from 'node:fs/promises';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Soft hyphens shown as `|`. */
const show = (text: string) => text.replaceAll('\u00ad', '|');

describe('build-time hyphenation (render/hyphenation.ts)', () => {
  it('breaks long words at syllables, by the language of the page', () => {
    expect(show(hyphenateText('Geschwindigkeit', 'de'))).toBe('Geschwin|dig|keit');
    expect(show(hyphenateText('l’administration', 'fr'))).toBe('l’admi|nis|tra|tion');
    expect(show(hyphenateText('responsibilities', 'en'))).toBe('respon|si|bil|i|ties');
    expect(show(hyphenateText('personalización', 'es'))).toBe('per|so|na|li|za|ción');
  });

  it('breaks a German compound only at its joint where the linking s marks one ("Identifikati- / onsnummer" read as broken)', () => {
    expect(show(hyphenateText('Besprechungsprotokoll', 'de'))).toBe('Besprechungs|protokoll');
    expect(show(hyphenateText('Umsatzsteuer-Identifikationsnummer', 'de'))).toBe('Umsatzsteuer-Identifikations|nummer');
    expect(show(hyphenateText('Verarbeitungsverzeichnis', 'de', 'heading'))).toBe('Verarbeitungs|verzeichnis');
    // Joints without a rule-listed ending: genitive s and a first word ending in s ("Unterneh- / mensberatungen").
    expect(show(hyphenateText('Unternehmensberatungen Rechtsansprüchen Anschlusskosten', 'de'))).toBe(
      'Unternehmens|beratungen Rechts|ansprüchen Anschluss|kosten',
    );
    expect(show(hyphenateText('Durchschnittsgeschwindigkeit Auftragsverarbeitungsvertrag', 'de'))).toBe(
      'Durchschnitts|geschwindigkeit Auftrags|verarbeitungs|vertrag',
    );
    // A part of 16 letters or more also breaks at its syllables, well inside; "s|t" is a syllable ("Diens|te"), not a joint.
    expect(show(hyphenateText('Streitbeilegungsverfahren Diensteanbieter', 'de'))).toBe('Streit|bei|le|gungs|verfahren Diens|te|an|bie|ter');
    // Other languages keep their syllables: "ions" there is no joint.
    expect(show(hyphenateText('institutionnelle', 'fr'))).toBe('ins|ti|tu|tion|nelle');
  });

  it('breaks a listed word only where its exception allows ("Datenschutzer- / klärung" read as "Datenschützer", review 17 #2)', () => {
    expect(show(hyphenateText('Die Datenschutzerklärung gilt', 'de'))).toBe('Die Daten|schutz|erklä|rung gilt');
    expect(show(hyphenateText('Datenschutzerklärung', 'de', 'heading'))).toBe('Daten|schutz|erklärung');
    expect(show(hyphenateText('Musterdatenschutzerklärungen prüfen', 'de'))).toBe('Mus|ter|daten|schutz|erklä|rungen prüfen');
    expect(withExceptions('Datenschutzerklärung', [5, 11, 13, 16], ['Daten|schutz|erklä|rung'])).toEqual([5, 11, 16]);
    expect(withExceptions('Geschwindigkeit', [8, 11], ['Daten|schutz|erklä|rung'])).toEqual([8, 11]);
  });

  it('breaks a compound with its own hyphen at that hyphen, inside a part only from 18 letters ("Mandantenauf- / nahme-Bot")', () => {
    expect(show(hyphenateText('Der Mandantenaufnahme-Bot hilft', 'de'))).toBe('Der Mandantenaufnahme-Bot hilft');
    expect(show(hyphenateText('Ihr KI-Telefonassistent', 'de'))).toBe('Ihr KI-Telefonassistent');
    expect(show(hyphenateText('EU-Standardvertragsklauseln gelten', 'de'))).toBe('EU-Standard|ver|trags|klauseln gelten');
    // Without a hyphen the same word still breaks at its syllables.
    expect(show(hyphenateText('Mandantenaufnahme', 'de'))).toBe('Man|dan|ten|auf|nahme');
  });

  it('never hyphenates the word that ends a sentence at the end of running text, so no paragraph ends on half a word', () => {
    expect(hyphenateText('ein Werkzeug für mehr Chancengleichheit.', 'de')).toBe('ein Werkzeug für mehr Chancengleichheit.');
    expect(show(hyphenateText('Chancengleichheit fördern.', 'de'))).toBe('Chan|cen|gleich|heit fördern.');
    expect(show(hyphenateText('Chancengleichheit', 'de', 'heading'))).toBe('Chancen|gleichheit');
  });

  it('leaves short words, addresses and unknown languages alone, and leaves three letters at each end', () => {
    expect(hyphenateText('Kontakt Preise Datenschutz', 'de')).toBe('Kontakt Preise Datenschutz');
    const addresses = 'info@kanzlei-beispielhaft.de https://beispielhaftigkeit.de/verantwortlichkeit www.verantwortlichkeit.de';
    expect(hyphenateText(addresses, 'de')).toBe(addresses);
    expect(hyphenateText('Besprechungsprotokoll', 'nl')).toBe('Besprechungsprotokoll');
    for (const word of hyphenateText('Besprechungsprotokoll Datenschutzerklärung Verantwortlichkeiten', 'de').split(' ')) {
      const parts = word.split('\u00ad');
      expect(parts.length, word).toBeGreaterThan(1);
      expect(parts[0]?.length ?? 0, word).toBeGreaterThanOrEqual(3);
      expect(parts.at(-1)?.length ?? 0, word).toBeGreaterThanOrEqual(3);
    }
    expect('Datenschutz'.length).toBeLessThan(MIN_HYPHENATED_LETTERS);
  });

  it('finds a long word by its letters however the text around it is spaced, from exactly MIN_HYPHENATED_LETTERS on', () => {
    // A cheap test for a run of as many non-spaces goes before the Unicode one: it must never hide a long word.
    const twelve = 'Verwaltungen';
    expect(twelve).toHaveLength(MIN_HYPHENATED_LETTERS);
    expect(hyphenateText(twelve, 'de')).toContain('\u00ad');
    expect(hyphenateText('Verwaltunge', 'de')).toBe('Verwaltunge');
    // Letters with combining marks, non-breaking spaces and line breaks around the word.
    expect(hyphenateText('\u00a0Perso\u0308nlichkeitsrechte\n', 'de')).toContain('\u00ad');
    expect(hyphenateText('ab\u00a0Verantwortlichkeiten\tund', 'de')).toContain('\u00ad');
    // Long runs that hold no long word stay as they are.
    expect(hyphenateText('1234567890123 (+49)-30-1234-5678', 'de')).toBe('1234567890123 (+49)-30-1234-5678');
  });

  it('leaves five letters at each end of a word in a heading, where "Vertriebsleitfa- / den" read as broken', () => {
    expect(show(hyphenateText('Mandantenaufnahme', 'de', 'heading'))).toBe('Mandan|ten|auf|nahme');
    expect(show(hyphenateText('Mandantenaufnahme', 'de'))).toBe('Man|dan|ten|auf|nahme');
    expect(show(hyphenateText('Vertriebsleitfaden', 'de', 'heading'))).toBe('Vertriebs|leitfaden');
    expect(show(hyphenateText('10 modes d’apprentissage', 'fr', 'heading'))).toBe('10 modes d’appren|tissage');
    for (const [text, lang] of [
      ['Besprechungsprotokoll Mandantenaufnahme Branchenspezifische Datenschutzerklärung', 'de'],
      ['établissement financiación', 'fr'],
      ['financiación personalización', 'es'],
    ] as const) {
      for (const word of hyphenateText(text, lang, 'heading').split(' ')) {
        const parts = word.split('\u00ad');
        expect(parts[0]?.length ?? 0, word).toBeGreaterThanOrEqual(EDGE_LETTERS.heading);
        expect(parts.at(-1)?.length ?? 0, word).toBeGreaterThanOrEqual(EDGE_LETTERS.heading);
      }
    }
  });

  it('gives headings and card titles the heading rule and puts no soft hyphens into text styled hyphens-none', () => {
    const html =
      '<h2 class="text-h2">Mandantenaufnahme <span>Mandantenaufnahme</span></h2><p>Mandantenaufnahme</p>' +
      '<h3>Besprechungsprotokoll</h3><dt class="text-sm hyphens-none">höhere Konversionsrate<sup>1</sup></dt>' +
      '<span class="hyphens-none-ish">Konversionsrate</span><div class="mock hyphens-none"><p><b>Besprechungsprotokoll</b></p></div><p>Konversionsrate</p>';
    expect(show(hyphenateHtml(html, 'de'))).toBe(
      '<h2 class="text-h2">Mandan|ten|auf|nahme <span>Mandan|ten|auf|nahme</span></h2><p>Man|dan|ten|auf|nahme</p>' +
        '<h3>Besprechungs|protokoll</h3><dt class="text-sm hyphens-none">höhere Konversionsrate<sup>1</sup></dt>' +
        '<span class="hyphens-none-ish">Konversions|rate</span><div class="mock hyphens-none"><p><b>Besprechungsprotokoll</b></p></div><p>Konversions|rate</p>',
    );
  });

  it('touches text only: not attributes, code, scripts or an island’s markup', () => {
    const html =
      '<h1 title="Verantwortlichkeiten">Verantwortlichkeiten</h1><a href="/verantwortlichkeiten">Verantwortlichkeiten</a>' +
      '<code>Verantwortlichkeiten</code><script>"Verantwortlichkeiten"</script><img alt="Verantwortlichkeiten">' +
      '<div data-island="contact-form" data-prefix="x"><div><label>Verantwortlichkeiten</label></div><p>Verantwortlichkeiten</p></div>' +
      '<p>Verantwortlichkeiten<br>Verantwortlichkeiten</p>';
    const out = show(hyphenateHtml(html, 'de'));
    expect(out).toBe(
      '<h1 title="Verantwortlichkeiten">Verant|wort|lich|keiten</h1><a href="/verantwortlichkeiten">Ver|ant|wort|lich|kei|ten</a>' +
        '<code>Verantwortlichkeiten</code><script>"Verantwortlichkeiten"</script><img alt="Verantwortlichkeiten">' +
        '<div data-island="contact-form" data-prefix="x"><div><label>Verantwortlichkeiten</label></div><p>Verantwortlichkeiten</p></div>' +
        '<p>Ver|ant|wort|lich|kei|ten<br>Ver|ant|wort|lich|kei|ten</p>',
    );
  });

  it('puts soft hyphens into the real pages’ text but not their head, nor the product drawing’s labels, the same bytes every time', async () => {
    const loaded = await loadContent('content');
    if (!loaded.ok) throw new Error('content does not load');
    const model = loaded.value;
    const template = await readFile('templates/document.html', 'utf8');
    const home = model.pages.find((p) => p.route === '/');
    if (!home) throw new Error('no home page');
    const render = () => renderRouteWithSources(model, home, { css: '/assets/site.css', loader: '/assets/islands.js' }, template).html;
    const html = render();
    expect(show(html)).toContain('Tran|skrip|tion für Bespre|chun|gen');
    expect(show(html)).toContain('hyphens-none">Besprechungsprotokoll<');
    const head = html.slice(0, html.indexOf('<body'));
    expect(head).not.toContain('\u00ad');
    expect(render()).toBe(html);
  });

  it('puts no soft hyphen anywhere in a product drawing: "Durchschnittsge- / schwindigkeit" broke inside a compound', async () => {
    const loaded = await loadContent('content');
    if (!loaded.ok) throw new Error('content does not load');
    const model = loaded.value;
    const template = await readFile('templates/document.html', 'utf8');
    for (const route of ['/', '/education']) {
      const page = model.pages.find((p) => p.route === route);
      if (!page) throw new Error(`no page ${route}`);
      const html = renderRouteWithSources(model, page, { css: '/assets/site.css', loader: '/assets/islands.js' }, template).html;
      // The drawing itself (its caption, read by screen readers only, is text like any other).
      const figure = html.indexOf('data-mock=');
      expect(figure, route).toBeGreaterThan(0);
      const drawing = html.slice(html.indexOf('aria-hidden="true"', figure), html.indexOf('</figure>', figure));
      expect(drawing, route).not.toContain('\u00ad');
      if (route === '/education') expect(drawing).toContain('Durchschnittsgeschwindigkeit');
      expect(html.slice(html.indexOf('</figure>', figure)), route).toContain('\u00ad');
    }
  });

  it("reads each language's patterns as data, exactly as the hyphen package's own module gives them", () => {
    const require = createRequire(import.meta.url);
    for (const file of ['de-1996', 'fr', 'en-us', 'es']) {
      const asModule: unknown = require(`hyphen/patterns/${file}.js`);
      const asData = patternsOf(file);
      expect(asData, file).not.toBe(asModule);
      expect(asData, file).toStrictEqual(asModule);
    }
  });

  it('keeps the patterns as JSON in the folder it is given, reads them from there, and makes a damaged file again', () => {
    const require = createRequire(import.meta.url);
    const dir = mkdtempSync(path.join(tmpdir(), 'site-hyphen-'));
    try {
      const asModule: unknown = require('hyphen/patterns/fr.js');
      expect(patternsOf('fr', dir)).toStrictEqual(asModule);
      const kept = path.join(dir, 'hyphen-fr.json');
      expect(JSON.parse(readFileSync(kept, 'utf8'))).toStrictEqual(asModule);
      // Read from the kept file: a marker put into it comes back.
      writeFileSync(kept, JSON.stringify({ kept: true }));
      expect(patternsOf('fr', dir)).toStrictEqual({ kept: true });
      writeFileSync(kept, '{"patterns": ');
      expect(patternsOf('fr', dir)).toStrictEqual(asModule);
      expect(JSON.parse(readFileSync(kept, 'utf8'))).toStrictEqual(asModule);
      expect(readdirSync(dir)).toEqual(['hyphen-fr.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
