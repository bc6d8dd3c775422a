/**
 * Footnote marks of registered claims become links in the rendered HTML (render/claim-notes.ts): a link to
 * the note in text, a superscript digit where a link cannot go.
 */
import { describe, expect, it } from 'vitest';
import { claimMark, linkClaimMarks, markClaims, markPlace } from '../../../src/render/claim-notes.ts';

describe('linkClaimMarks', () => {
  it('links a mark in text to its note; the first reference gets ref-N, later ones ref-N-2, ref-N-3', () => {
    const html = `<p>53 %${claimMark(4)} günstiger</p><p>53 %${claimMark(4)} weniger</p>`;
    expect(linkClaimMarks(html, 'Fußnote {n}')).toBe(
      '<p>53 %<sup data-claim-ref=""><a href="#note-4" id="ref-4" aria-label="Fußnote 4" class="rounded-sm px-px hover:underline">4</a></sup> günstiger</p>' +
        '<p>53 %<sup data-claim-ref=""><a href="#note-4" id="ref-4-2" aria-label="Fußnote 4" class="rounded-sm px-px hover:underline">4</a></sup> weniger</p>',
    );
  });

  it('sets marks that follow each other as one superscript with a comma screen readers skip', () => {
    const out = linkClaimMarks(`<dt>DSGVO-konform${claimMark(1)}${claimMark(2)}</dt>`);
    expect(out).toContain('<sup data-claim-ref=""><a href="#note-1" id="ref-1" class="rounded-sm px-px hover:underline">1</a>');
    expect(out).toContain('<span aria-hidden="true">,</span><a href="#note-2" id="ref-2"');
  });

  it('writes superscript digits in attributes and inside links, buttons and summaries, never a nested link', () => {
    const html =
      `<img alt="99,9 %${claimMark(6)}"><a href="/x">12+${claimMark(2)} Modelle</a>` +
      `<button>24/7${claimMark(3)}</button><details><summary>100 %${claimMark(1)}</summary></details><p>12+${claimMark(2)}</p>`;
    const out = linkClaimMarks(html);
    expect(out).toContain('<img alt="99,9 %⁶">');
    expect(out).toContain('<a href="/x">12+² Modelle</a>');
    expect(out).toContain('<button>24/7³</button>');
    expect(out).toContain('<summary>100 %¹</summary>');
    // The first mark outside any link is the one the note links back to.
    expect(out).toContain('<p>12+<sup data-claim-ref=""><a href="#note-2" id="ref-2"');
    expect(out).not.toMatch(/[\uE000\uE001]/);
  });

  it('escapes the locale label in the attribute and leaves HTML without marks untouched', () => {
    expect(linkClaimMarks(`<p>x${claimMark(1)}</p>`, 'Note "{n}" <a>')).toContain('aria-label="Note &quot;1&quot; &lt;a&gt;"');
    const plain = '<p>53 % günstiger</p>';
    expect(linkClaimMarks(plain, 'Fußnote {n}')).toBe(plain);
  });
});

