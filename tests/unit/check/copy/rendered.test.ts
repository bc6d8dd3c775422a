import { describe, expect, it } from 'vitest';
import { pageTexts } from '../../../../src/check/copy/rendered.ts';

const html =
  '<body><div data-island="contact-form" data-hydrate="visible" data-prefix="f-" data-props-src="/assets/contact-form-props-0123456789.json"><p>Formular</p></div></body>';

describe('pageTexts', () => {
  it('reads the strings an island gets from the props file its element names, not its addresses and identifiers', () => {
    const files = new Map([
      [
        '/assets/contact-form-props-0123456789.json',
        { strings: { submit: 'Jetzt "senden"' }, source: { form: 'business', locale: 'de' }, backend: { url: 'https://x.supabase.co' } },
      ],
    ]);
    expect(pageTexts(html, (url) => files.get(url))).toEqual([
      { text: 'Formular', element: 'text' },
      { text: 'Jetzt "senden"', element: 'island contact-form props' },
    ]);
  });

  it('reads only the page when the props file is not there', () => {
    expect(pageTexts(html, () => undefined)).toEqual([{ text: 'Formular', element: 'text' }]);
  });
});
