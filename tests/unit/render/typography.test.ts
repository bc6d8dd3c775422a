import { describe, expect, it } from 'vitest';
import { Typography, type LocaleStrings } from '../../../src/schema/locale.ts';
import { localeTypography, spacingRules, withTypography } from '../../../src/render/typography.ts';
import { typographicMarks } from '../../../src/render/typography-marks.ts';
import { loadFixture } from '../../support/fixture.ts';

/** The settings content/locales/fr.yaml and de.yaml carry: the rules are data, these are only examples. */
const french = Typography.parse({ noBreakBeforeUnits: ['%', '€'], narrowNoBreakBefore: ['?', '!', ';'], noBreakBefore: [':'], guillemetSpacing: true });
const units = Typography.parse({ noBreakBeforeUnits: ['%', '€'] });
const none = Typography.parse({});

describe("spacing rules from a locale's typography settings", () => {
  const frenchSpacing = spacingRules(french);

  it('puts a narrow no-break space before the narrow marks, a no-break space before the wide ones and inside « »', () => {
    expect(frenchSpacing('Pourquoi ? Parce que ! Oui ; non : voilà')).toBe('Pourquoi\u202f? Parce que\u202f! Oui\u202f; non\u00a0: voilà');
    expect(frenchSpacing('le mode « Tuteur »')).toBe('le mode «\u00a0Tuteur\u00a0»');
    expect(frenchSpacing('le mode «Tuteur»')).toBe('le mode «\u00a0Tuteur\u00a0»');
  });

  it('joins a mark that a folded line break left on its own line', () => {
    expect(frenchSpacing('vraiment\n?')).toBe('vraiment\u202f?');
  });

  it('leaves marks without a typed space alone: links, times, rich-text targets', () => {
    for (const text of ['https://www.example.org/fr?x=1', 'de 9:30 à 18:00', '[nous écrire](mailto:service@example.org)', '24/7']) {
      expect(frenchSpacing(text)).toBe(text);
    }
  });

  it('keeps a figure on the line of its unit, and only after a digit', () => {
    expect(spacingRules(units)('85–100 % höher, ab 17 € im Monat')).toBe('85–100\u00a0% höher, ab 17\u00a0€ im Monat');
    expect(spacingRules(units)('100% compliant, Prozent %')).toBe('100% compliant, Prozent %');
  });

  it('keeps a legal sign or abbreviation on the line of what follows it, only where a word starts', () => {
    const german = spacingRules(Typography.parse({ noBreakAfter: ['§', '§§', 'Art.', 'Abs.'] }));
    expect(german('nach § 38 BDSG, §§ 5 und 6 UWG, Art. 13 Abs. 1 DSGVO')).toBe('nach §\u00a038 BDSG, §§\u00a05 und 6 UWG, Art.\u00a013 Abs.\u00a01 DSGVO');
    expect(german('Zum Start. Dann')).toBe('Zum Start. Dann');
    expect(german('Art. – weiter')).toBe('Art. – weiter');
  });

  it('treats the marks as text, not as patterns', () => {
    expect(spacingRules(Typography.parse({ noBreakBefore: ['.', '*'] }))('a . b * c')).toBe('a\u00a0. b\u00a0* c');
  });

  it('changes nothing without settings (a new language starts there)', () => {
    expect(spacingRules(none)('Perché ? 10 %')).toBe('Perché ? 10 %');
  });
});

describe('typography of a whole value', () => {
  it('applies the rules to every string of a value and leaves the rest', () => {
    const page = { title: 'Des questions ?', list: ['a : b', '53 % moins cher'], n: 3, nested: { href: '/datenschutz' } };
    expect(withTypography(page, french)).toEqual({
      title: 'Des questions\u202f?',
      list: ['a\u00a0: b', '53\u00a0% moins cher'],
      n: 3,
      nested: { href: '/datenschutz' },
    });
    expect(withTypography(page, units)).toEqual({ ...page, list: ['a : b', '53\u00a0% moins cher'] });
  });
});

