import { describe, expect, it } from 'vitest';
import { hyphenateHtml, hyphenateText, MIN_HYPHENATED_LETTERS } from '../../../src/render/hyphenation.ts';
import { renderRouteWithSources } from '../../../src/render/render-route.tsx';
import { loadContent } from '../../../src/content/load.ts';
import { readFile } from 'node:fs/promises';

/** Soft hyphens shown as `|`. */
const show = (text: string) => text.replaceAll('\u00ad', '|');

describe('build-time hyphenation (render/hyphenation.ts)', () => {
  it('breaks long words at syllables, by the language of the page', () => {
    expect(show(hyphenateText('Besprechungsprotokoll', 'de'))).toBe('Bespre|chungs|pro|to|koll');
    expect(show(hyphenateText('l’administration', 'fr'))).toBe('l’admi|nis|tra|tion');
    expect(show(hyphenateText('responsibilities', 'en'))).toBe('respon|si|bil|i|ties');
    expect(show(hyphenateText('personalización', 'es'))).toBe('per|so|na|li|za|ción');
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

  it('touches text only: not attributes, code, scripts or an island’s markup', () => {
    const html =
      '<h1 title="Verantwortlichkeiten">Verantwortlichkeiten</h1><a href="/verantwortlichkeiten">Verantwortlichkeiten</a>' +
      '<code>Verantwortlichkeiten</code><script>"Verantwortlichkeiten"</script><img alt="Verantwortlichkeiten">' +
      '<div data-island="contact-form" data-prefix="x"><div><label>Verantwortlichkeiten</label></div><p>Verantwortlichkeiten</p></div>' +
      '<p>Verantwortlichkeiten<br>Verantwortlichkeiten</p>';
    const out = show(hyphenateHtml(html, 'de'));
    expect(out).toBe(
      '<h1 title="Verantwortlichkeiten">Ver|ant|wort|lich|kei|ten</h1><a href="/verantwortlichkeiten">Ver|ant|wort|lich|kei|ten</a>' +
        '<code>Verantwortlichkeiten</code><script>"Verantwortlichkeiten"</script><img alt="Verantwortlichkeiten">' +
        '<div data-island="contact-form" data-prefix="x"><div><label>Verantwortlichkeiten</label></div><p>Verantwortlichkeiten</p></div>' +
        '<p>Ver|ant|wort|lich|kei|ten<br>Ver|ant|wort|lich|kei|ten</p>',
    );
  });

  it('puts soft hyphens into the real pages’ text (the product drawing’s "Besprechungsprotokoll") but not their head, the same bytes every time', async () => {
    const loaded = await loadContent('content');
    if (!loaded.ok) throw new Error('content does not load');
    const model = loaded.value;
    const template = await readFile('templates/document.html', 'utf8');
    const home = model.pages.find((p) => p.route === '/');
    if (!home) throw new Error('no home page');
    const render = () => renderRouteWithSources(model, home, { css: '/assets/site.css', loader: '/assets/islands.js' }, template).html;
    const html = render();
    expect(show(html)).toContain('>Bespre|chungs|pro|to|koll<');
    const head = html.slice(0, html.indexOf('<body'));
    expect(head).not.toContain('\u00ad');
    expect(render()).toBe(html);
  });
});
