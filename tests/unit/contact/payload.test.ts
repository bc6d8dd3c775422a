import { describe, expect, it } from 'vitest';
import { contactPayload, type FormValues, type PayloadShape } from '../../../supabase/functions/_shared/contact-payload.ts';
import { checkContactRequest, type RequestSource } from '../../../supabase/functions/_shared/contact-request.ts';

const typed: FormValues = {
  name: 'Erika Musterfrau',
  email: 'erika@example.com',
  company: '',
  products: ['chatbot', 'platform'],
  subject: 'Angebot',
  message: 'Bitte melden.',
  privacyConsent: true,
};

/** SPEC §3 variants and the exact payload each sends for the same typed values (company left empty). */
const variants: { name: string; source: RequestSource; shape: PayloadShape; expected: Record<string, unknown> }[] = [
  {
    name: 'German business form: company as typed, no products',
    source: { form: 'business', locale: 'de' },
    shape: { fields: ['company', 'subject'], emptyCompany: 'as-typed' },
    expected: { name: 'Erika Musterfrau', email: 'erika@example.com', company: '', subject: 'Angebot', message: 'Bitte melden.', privacy_consent: true },
  },
  {
    name: 'English/French/Spanish business form: company null when empty, products',
    source: { form: 'business', locale: 'en' },
    shape: { fields: ['company', 'products', 'subject'], emptyCompany: 'null' },
    expected: {
      name: 'Erika Musterfrau',
      email: 'erika@example.com',
      company: null,
      products: 'platform,chatbot',
      subject: 'Angebot',
      message: 'Bitte melden.',
      privacy_consent: true,
    },
  },
  {
    name: 'education form: no products, no subject',
    source: { form: 'education', locale: 'fr' },
    shape: { fields: ['company'], emptyCompany: 'null' },
    expected: { name: 'Erika Musterfrau', email: 'erika@example.com', company: null, message: 'Bitte melden.', privacy_consent: true },
  },
  {
    name: 'Spanish education form: with subject',
    source: { form: 'education', locale: 'es' },
    shape: { fields: ['company', 'subject'], emptyCompany: 'null' },
    expected: { name: 'Erika Musterfrau', email: 'erika@example.com', company: null, subject: 'Angebot', message: 'Bitte melden.', privacy_consent: true },
  },
  {
    name: 'chat-demo mini form: products chatbot and the fixed subject',
    source: { form: 'chat-demo', locale: 'de' },
    shape: { fields: ['company'], emptyCompany: 'null', fixed: { products: ['chatbot'], subject: 'Chatbot Anfrage (Chat-Demo)' } },
    expected: {
      name: 'Erika Musterfrau',
      email: 'erika@example.com',
      company: null,
      products: 'chatbot',
      subject: 'Chatbot Anfrage (Chat-Demo)',
      message: 'Bitte melden.',
      privacy_consent: true,
    },
  },
];

describe('contactPayload (SPEC §3)', () => {
  for (const variant of variants) {
    it(`${variant.name}: key for key, in the spec's order, and accepted for its ${variant.source.form}/${variant.source.locale} headers`, () => {
      const payload = contactPayload(variant.shape, typed);
      expect(Object.keys(payload)).toEqual(Object.keys(variant.expected));
      expect(payload).toEqual(variant.expected);
      expect(checkContactRequest(payload, variant.source)).toMatchObject({ ok: true });
    });
  }

  it('sends products as null when none is ticked, and a typed company as typed', () => {
    const payload = contactPayload({ fields: ['company', 'products', 'subject'], emptyCompany: 'null' }, { ...typed, products: [], company: 'Muster GmbH' });
    expect(payload.products).toBeNull();
    expect(payload.company).toBe('Muster GmbH');
  });

  it('joins products in canonical order without duplicates, whatever order they were ticked in', () => {
    const payload = contactPayload({ fields: ['products'], emptyCompany: 'null' }, { ...typed, products: ['mandantenbot', 'website', 'platform', 'website'] });
    expect(payload.products).toBe('platform,website,mandantenbot');
  });

  it('maps privacyConsent to privacy_consent', () => {
    const payload = contactPayload({ fields: [], emptyCompany: 'null' }, { ...typed, privacyConsent: false });
    expect(payload.privacy_consent).toBe(false);
    expect('privacyConsent' in payload).toBe(false);
  });
});
