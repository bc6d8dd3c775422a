/**
 * The key set of each form (SPEC §3), checked against the form the request declares in its
 * x-site-form / x-site-locale headers. The table below is written from the spec, independently of
 * `formVariant` in contact-fields.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORM_SOURCES, LOCALE_CODES } from '../../../supabase/functions/_shared/contact-fields.ts';
import { checkContactRequest, type RequestSource } from '../../../supabase/functions/_shared/contact-request.ts';

type Variable = 'company' | 'products' | 'subject';
const CHAT_DEMO_SUBJECT = 'Chatbot Anfrage (Chat-Demo)';

/** SPEC §3: required variable keys and, for the German business form, products (the /chatbot page's form). */
const SPEC: Record<string, { must: Variable[]; may?: Variable[] }> = {
  'business/de': { must: ['company', 'subject'], may: ['products'] },
  'business/fr': { must: ['company', 'products', 'subject'] },
  'business/en': { must: ['company', 'products', 'subject'] },
  'business/es': { must: ['company', 'products', 'subject'] },
  'education/de': { must: ['company'] },
  'education/fr': { must: ['company'] },
  'education/en': { must: ['company'] },
  'education/es': { must: ['company', 'subject'] },
  'chat-demo/de': { must: ['company', 'products', 'subject'] },
  'chat-demo/fr': { must: ['company', 'products', 'subject'] },
  'chat-demo/en': { must: ['company', 'products', 'subject'] },
  'chat-demo/es': { must: ['company', 'products', 'subject'] },
};

const base = { name: 'Max', email: 'max@example.com', message: 'Hallo', privacy_consent: true };
const values = (form: string): Record<Variable, unknown> => ({
  company: 'Muster GmbH',
  products: 'chatbot',
  subject: form === 'chat-demo' ? CHAT_DEMO_SUBJECT : 'Angebot',
});

function body(form: string, keys: readonly Variable[]): Record<string, unknown> {
  const v = values(form);
  return { name: base.name, email: base.email, ...Object.fromEntries(keys.map((k) => [k, v[k]])), message: base.message, privacy_consent: true };
}

const check = (payload: unknown, form: string, locale: string) => checkContactRequest(payload, { form, locale } as RequestSource);

describe('each form variant of SPEC §3 is accepted with its own keys', () => {
  it.each([
    ['German business form (home): company as typed, subject, no products', 'business', 'de', { ...base, company: '', subject: 'Demo' }],
    ['German business form (/chatbot): products preset to chatbot', 'business', 'de', { ...base, company: null, products: 'chatbot', subject: 'Demo' }],
    ['English business form', 'business', 'en', { ...base, company: null, products: 'platform,website', subject: 'Demo' }],
    ['French business form, no product ticked', 'business', 'fr', { ...base, company: 'ACME', products: null, subject: 'Démo' }],
    ['Spanish business form', 'business', 'es', { ...base, company: null, products: 'mandantenbot', subject: 'Demo' }],
    ['German education form', 'education', 'de', { ...base, company: 'Gymnasium' }],
    ['French education form', 'education', 'fr', { ...base, company: null }],
    ['English education form', 'education', 'en', { ...base, company: null }],
    ['Spanish education form with subject', 'education', 'es', { ...base, company: null, subject: 'Licencia' }],
    ['chat demo on a German page', 'chat-demo', 'de', { ...base, company: null, products: 'chatbot', subject: CHAT_DEMO_SUBJECT }],
    ['chat demo on a Spanish page', 'chat-demo', 'es', { ...base, company: 'ACME', products: 'chatbot', subject: CHAT_DEMO_SUBJECT }],
  ])('%s', (_case, form, locale, payload) => {
    expect(check(payload, form, locale)).toEqual({ ok: true, value: payload });
  });
});

describe('a body that does not match its declared form is refused, naming the key and the form', () => {
  it.each([
    ['business without subject', 'business', 'de', { ...base, company: '' }, 'subject is missing: the business form (de) sends it'],
    [
      'English business form without products',
      'business',
      'en',
      { ...base, company: null, subject: 'S' },
      'products is missing: the business form (en) sends it',
    ],
    ['business form without company', 'business', 'fr', { ...base, products: null, subject: 'S' }, 'company is missing: the business form (fr) sends it'],
    ['education with products', 'education', 'en', { ...base, company: null, products: 'chatbot' }, 'products is not a field of the education form (en)'],
    ['German education form with subject', 'education', 'de', { ...base, company: null, subject: 'S' }, 'subject is not a field of the education form (de)'],
    ['Spanish education form without subject', 'education', 'es', { ...base, company: null }, 'subject is missing: the education form (es) sends it'],
    [
      'chat demo with other products',
      'chat-demo',
      'de',
      { ...base, company: null, products: 'platform', subject: CHAT_DEMO_SUBJECT },
      "products must be 'chatbot' on the chat-demo form",
    ],
    [
      'chat demo with no product',
      'chat-demo',
      'de',
      { ...base, company: null, products: null, subject: CHAT_DEMO_SUBJECT },
      "products must be 'chatbot' on the chat-demo form",
    ],
    [
      'chat demo with a typed subject',
      'chat-demo',
      'en',
      { ...base, company: null, products: 'chatbot', subject: 'Hello' },
      `subject must be '${CHAT_DEMO_SUBJECT}' on the chat-demo form`,
    ],
    ['chat demo without subject', 'chat-demo', 'de', { ...base, company: null, products: 'chatbot' }, 'subject is missing: the chat-demo form sends it'],
  ])('%s', (_case, form, locale, payload, message) => {
    const result = check(payload, form, locale);
    expect(result).toEqual({ ok: false, message });
  });

  it('reports key problems together with field problems, in field order', () => {
    expect(check({ ...base, email: 'nope', products: 'chatbot', message: '' }, 'education', 'fr')).toEqual({
      ok: false,
      message:
        'email must be a valid e-mail address; company is missing: the education form (fr) sends it; products is not a field of the education form (fr); message is required',
    });
  });
});

describe('property: for every declared form, a body is accepted iff its keys are the ones SPEC §3 gives that form', () => {
  const variable: Variable[] = ['company', 'products', 'subject'];
  it('holds for every form, locale and subset of the variable keys', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORM_SOURCES), fc.constantFrom(...LOCALE_CODES), fc.subarray(variable), (form, locale, keys) => {
        const rule = SPEC[`${form}/${locale}`]!;
        const expected = rule.must.every((k) => keys.includes(k)) && keys.every((k) => rule.must.includes(k) || (rule.may ?? []).includes(k));
        expect(check(body(form, keys), form, locale).ok).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('covers every form and locale the headers can name', () => {
    expect(Object.keys(SPEC).sort()).toEqual(FORM_SOURCES.flatMap((f) => LOCALE_CODES.map((l) => `${f}/${l}`)).sort());
  });
});
