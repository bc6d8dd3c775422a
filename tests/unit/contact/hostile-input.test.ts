/**
 * Hostile input, property-based: thousands of generated bodies through the function's handler into a
 * real store (PGlite; PostgreSQL too when DATABASE_URL is set). The oracle below is written from the
 * rules (SPEC §3, §5 and the field limits), independently of the zod schema it checks.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LIMITS, FUNCTION_PATH, MAX_BODY_BYTES, PRODUCT_IDS } from '../../../supabase/functions/_shared/contact-fields.ts';
import { handleContactRequest, type ContactStore } from '../../../supabase/functions/_shared/contact-handler.ts';
import type { StoredContactRequest } from '../../../supabase/functions/_shared/contact-request.ts';
import { openContactStore, type LocalContactStore, type StoreTarget } from '../../../src/server/contact-store.ts';
import { contactRoute } from '../../../src/server/contact-route.ts';
import { startServer, type RunningServer } from '../../../src/server/server.ts';

const targets: { name: string; target: (dir: string) => StoreTarget; runs: number }[] = [
  { name: 'PGlite', target: (dir) => ({ kind: 'pglite', dataDir: dir }), runs: 2000 },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', target: () => ({ kind: 'postgres', url: process.env.DATABASE_URL! }) as StoreTarget, runs: 1000 }] : []),
];

const SITE = 'https://www.ki-zentrale.de';
const KEYS = ['name', 'email', 'company', 'products', 'subject', 'message', 'privacy_consent'];

// ---- the oracle -------------------------------------------------------------------------------

/** No NUL, every surrogate paired: what a PostgreSQL `text` column keeps exactly. */
function storable(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xdc00 && c <= 0xdfff) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

function textOk(value: unknown, max: number, required: boolean): boolean {
  if (typeof value !== 'string' || !storable(value)) return false;
  const trimmed = value.trim();
  return trimmed.length <= max && (!required || trimmed.length >= 1);
}

/** The e-mail addresses the generators build as valid; everything else they produce is not an address. */
const VALID_EMAIL = /^[a-z0-9][a-z0-9_+-]*@example\.(?:com|de|fr)$/;

function isValid(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  if (Object.keys(b).some((key) => !KEYS.includes(key))) return false;
  const productsOk =
    !('products' in b) ||
    b.products === null ||
    (typeof b.products === 'string' &&
      b.products.length <= FIELD_LIMITS.products &&
      b.products.split(',').every((id) => (PRODUCT_IDS as readonly string[]).includes(id)) &&
      new Set(b.products.split(',')).size === b.products.split(',').length);
  return (
    textOk(b.name, FIELD_LIMITS.name, true) &&
    typeof b.email === 'string' &&
    storable(b.email) &&
    VALID_EMAIL.test(b.email.trim()) &&
    b.email.trim().length <= FIELD_LIMITS.email &&
    (!('company' in b) || b.company === null || textOk(b.company, FIELD_LIMITS.company, false)) &&
    productsOk &&
    (!('subject' in b) || textOk(b.subject, FIELD_LIMITS.subject, true)) &&
    textOk(b.message, FIELD_LIMITS.message, true) &&
    b.privacy_consent === true
  );
}

// ---- the generators ---------------------------------------------------------------------------

const FRAGMENTS = [
  "'; drop table contact_requests; --",
  "' or '1'='1",
  '$1',
  '\\',
  "\\'",
  '"',
  '<script>alert(1)</script>',
  '</script>',
  '"><img src=x onerror=alert(1)>',
  '{{constant}}',
  '👩‍💻',
  '🇩🇪',
  'مرحبا بالعالم',
  'שלום',
  '\u202e',
  '\u200b',
  '\ufeff',
  'e\u0301',
  '\u0001',
  '\u001b[31m',
  '\u007f',
  '\r\n',
  '\t',
  ' ',
  'Grüße',
  '\ud800',
  '\udfff',
  '\u0000',
];

/** Strings a hostile client sends: SQL and HTML fragments, control characters, emoji, RTL, any code point. */
const hostileText = fc.string({
  unit: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...FRAGMENTS) }, { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 1 }) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 1 }) }),
  maxLength: 40,
});
const hugeText = fc.tuple(fc.constantFrom('x', 'ü', '😀', ' ', '<'), fc.integer({ min: 150, max: 9000 })).map(([c, n]) => c.repeat(n));
const wrongType = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }));
const fieldValue = fc.oneof({ weight: 6, arbitrary: hostileText }, { weight: 1, arbitrary: hugeText }, { weight: 2, arbitrary: wrongType });

