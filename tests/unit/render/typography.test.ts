import { describe, expect, it } from 'vitest';
import { frenchSpacing, localeTypography, unitSpacing, withTypography } from '../../../src/render/typography.ts';

describe('French spacing', () => {
  it('puts a narrow no-break space before ? ! ; and a no-break space before : and inside « »', () => {
    expect(frenchSpacing('Pourquoi ? Parce que ! Oui ; non : voilà')).toBe('Pourquoi\u202f? Parce que\u202f! Oui\u202f; non\u00a0: voilà');
    expect(frenchSpacing('le mode « Tuteur »')).toBe('le mode «\u00a0Tuteur\u00a0»');
    expect(frenchSpacing('le mode «Tuteur»')).toBe('le mode «\u00a0Tuteur\u00a0»');
  });

  it('joins a mark that a folded line break left on its own line', () => {
    expect(frenchSpacing('vraiment\n?')).toBe('vraiment\u202f?');
  });

  it('leaves marks without a typed space alone: links, times, rich-text targets', () => {
    for (const text of ['https://www.ki-zentrale.de/fr?x=1', 'de 9:30 à 18:00', '[nous écrire](mailto:service@ki-zentrale.de)', '24/7']) {
      expect(frenchSpacing(text)).toBe(text);
    }
  });
});

describe('unit spacing', () => {
  it('keeps a figure on the line of its % or €', () => {
    expect(unitSpacing('85–100 % höhere Conversion, ab 17 € im Monat')).toBe('85–100\u00a0% höhere Conversion, ab 17\u00a0€ im Monat');
    expect(unitSpacing('100% GDPR compliant, Prozent %')).toBe('100% GDPR compliant, Prozent %');
  });
});

describe('typography per locale', () => {
  it('applies the French rules to every string of a value, and only the unit rule to other locales', () => {
    const page = { title: 'Des questions ?', list: ['a : b', '53 % moins cher'], n: 3, nested: { href: '/datenschutz' } };
    expect(withTypography(page, 'fr')).toEqual({ title: 'Des questions\u202f?', list: ['a\u00a0: b', '53\u00a0% moins cher'], n: 3, nested: { href: '/datenschutz' } });
    expect(withTypography(page, 'de')).toEqual({ ...page, list: ['a : b', '53\u00a0% moins cher'] });
  });
});

describe('locale strings', () => {
  it('keeps the notices, the sending label and the chat subject as typed, and sets the rest', async () => {
    const { loadContent } = await import('../../../src/content/load.ts');
    const loaded = await loadContent('content');
    if (!loaded.ok) throw new Error('content does not load');
    const fr = loaded.value.locales.fr!;
    const set = localeTypography(fr, 'fr');
    expect(set.forms.business.success).toEqual(fr.forms.business.success);
    expect(set.forms.education.success.title).toBe('Message envoyé !');
    expect(set.forms.sending).toBe(fr.forms.sending);
    expect(set.chatDemo.subject).toBe(fr.chatDemo.subject);
    expect(set.chatDemo.success).toBe(frenchSpacing(unitSpacing(fr.chatDemo.success)));
    expect(set.chatDemo.success).toContain('\u202f!');
  });
});
