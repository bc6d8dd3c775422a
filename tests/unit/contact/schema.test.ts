import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS, PRODUCT_IDS } from '../../../supabase/functions/_shared/contact-fields.ts';
import { checkContactRequest } from '../../../supabase/functions/_shared/contact-request.ts';

const valid = { name: 'Max', email: 'max@example.com', company: null, products: 'chatbot', subject: 'Demo', message: 'Hallo', privacy_consent: true };

function rejected(body: unknown): string {
  const result = checkContactRequest(body);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(body)}`);
  return result.message;
}

describe('ContactRequest schema', () => {
  it('accepts the minimal education payload and the full business payload', () => {
    expect(checkContactRequest({ name: 'A', email: 'a@example.com', company: null, message: 'M', privacy_consent: true }).ok).toBe(true);
    expect(checkContactRequest(valid).ok).toBe(true);
  });

  it('trims surrounding whitespace', () => {
    const result = checkContactRequest({ ...valid, name: '  Max  ' });
    expect(result.ok && result.value.name).toBe('Max');
  });

  it.each([
    ['missing consent', { ...valid, privacy_consent: undefined }, 'privacy_consent must be true'],
    ['consent false', { ...valid, privacy_consent: false }, 'privacy_consent must be true'],
    ['consent as a string', { ...valid, privacy_consent: 'true' }, 'privacy_consent must be true'],
    ['bad e-mail', { ...valid, email: 'max.example.com' }, 'email must be a valid e-mail address'],
    ['missing name', { ...valid, name: undefined }, 'name is required'],
    ['blank name', { ...valid, name: '   ' }, 'name is required'],
    ['name as a number', { ...valid, name: 42 }, 'name must be a string'],
    ['missing message', { ...valid, message: undefined }, 'message is required'],
    ['blank subject', { ...valid, subject: '' }, 'subject is required'],
    ['unknown product id', { ...valid, products: 'chatbot,robot' }, "products: unknown product id 'robot'"],
    ['products as an array', { ...valid, products: ['chatbot'] }, 'products must be a comma-separated string'],
    ['duplicate product', { ...valid, products: 'chatbot,chatbot' }, 'listed twice'],
    ['empty products string', { ...valid, products: '' }, "unknown product id ''"],
    ['company as a number', { ...valid, company: 7 }, 'company must be a string'],
    ['unknown field', { ...valid, privacyConsent: true }, "unknown field 'privacyConsent'"],
    ['oversize message', { ...valid, message: 'x'.repeat(FIELD_LIMITS.message + 1) }, `message must be at most ${FIELD_LIMITS.message} characters`],
    ['oversize name', { ...valid, name: 'x'.repeat(FIELD_LIMITS.name + 1) }, `name must be at most ${FIELD_LIMITS.name} characters`],
    ['an array body', [valid], 'the body must be a JSON object'],
    ['null body', null, 'the body must be a JSON object'],
  ])('rejects %s with a readable message', (_case, body, message) => {
    expect(rejected(body)).toContain(message);
  });

  it('reports every problem at once', () => {
    const message = rejected({ name: '', email: 'nope', message: '', privacy_consent: false });
    for (const part of ['name is required', 'email must be a valid e-mail address', 'message is required', 'privacy_consent must be true']) expect(message).toContain(part);
  });

  it('accepts every non-empty, duplicate-free list of product ids and nothing else', () => {
    fc.assert(
      fc.property(fc.subarray([...PRODUCT_IDS], { minLength: 1 }), (ids) => checkContactRequest({ ...valid, products: ids.join(',') }).ok),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !s.split(',').every((id) => (PRODUCT_IDS as readonly string[]).includes(id))), (junk) => !checkContactRequest({ ...valid, products: junk }).ok),
    );
  });
});
