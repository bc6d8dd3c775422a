import { describe, expect, it } from 'vitest';
import { finishBody } from '../../../src/render/body-text.ts';
import { bindShortCompounds } from '../../../src/render/keep-together-compounds.ts';

const nowrap = (word: string) => `<span class="whitespace-nowrap">${word}</span>`;

describe('short hyphenated compounds', () => {
  it('are bound in a nowrap span with their hyphen as typed, up to the locale’s letters', () => {
    expect(bindShortCompounds("s'est peut-être glissée, ce contrat-cadre, c’est-à-dire", 12)).toBe(
      `s'est ${nowrap('peut-être')} glissée, ce ${nowrap('contrat-cadre')}, ${nowrap('c’est-à-dire')}`,
    );
    expect(bindShortCompounds('un porte-conteneurs-géant', 12)).toBe('un porte-conteneurs-géant');
    expect(bindShortCompounds('peut-être oui', 0)).toBe('peut-être oui');
  });

  it('bind a figure with its unit and short English compounds, not long ones, dates or ranges', () => {
    expect(bindShortCompounds('a 12-month term, in-depth research, a one-off fee', 10)).toBe(
      `a ${nowrap('12-month')} term, ${nowrap('in-depth')} research, a ${nowrap('one-off')} fee`,
    );
    expect(bindShortCompounds('round-the-clock help for self-employed people', 10)).toBe('round-the-clock help for self-employed people');
    expect(bindShortCompounds('on 2026-11-30, pages 10-20', 10)).toBe('on 2026-11-30, pages 10-20');
  });

  it('leave addresses, paths, anchors, ids, acronym names and words with soft hyphens alone', () => {
    const addresses = 'écrivez à service@ki-zentrale.de, https://ki-zentrale.de/fr/mentions-legales ou /fr/cgv#droit-opposition';
    expect(bindShortCompounds(addresses, 12)).toBe(addresses);
    expect(bindShortCompounds('hero-title', 12)).toBe('hero-title');
    expect(bindShortCompounds('KI-Zentrale est là', 12)).toBe('KI-Zentrale est là');
    expect(bindShortCompounds('Protokoll\u00advor-lage hier', 12)).toBe('Protokoll\u00advor-lage hier');
  });

  it('are bound in a page’s prose but not in its attributes, code or islands', () => {
    const html = '<p title="in-depth">An in-depth look</p><code>a one-off script</code><div data-island="x"><p>a one-off fee</p></div>';
    expect(finishBody(html, undefined, 'en', 10)).toBe(
      `<p title="in-depth">An ${nowrap('in-depth')} look</p><code>a one-off script</code><div data-island="x"><p>a one-off fee</p></div>`,
    );
    expect(finishBody(html, undefined, 'de', 0)).toBe(html);
  });
});