const validEmail = fc
  .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9_+-]{0,20}$/), fc.constantFrom('com', 'de', 'fr'), fc.constantFrom('', ' ', '\n'))
  .map(([local, tld, pad]) => `${pad}${local}@example.${tld}${pad}`);
const invalidEmail = fc.oneof(
  fc.constantFrom('not-an-address', 'a@', '@example.com', 'a b@example.com', 'a..b@example.com', '<script>@example.com', "'; drop@example.com", 'a@example.com\u0000', 'a@exa mple.com'),
  hostileText.filter((s) => !s.includes('@')),
);
const products = fc.oneof(fc.subarray([...PRODUCT_IDS], { minLength: 1 }).map((ids) => ids.join(',')), fc.constant(null), fieldValue);

/** Bodies that follow the rules, made of hostile but storable text. */
const validBody = fc.record(
  {
    name: hostileText.filter((s) => textOk(s, FIELD_LIMITS.name, true)),
    email: validEmail,
    company: fc.oneof(fc.constant(null), hostileText.filter((s) => textOk(s, FIELD_LIMITS.company, false))),
    products: fc.oneof(fc.constant(null), fc.subarray([...PRODUCT_IDS], { minLength: 1 }).map((ids) => ids.join(','))),
    subject: hostileText.filter((s) => textOk(s, FIELD_LIMITS.subject, true)),
    message: fc.oneof(hostileText, hugeText).filter((s) => textOk(s, FIELD_LIMITS.message, true)),
    privacy_consent: fc.constant(true),
  },
  { requiredKeys: ['name', 'email', 'message', 'privacy_consent'] },
);

/** Anything: wrong types, missing and extra keys, huge strings, consent not exactly true. */
const anyBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.record(
          {
            name: fieldValue,
            email: fc.oneof(validEmail, invalidEmail, wrongType),
            company: fieldValue,
            products,
            subject: fieldValue,
            message: fieldValue,
            privacy_consent: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constantFrom(false, 'true', 1, null) }),
          },
          { requiredKeys: [] },
        ),
        fc.dictionary(fc.oneof(fc.constantFrom('privacyConsent', 'admin', 'id', 'created_at', '__proto__', 'constructor'), hostileText), fieldValue, { maxKeys: 2 }),
      )
      .map(([fields, extra]) => ({ ...fields, ...extra })),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const body = fc.oneof({ weight: 2, arbitrary: validBody as fc.Arbitrary<unknown> }, { weight: 3, arbitrary: anyBody as fc.Arbitrary<unknown> });
const source = fc.record({ form: fc.constantFrom('business', 'education', 'chat-demo'), locale: fc.constantFrom('de', 'fr', 'en', 'es') });

// ---- the properties ---------------------------------------------------------------------------