describe('markPlace', () => {
  const at = (text: string, figure: string) => {
    const end = markPlace(text, text.indexOf(figure) + figure.length);
    return `${text.slice(0, end)}|${text.slice(end)}`;
  };
  it('puts the mark after the word that follows the figure, never on the figure', () => {
    expect(at('Das sind 53 % weniger als Plus', '53 %')).toBe('Das sind 53 % weniger| als Plus');
    expect(at('Antworten in unter 2 Sekunden', '2')).toBe('Antworten in unter 2 Sekunden|');
    expect(at('12+\u00a0Modelle in einer Oberfläche', '12+')).toBe('12+\u00a0Modelle| in einer Oberfläche');
    expect(at('24/7-Support für alle', '24/7')).toBe('24/7-Support| für alle');
    expect(at('Daten\u00adschutz\u00adkonform zu 100 % DSGVO-konform.', '100 %')).toBe('Daten\u00adschutz\u00adkonform zu 100 % DSGVO-konform|.');
  });
  it('takes the next word too when the first is short, so the mark sits on the claim ("de moins", "más barato")', () => {
    expect(at('soit 53 % de moins que', '53 %')).toBe('soit 53 % de moins| que');
    expect(at('un 53 % más barato', '53 %')).toBe('un 53 % más barato|');
    expect(at('53 % moins cher que ChatGPT', '53 %')).toBe('53 % moins cher| que ChatGPT');
    expect(at('soit 53 % de moins. Et', '53 %')).toBe('soit 53 % de moins|. Et');
    expect(at('un 53 % menos que', '53 %')).toBe('un 53 % menos| que');
  });
  it('puts the mark after the claim\'s context when it closes the phrase a short word later ("conforme au RGPD")', () => {
    const after = (text: string, figure: string, context: RegExp) => {
      const end = markPlace(text, text.indexOf(figure) + figure.length, context);
      return `${text.slice(0, end)}|${text.slice(end)}`;
    };
    const gdpr = /DSGVO|GDPR|RGPD/iu;
    expect(after('100 % conforme au RGPD · Hébergement', '100 %', gdpr)).toBe('100 % conforme au RGPD| · Hébergement');
    expect(after('100 % conforme al RGPD', '100 %', gdpr)).toBe('100 % conforme al RGPD|');
    expect(after('100 % DSGVO-konform · Hosting', '100 %', gdpr)).toBe('100 % DSGVO-konform| · Hosting');
    expect(after('100% GDPR compliant · Hosted in Europe', '100%', gdpr)).toBe('100% GDPR compliant| · Hosted in Europe');
    expect(after('100% GDPR compliant platforms for teams', '100%', gdpr)).toBe('100% GDPR| compliant platforms for teams');
    expect(after('100 % conforme, et le RGPD plus loin', '100 %', gdpr)).toBe('100 % conforme|, et le RGPD plus loin');
  });
  it('keeps the mark at the figure when no word follows it (a heading that is only the figure)', () => {
    expect(at('99,9 %', '99,9 %')).toBe('99,9 %|');
    expect(at('bis 53 % / 75 %', '53 %')).toBe('bis 53 %| / 75 %');
  });
});

describe('markClaims: notes whose every mark sits in a folded FAQ answer', () => {
  const site = {
    constants: { savings: { vsTwo: { percent: 53 } }, claims: { models: '12+' } },
    claimRegister: { savingsVsTwo: { figure: 'savings.vsTwo.percent', unit: 'percent' }, models: { figure: 'claims.models', unit: 'none' } },
  } as unknown as Parameters<typeof markClaims>[1];
  const faq = (openFirst: boolean, items: { question: string; answer: string[] }[]) =>
    ({ sections: [{ type: 'faq', title: 'FAQ', openFirst, items }] }) as unknown as Parameters<typeof markClaims>[0];

  it('are folded; a mark in a question, in an answer the section opens, or elsewhere on the page is not', () => {
    const closed = markClaims(
      faq(false, [
        { question: 'Wie viele?', answer: ['12+ Modelle'] },
        { question: 'Preis?', answer: ['53 % günstiger'] },
      ]),
      site,
      'de-DE',
    );
    expect(closed.notes).toEqual([
      { id: 'models', n: 1, folded: true },
      { id: 'savingsVsTwo', n: 2, folded: true },
    ]);
    const openFirst = markClaims(
      faq(true, [
        { question: 'Wie viele?', answer: ['12+ Modelle'] },
        { question: 'Preis?', answer: ['53 % günstiger'] },
      ]),
      site,
      'de-DE',
    );
    expect(openFirst.notes).toEqual([
      { id: 'models', n: 1 },
      { id: 'savingsVsTwo', n: 2, folded: true },
    ]);
    const inQuestion = markClaims(faq(false, [{ question: 'Warum 53 % günstiger?', answer: ['Weil 53 % günstiger.'] }]), site, 'de-DE');
    expect(inQuestion.notes).toEqual([{ id: 'savingsVsTwo', n: 1 }]);
  });
});
