/** Each typography rule on small strings, per language: what it reports, where, and the fix it proposes. */
import { describe, expect, it } from 'vitest';
import { contentRules, renderedRules, type TypoCode } from '../../../../src/check/copy/typography-rules.ts';
import { apostrophes, rangeSpacing } from '../../../../src/render/typography-marks.ts';

const NNBSP = '\u202f';
const NBSP = '\u00a0';
const WJ = '\u2060';

/** [code, found, fix] of the content rules' issues of one code (all codes when none given). */
const issues = (text: string, locale: string, code?: TypoCode) =>
  contentRules(text, locale, { de: 'de-DE', fr: 'fr-FR', en: 'en-GB', es: 'es-ES' }[locale])
    .filter((i) => !code || i.code === code)
    .map((i) => [i.index, i.found, i.fix]);
const rendered = (text: string, locale: string, code?: TypoCode) =>
  renderedRules(text, locale)
    .filter((i) => !code || i.code === code)
    .map((i) => [i.index, i.found, i.fix]);

describe('typo-quotes', () => {
  it("proposes each language's quotation marks for straight ones", () => {
    expect(issues('Sie sagen "einfach".', 'de', 'typo-quotes')).toEqual([[10, '"einfach"', '„einfach“']]);
    expect(issues('They call it "simple".', 'en', 'typo-quotes')).toEqual([[13, '"simple"', '“simple”']]);
    expect(issues('Ils disent "simple".', 'fr', 'typo-quotes')).toEqual([[11, '"simple"', `«${NBSP}simple${NBSP}»`]]);
    expect(issues('Lo llaman "sencillo".', 'es', 'typo-quotes')).toEqual([[10, '"sencillo"', '«sencillo»']]);
  });

  it("reports another language's marks, single straight quotes and an unpaired mark", () => {
    expect(issues('Das heißt “einfach”.', 'de', 'typo-quotes')).toEqual([[10, '“einfach”', '„einfach“']]);
    expect(issues('It is „simple“.', 'en', 'typo-quotes')).toEqual([[6, '„simple“', '“simple”']]);
    expect(issues("Das Wort 'einfach' zählt.", 'de', 'typo-quotes')).toEqual([[9, "'einfach'", '‚einfach‘']]);
    expect(issues('Ein " allein', 'de', 'typo-quotes')).toEqual([[4, '"', '„']]);
  });

  it("accepts the language's own marks", () => {
    expect(issues('Das heißt „einfach“ und ‚kurz‘.', 'de', 'typo-quotes')).toEqual([]);
    expect(issues('It is “simple” and ‘short’.', 'en', 'typo-quotes')).toEqual([]);
    expect(issues(`C’est «${NBSP}simple${NBSP}».`, 'fr', 'typo-quotes')).toEqual([]);
    expect(issues('Es «sencillo» y “breve”.', 'es', 'typo-quotes')).toEqual([]);
  });
});

describe('typo-apostrophe', () => {
  it("content: a typed ‘ or ` in a word is reported; the straight one is the renderer's", () => {
    expect(issues('l‘IA und l`IA', 'fr', 'typo-apostrophe')).toEqual([
      [1, '‘', '’'],
      [10, '`', '’'],
    ]);
    expect(issues("l'IA", 'fr', 'typo-apostrophe')).toEqual([]);
  });

  it('the renderer sets ’ inside words and after a plural s, and the rendered check finds any straight one left', () => {
    expect(apostrophes("l'IA, don't, customers' data, 'quoted'")).toBe("l’IA, don’t, customers’ data, 'quoted'");
    expect(rendered("it's", 'en', 'typo-apostrophe')).toEqual([[2, "'", '’']]);
    expect(rendered('it’s', 'en', 'typo-apostrophe')).toEqual([]);
  });
});