describe('dashes between words', () => {
  it('bind a spaced dash to the word before it in every language, so no line starts with one', () => {
    for (const settings of [none, units, french]) {
      const set = (text: string) => withTypography(text, settings);
      expect(set('Die KI-Plattform aus Bayreuth – für den Mittelstand')).toBe('Die KI-Plattform aus Bayreuth\u00a0– für den Mittelstand');
      expect(set('AI models — all in one place')).toBe('AI models\u00a0— all in one place');
      expect(set('Vorträge üben\n– mit konkreten Tipps')).toBe('Vorträge üben\u00a0– mit konkreten Tipps');
      expect(set('**Bayreuth** – für')).toBe('**Bayreuth**\u00a0– für');
      expect(set('ein Satz, der endet –')).toBe('ein Satz, der endet\u00a0–');
    }
  });

  it('leave dashes inside words, ranges and list-like starts as typed', () => {
    expect(withTypography('85–100 und 9 – 17 Uhr', none)).toBe('85–\u2060100 und 9\u00a0–\u00a017 Uhr');
    expect(withTypography('– erster Punkt', none)).toBe('– erster Punkt');
    expect(withTypography('Rhein–Main-Gebiet', none)).toBe('Rhein–Main-Gebiet');
  });
});

describe('locale strings', () => {
  it('keeps the notices, the sending label and the chat subject as typed, and sets the rest', async () => {
    const { loadContent } = await import('../../../src/content/load.ts');
    const loaded = await loadContent((await loadFixture('content/base')).content);
    if (!loaded.ok) throw new Error('fixture does not load');
    const de = loaded.value.locales.de!;
    const typed: LocaleStrings = {
      ...de,
      typography: french,
      forms: { ...de.forms, sending: 'Envoi ?', business: { ...de.forms.business, success: { title: 'Envoyé !' } } },
      chatDemo: { ...de.chatDemo, subject: 'Chatbot : demande', success: 'Merci !' },
    };
    const set = localeTypography(typed);
    expect(set.forms.business.success).toEqual({ title: 'Envoyé !' });
    expect(set.forms.sending).toBe('Envoi ?');
    expect(set.chatDemo.subject).toBe('Chatbot : demande');
    expect(set.chatDemo.success).toBe('Merci\u202f!');
  });
});

describe("a hero headline's last word", () => {
  it('stays on the line of the word before it when it has at most three letters', async () => {
    const { bindShortLastWord } = await import('../../../src/render/sections/Hero.tsx');
    expect(bindShortLastWord('Los grandes modelos de IA.')).toBe('Los grandes modelos de\u00a0IA.');
    expect(bindShortLastWord('Ihr KI-Chatbot.')).toBe('Ihr KI-Chatbot.');
    expect(bindShortLastWord('En cada aula.')).toBe('En cada aula.');
  });
});

describe('hyphens that must not break', () => {
  it('leave every hyphen as typed, short compounds included (render/keep-together-compounds.ts binds those in a span)', () => {
    const french = spacingRules(Typography.parse({ noBreakCompoundLetters: 12 }));
    expect(french("s'est peut-être glissée, ce contrat-cadre, c’est-à-dire")).toBe("s'est peut-être glissée, ce contrat-cadre, c’est-à-dire");
  });

  it('bind a suspended hyphen to its word in every language, so no line ends in "und -"', () => {
    expect(typographicMarks('Branchenvorlagen und -agenten')).toBe('Branchenvorlagen und -\u2060agenten');
    expect(typographicMarks('Branchen- und Fachvorlagen')).toBe('Branchen-\u2060\u00a0und Fachvorlagen');
    expect(typographicMarks('E-Mail-Adresse, KI-Zentrale, 5 - 3')).toBe('E-Mail-Adresse, KI-Zentrale, 5 - 3');
  });

  it('keep a short aside in parentheses on one line ("(en / allemand)"), not a long one', () => {
    expect(typographicMarks('Voir les détails (en allemand) →')).toBe('Voir les détails (en\u00a0allemand) →');
    expect(typographicMarks('Privacy Policy (in German)')).toBe('Privacy Policy (in\u00a0German)');
    expect(typographicMarks('(siehe die Datenschutzerklärung unten)')).toBe('(siehe die Datenschutzerklärung unten)');
    expect(typographicMarks('(Verarbeitungsverzeichnis anfordern)')).toBe('(Verarbeitungsverzeichnis anfordern)');
  });
});