function post(text: string, src: { form: string; locale: string }): Request {
  return new Request(`https://project.supabase.co${FUNCTION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-site-form': src.form, 'x-site-locale': src.locale, origin: SITE },
    body: text,
  });
}

/** A rejection a person can read: one short line of words, no stack trace or library internals. */
function expectReadable(error: unknown): void {
  expect(typeof error).toBe('string');
  const message = error as string;
  expect(message.trim().length).toBeGreaterThan(0);
  expect(message).not.toMatch(/ZodError|\n\s+at |\[object Object\]|undefined/);
}

const trimmedOrNull = (value: unknown) => (typeof value === 'string' ? value.trim() : null);

describe.each(targets)('hostile input through the handler into $name', ({ target, runs }) => {
  let dir: string;
  let store: LocalContactStore;
  let saves = 0;
  const counting: ContactStore = {
    save: (request, src) => {
      saves++;
      return store.save(request, src);
    },
  };
  const accepted: { id: string; sent: Record<string, unknown>; src: { form: string; locale: string } }[] = [];
  let rowsBefore = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-hostile-'));
    store = await openContactStore(target(dir));
    rowsBefore = (await store.list()).length;
  });
  afterAll(async () => {
    await store?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it(`answers ${runs} generated bodies with 200 iff valid, 413 iff over the cap, else 400 with a readable message; never 5xx`, async () => {
    let valid = 0;
    await fc.assert(
      fc.asyncProperty(body, source, async (generated, src) => {
        const text = JSON.stringify(generated);
        const received: unknown = JSON.parse(text);
        const tooBig = new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES;
        const expected = tooBig ? 413 : isValid(received) ? 200 : 400;
        const savesBefore = saves;
        const response = await handleContactRequest(post(text, src), { store: counting, allowedOrigins: [SITE] });
        const answer = (await response.json()) as { id?: string; error?: string };
        expect(response.status, `${text.slice(0, 300)} → ${JSON.stringify(answer).slice(0, 300)}`).toBe(expected);
        if (expected === 200) {
          valid++;
          expect(saves).toBe(savesBefore + 1);
          accepted.push({ id: answer.id!, sent: received as Record<string, unknown>, src });
        } else {
          expect(saves).toBe(savesBefore);
          expectReadable(answer.error);
        }
      }),
      { numRuns: runs },
    );
    // The generators must really exercise both sides.
    expect(valid).toBeGreaterThan(runs / 5);
    expect(runs - valid).toBeGreaterThan(runs / 5);
  });

  it('stored exactly the accepted requests, each field as sent (surrounding whitespace trimmed), byte for byte', async () => {
    expect(accepted.length).toBeGreaterThan(0);
    const rows = new Map((await store.list()).map((row) => [row.id, row] as const));
    expect(rows.size).toBe(rowsBefore + accepted.length);
    for (const { id, sent, src } of accepted) {
      const row = rows.get(id) as StoredContactRequest;
      const expected = {
        id,
        created_at: row.created_at,
        name: trimmedOrNull(sent.name),
        email: trimmedOrNull(sent.email),
        company: trimmedOrNull(sent.company),
        products: (sent.products as string | null | undefined) ?? null,
        subject: trimmedOrNull(sent.subject),
        message: trimmedOrNull(sent.message),
        privacy_consent: true,
        form_variant: src.form,
        locale: src.locale,
      };
      expect(row).toEqual(expected);
      for (const key of ['name', 'email', 'company', 'subject', 'message'] as const) {
        if (expected[key] !== null) expect(Buffer.from(row[key]!, 'utf8').equals(Buffer.from(expected[key]!, 'utf8'))).toBe(true);
      }
    }
  });
});

describe('each kind of bad request over HTTP gets its own clear 4xx and stores nothing', () => {
  let dir: string;
  let store: LocalContactStore;
  let server: RunningServer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-hostile-http-'));
    store = await openContactStore({ kind: 'pglite', dataDir: dir });
    server = await startServer({ root: dir, port: 0, host: '127.0.0.1', handlers: [contactRoute({ store, allowedOrigins: [] })] });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const valid = JSON.stringify({ name: 'Max', email: 'max@example.com', message: 'Hallo', privacy_consent: true });
  it.each([
    ['malformed JSON', 'application/json', '{"name": "Max",', 400, 'the body is not valid JSON'],
    ['an empty body', 'application/json', '', 400, 'the body is empty'],
    ['a body of whitespace', 'application/json', ' \n ', 400, 'the body is empty'],
    ['a wrong content type', 'text/plain', valid, 415, 'the body must be JSON (content-type: application/json)'],
    ['a form-encoded body', 'application/x-www-form-urlencoded', 'name=Max', 415, 'the body must be JSON'],
    ['a body over the cap', 'application/json', JSON.stringify({ name: 'M', message: 'x'.repeat(MAX_BODY_BYTES) }), 413, `larger than ${MAX_BODY_BYTES} bytes`],
    ['JSON that is not an object', 'application/json', '"hello"', 400, 'the body must be a JSON object'],
  ])('%s → %s', async (_case, type, payload, status, message) => {
    const before = (await store.list()).length;
    const response = await fetch(`${server.url}${FUNCTION_PATH}`, {
      method: 'POST',
      headers: { 'content-type': type, 'x-site-form': 'business', 'x-site-locale': 'de' },
      body: payload,
    });
    expect(response.status).toBe(status);
    const { error } = (await response.json()) as { error: string };
    expect(error).toContain(message);
    expect((await store.list()).length).toBe(before);
  });
});
