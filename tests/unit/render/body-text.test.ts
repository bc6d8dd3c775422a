import { describe, expect, it } from 'vitest';
import { finishBody } from '../../../src/render/body-text.ts';
import { claimMark, linkClaimMarks } from '../../../src/render/claim-notes.ts';
import { wholeHeadingWords } from '../../../src/render/heading-words.ts';
import { hyphenateHtml, hyphenateText, mapBodyText } from '../../../src/render/hyphenation.ts';

/** Soft hyphens shown as `|`. */
const show = (text: string) => text.replaceAll('\u00ad', '|');

/** Bodies with marks and long words in every place the two passes treat apart. */
const BODIES = [
  `<p>Verantwortlichkeiten 53 %${claimMark(1)} günstiger als Einzelabonnements${claimMark(2)}${claimMark(3)}.</p>`,
  `<p>Datenschutzerklärung${claimMark(1)}Verantwortlichkeiten<!-- -->Besprechungsprotokoll${claimMark(1)}</p>`,
  `<a href="/verantwortlichkeiten">Verantwortlichkeiten 12+${claimMark(2)} Modelle</a><button>Besprechungsprotokoll${claimMark(3)}</button>`,
  `<details><summary>Datenschutzerklärung 100 %${claimMark(1)}</summary><p>Verantwortlichkeiten${claimMark(1)}</p></details>`,
  `<img alt="Verantwortlichkeiten 99,9 %${claimMark(6)}"><code>Verantwortlichkeiten${claimMark(6)}</code>`,
  `<div data-island="contact-form" data-prefix="x"><p>Verantwortlichkeiten${claimMark(4)}</p></div><p>Verantwortlichkeiten${claimMark(4)}</p>`,
  `<p>info@verantwortlichkeiten.de${claimMark(1)} https://beispielhaftigkeit.de/verantwortlichkeit</p>`,
  '<h2>Verantwortlichkeiten</h2><p>Besprechungsprotokoll<br>Datenschutzerklärung</p>',
  `<h3>Verfügbarkeit 99,9 %${claimMark(2)} Verantwortlichkeiten${claimMark(1)} vertraglich</h3>`,
];

describe('the body pass (render/body-text.ts)', () => {
  it('makes, in one pass, the same bytes as linking the claim marks, hyphenating, then setting heading words whole', () => {
    const headingWords = (html: string) => mapBodyText(html, wholeHeadingWords({ tag: (token) => token, text: (token) => token }));
    for (const lang of ['de', 'fr', 'en', 'es', 'nl'])
      for (const label of [undefined, 'Fußnote {n}'])
        for (const body of [...BODIES, BODIES.join('')])
          expect(finishBody(body, label, lang), `${lang}: ${body}`).toBe(headingWords(hyphenateHtml(linkClaimMarks(body, label), lang)));
  });

  it('keeps hyphenating right once its memo of texts is full and starts afresh', () => {
    const texts = Array.from({ length: 20_100 }, (_, i) => `Verantwortlichkeiten ${i}`);
    const out = texts.map((text) => hyphenateText(text, 'de'));
    expect(new Set(out.map((text) => text.split(' ')[0])).size).toBe(1);
    expect(show(out.at(-1) ?? '')).toBe('Ver|ant|wort|lich|kei|ten 20099');
    expect(show(hyphenateText('Verantwortlichkeiten 0', 'de'))).toBe('Ver|ant|wort|lich|kei|ten 0');
  });
});