describe('a section of a law', () => {
  const nb = '\u00a0';

  it('stays on one line with the law it belongs to, in every language ("§ 27a / UStG" broke on /impressum)', () => {
    expect(typographicMarks('USt-IdNr. gemäß § 27a UStG: DE123')).toBe(`USt-IdNr. gemäß §${nb}27a${nb}UStG: DE123`);
    expect(typographicMarks(`nach §${nb}18 Abs.${nb}2\nMStV`)).toBe(`nach §${nb}18${nb}Abs.${nb}2${nb}MStV`);
    expect(typographicMarks('§§ 5 und 6 UWG, § 257 HGB, § 147 AO, § 14 BGB')).toBe(
      `§§${nb}5${nb}und${nb}6${nb}UWG, §${nb}257${nb}HGB, §${nb}147${nb}AO, §${nb}14${nb}BGB`,
    );
    expect(typographicMarks('under § 5 DDG and Art. 6 GDPR')).toBe(`under §${nb}5${nb}DDG and Art. 6 GDPR`);
  });

  it('keeps a section with its Abs./Satz/Nr. parts on one line without a law after it ("§ 5 | Abs. 1", review 17 #1)', () => {
    expect(typographicMarks('(§ 5 Abs. 1) nennen')).toBe(`(§${nb}5${nb}Abs.${nb}1) nennen`);
    expect(typographicMarks('§ 5 Abs. 3 AGB')).toBe(`§${nb}5${nb}Abs.${nb}3${nb}AGB`);
    expect(typographicMarks('§ 25 Abs. 2 Nr. 2 TDDDG')).toBe(`§${nb}25${nb}Abs.${nb}2${nb}Nr.${nb}2${nb}TDDDG`);
    expect(typographicMarks('§ 3 Abs. 1: a contract')).toBe(`§${nb}3${nb}Abs.${nb}1: a contract`);
    expect(typographicMarks('§ 1 Abs. 2 unserer AGB')).toBe(`§${nb}1${nb}Abs.${nb}2 unserer AGB`);
  });

  it('binds nothing that is not a law after a section: a heading, a word, a name with a hyphen', () => {
    for (const text of ['§ 1 Geltungsbereich', '§ 3 Leistungen des Anbieters', '§ 4 KI-Nutzung', '(§ 2) Sie', '§ 5, § 6']) {
      expect(typographicMarks(text)).toBe(text);
    }
  });
});

describe('a name and its version', () => {
  const nb = '\u00a0';

  it('stay on one line ("DigitalPakt / 2.0" broke on /education at 390 px, review 17 #3)', () => {
    expect(typographicMarks('wie der DigitalPakt 2.0 oder Landesmittel')).toBe(`wie der DigitalPakt${nb}2.0 oder Landesmittel`);
    expect(typographicMarks('DigitalPakt 3')).toBe(`DigitalPakt${nb}3`);
    expect(typographicMarks('Web 3.0')).toBe(`Web${nb}3.0`);
  });

  it('leave a figure after an ordinary word as typed', () => {
    for (const text of ['24 km in 1.5 hours', 'multiply 24 by 1.5?', 'Klasse 5', 'seit 2024', 'Tarif 2, 3']) {
      expect(typographicMarks(text)).toBe(text);
    }
  });
});