describe('typo-space-fr', () => {
  it('content: a missing no-break space before ; ! ? : and inside « », with the right space as the fix', () => {
    expect(issues('Pourquoi? Voici: tout!', 'fr', 'typo-space-fr')).toEqual([
      [8, '?', `${NNBSP}?`],
      [15, ':', `${NBSP}:`],
      [21, '!', `${NNBSP}!`],
    ]);
    expect(issues('«oui»', 'fr', 'typo-space-fr')).toEqual([
      [0, '«', `«${NBSP}`],
      [4, '»', `${NBSP}»`],
    ]);
  });

  it('leaves times, URLs and other languages alone', () => {
    expect(issues('à 10:30, voir https://ki-zentrale.de', 'fr', 'typo-space-fr')).toEqual([]);
    expect(issues('Why? Here: all!', 'en', 'typo-space-fr')).toEqual([]);
  });

  it('rendered: an ordinary space where the renderer should have set a no-break one', () => {
    expect(rendered('Pourquoi ?', 'fr', 'typo-space-fr')).toEqual([[8, ' ?', `${NNBSP}?`]]);
    expect(rendered(`Pourquoi${NNBSP}? Voici${NBSP}:`, 'fr', 'typo-space-fr')).toEqual([]);
  });
});

describe('typo-unit-space', () => {
  it('German, French and Spanish set a no-break space before % and €; English sets 53% and €17', () => {
    expect(issues('53% und 17€', 'de', 'typo-unit-space')).toEqual([
      [2, '%', `${NBSP}%`],
      [10, '€', `${NBSP}€`],
    ]);
    expect(issues('53 % y 17 €', 'es', 'typo-unit-space')).toEqual([]);
    expect(issues('53 % cheaper for 17 €', 'en', 'typo-unit-space')).toEqual([
      [2, ' %', '%'],
      [17, '17 €', '€17'],
    ]);
    expect(issues('53% cheaper for €17', 'en', 'typo-unit-space')).toEqual([]);
  });

  it('a unit such as GB is set apart in every language', () => {
    expect(issues('10GB', 'en', 'typo-unit-space')).toEqual([[2, 'GB', `${NBSP}GB`]]);
  });

  it('rendered: a figure and its sign separated by an ordinary space may break apart', () => {
    expect(rendered('53 %', 'de', 'typo-unit-space')).toEqual([[1, '3 %', `3${NBSP}%`]]);
    expect(rendered(`53${NBSP}%`, 'de', 'typo-unit-space')).toEqual([]);
  });
});

describe('typo-inverted-mark', () => {
  it('a Spanish question or exclamation without its opening mark, with the sentence as the fix', () => {
    expect(issues('Hola. Qué modelos hay? Gracias!', 'es', 'typo-inverted-mark')).toEqual([
      [6, 'Qué modelos hay?', '¿Qué modelos hay?'],
      [23, 'Gracias!', '¡Gracias!'],
    ]);
    expect(issues('¿Qué modelos hay? ¡Gracias!', 'es', 'typo-inverted-mark')).toEqual([]);
    expect(issues('Which models?', 'en', 'typo-inverted-mark')).toEqual([]);
  });
});

describe('typo-range', () => {
  it('a hyphen between figures is an en dash; dates, phone numbers and words are not ranges', () => {
    expect(issues('85-100 % der Fälle, 9 - 17 Uhr', 'de', 'typo-range')).toEqual([
      [0, '85-100', '85–100'],
      [20, '9 - 17', '9–17'],
    ]);
    expect(issues('am 2025-01-31, Tel. +49 921-123, 24-Stunden-Support', 'de', 'typo-range')).toEqual([]);
  });

  it('the renderer keeps a range on one line, and the rendered check confirms it', () => {
    expect(rangeSpacing('85–100 und 9 – 17')).toBe(`85–${WJ}100 und 9${NBSP}–${NBSP}17`);
    expect(rendered('85–100', 'de', 'typo-range')).toEqual([[1, '5–1', `5–${WJ}1`]]);
    expect(rendered(rangeSpacing('85–100 und 9 – 17'), 'de', 'typo-range')).toEqual([]);
  });
});

describe('typo-number', () => {
  it('thousands separators as Intl writes them per locale', () => {
    expect(issues('1,000 Nutzer', 'de', 'typo-number')).toEqual([[0, '1,000', '1.000']]);
    expect(issues('1.000 users', 'en', 'typo-number')).toEqual([[0, '1.000', '1,000']]);
    expect(issues('1 000 utilisateurs', 'fr', 'typo-number')).toEqual([[0, '1 000', `1${NNBSP}000`]]);
    expect(issues('10.000 usuarios', 'es', 'typo-number')).toEqual([]);
    expect(issues('1.000 Nutzer, 1,000 users', 'de', 'typo-number')).toHaveLength(1);
  });
});
