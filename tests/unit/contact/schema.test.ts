import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS, PRODUCT_IDS } from '../../../supabase/functions/_shared/contact-fields.ts';
import { checkContactRequest, type RequestSource } from '../../../supabase/functions/_shared/contact-request.ts';

const EN_BUSINESS: RequestSource = { form: 'business', locale: 'en' };
const valid = { name: 'Max', email: 'max@example.com', company: null, products: 'chatbot', subject: 'Demo', message: 'Hallo', privacy_consent: true };

function rejected(body: unknown, source: RequestSource = EN_BUSINESS): string {
  const result = checkContactRequest(body, source);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(body)}`);
  return result.message;
}

describe('ContactRequest schema', () => {
  it('accepts the minimal education payload and the full business payload', () => {
    expect(
      checkContactRequest({ name: 'A', email: 'a@example.com', company: null, message: 'M', privacy_consent: true }, { form: 'education', locale: 'de' }).ok,
    ).toBe(true);
    expect(checkContactRequest(valid, EN_BUSINESS).ok).toBe(true);
  });

  it('keeps every value byte for byte: surrounding whitespace, line breaks and all', () => {
    const typed = { ...valid, name: '  Max  ', company: '\tMuster GmbH\n', subject: ' Demo ', message: '\n  Hallo,\r\n  bitte melden.  \n' };
    const result = checkContactRequest(typed, EN_BUSINESS);
    expect(result).toEqual({ ok: true, value: typed });
  });

  it.each([
    ['missing consent', { ...valid, privacy_consent: undefined }, 'privacy_consent must be true'],
    ['consent false', { ...valid, privacy_consent: false }, 'privacy_consent must be true'],
    ['consent as a string', { ...valid, privacy_consent: 'true' }, 'privacy_consent must be true'],
    ['bad e-mail', { ...valid, email: 'max.example.com' }, 'email must be a valid e-mail address'],
    ['missing name', { ...valid, name: undefined }, 'name is required'],
    ['blank name', { ...valid, name: '   ' }, 'name is required'],
    ['a name of line breaks and tabs', { ...valid, name: '\n\t\r\n' }, 'name is required'],
    ['name as a number', { ...valid, name: 42 }, 'name must be a string'],
    ['missing message', { ...valid, message: undefined }, 'message is required'],
    ['blank message', { ...valid, message: ' \n ' }, 'message is required'],
    ['blank subject', { ...valid, subject: '' }, 'subject is required'],
    ['unknown product id', { ...valid, products: 'chatbot,robot' }, "products: unknown product id 'robot'"],
    ['products as an array', { ...valid, products: ['chatbot'] }, 'products must be a comma-separated string'],
    ['duplicate product', { ...valid, products: 'chatbot,chatbot' }, 'listed twice'],
    ['empty products string', { ...valid, products: '' }, "unknown product id ''"],
    ['company as a number', { ...valid, company: 7 }, 'company must be a string'],
    ['unknown field', { ...valid, privacyConsent: true }, "unknown field 'privacyConsent'"],
    ['oversize message', { ...valid, message: 'x'.repeat(FIELD_LIMITS.message + 1) }, `message must be at most ${FIELD_LIMITS.message} characters`],
    ['oversize name', { ...valid, name: 'x'.repeat(FIELD_LIMITS.name + 1) }, `name must be at most ${FIELD_LIMITS.name} characters`],
    ['a name of 200 characters plus padding', { ...valid, name: ` ${'x'.repeat(FIELD_LIMITS.name)}` }, `name must be at most ${FIELD_LIMITS.name} characters`],
    ['an array body', [valid], 'the body must be a JSON object'],
    ['null body', null, 'the body must be a JSON object'],
  ])('rejects %s with a readable message', (_case, body, message) => {
    expect(rejected(body)).toContain(message);
  });

  it('counts length in code points, as PostgreSQL does: 5000 emoji are a full message, 5001 one too many', () => {
    expect(checkContactRequest({ ...valid, message: '😀'.repeat(FIELD_LIMITS.message) }, EN_BUSINESS).ok).toBe(true);
    expect(rejected({ ...valid, message: '😀'.repeat(FIELD_LIMITS.message + 1) })).toContain('message must be at most 5000 characters');
  });

  it('reports every problem at once, in field order', () => {
    expect(rejected({ name: '', email: 'nope', company: null, products: null, subject: 'S', message: '', privacy_consent: false })).toBe(
      'name is required; email must be a valid e-mail address; message is required; privacy_consent must be true: the privacy policy has to be accepted',
    );
  });

  it('accepts every non-empty, duplicate-free list of product ids and nothing else', () => {
    fc.assert(
      fc.property(fc.subarray([...PRODUCT_IDS], { minLength: 1 }), (ids) => checkContactRequest({ ...valid, products: ids.join(',') }, EN_BUSINESS).ok),
    );
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !s.split(',').every((id) => (PRODUCT_IDS as readonly string[]).includes(id))),
        (junk) => !checkContactRequest({ ...valid, products: junk }, EN_BUSINESS).ok,
      ),
    );
  });
});

/**
 * The e-mail rule is the HTML standard's "valid e-mail address", which <input type=email> applies
 * (tests/browser/contact-email.spec.ts holds Chromium to the same list). Addresses at the boundary.
 */
describe('email: exactly what the form’s e-mail field accepts (type=email and a dot in the domain)', () => {
  const label63 = 'a'.repeat(63);
  const accepted = [
    'a&b@example.de',
    "o'brien@example.ie",
    '.max@example.de',
    'max.@example.de',
    'max..muster@example.de',
    "!#$%&'*+/=?^_`{|}~-@example.de",
    'MAX@EXAMPLE.DE',
    'max@127.0.0.1',
    'max@xn--bcher-kva.de',
    `max@${label63}.de`,
    'max@a-b.c-d',
    '1@2.de',
  ];
  const refused = [
    'max',
    'max@firma',
    'max@localhost',
    '1@2',
    'max@',
    '@example.de',
    'max@@example.de',
    'max@example..de',
    'max@.example.de',
    'max@example.de.',
    'max@-example.de',
    'max@example-.de',
    `max@${label63}a.de`,
    'max@exa_mple.de',
    'max muster@example.de',
    ' max@example.de',
    'max@example.de ',
    'max@example.de\n',
    '"max"@example.de',
    'max(comment)@example.de',
    'max@[127.0.0.1]',
    'jörg@example.de',
    'max@bücher.de',
    'max,moritz@example.de',
    'max@example.de,moritz@example.de',
  ];
  it.each(accepted)('accepts %j', (address) =>
    expect(checkContactRequest({ ...valid, email: address }, EN_BUSINESS)).toMatchObject({ ok: true, value: { email: address } }),
  );
  it.each(refused)('refuses %j', (address) => expect(rejected({ ...valid, email: address })).toBe('email must be a valid e-mail address'));
  it('still caps the address at 254 characters', () => {
    const long = `${'a'.repeat(64)}@${['b'.repeat(63), 'c'.repeat(63), 'd'.repeat(61)].join('.')}`;
    expect(long).toHaveLength(254);
    expect(checkContactRequest({ ...valid, email: long }, EN_BUSINESS).ok).toBe(true);
    expect(rejected({ ...valid, email: `a${long}` })).toContain('email must be at most 254 characters');
  });
});
