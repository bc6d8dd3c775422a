/**
 * Hostile input, property-based: hundreds of generated bodies through the function's handler into a
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
import { scaled } from '../../support/time-scale.ts';

// 500 runs on PGlite (2,000 before) still failed at 5 seeds of 5 with each known bug put back: values trimmed, a
// leading U+FEFF dropped when rows are read, e-mail checked by zod's stricter default rule (see 9318a4d).
const targets: { name: string; target: (dir: string) => StoreTarget; runs: number }[] = [
  { name: 'PGlite', target: (dir) => ({ kind: 'pglite', dataDir: dir }), runs: 500 },
  ...(process.env.DATABASE_URL
    ? [{ name: 'PostgreSQL', target: () => ({ kind: 'postgres', url: process.env.DATABASE_URL! }) as StoreTarget, runs: 1000 }]
    : []),
];

const SITE = 'https://www.ki-zentrale.de';
const KEYS = ['name', 'email', 'company', 'products', 'subject', 'message', 'privacy_consent'];
const CHAT_DEMO_SUBJECT = 'Chatbot Anfrage (Chat-Demo)';

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

/** Limits count code points, as PostgreSQL's char_length does; "required" means more than whitespace. */
function textOk(value: unknown, max: number, required: boolean): boolean {
  if (typeof value !== 'string' || !storable(value)) return false;
  return [...value].length <= max && (!required || value.trim().length >= 1);
}

/** The HTML standard's "valid e-mail address" (what <input type=email> accepts), applied to the raw value. */
const VALID_EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

type Source = { form: 'business' | 'education' | 'chat-demo'; locale: 'de' | 'fr' | 'en' | 'es' };
type Variable = 'company' | 'products' | 'subject';
/** SPEC §3: the variable keys each form must send, and may send (the /chatbot page's German business form offers products). */
function keyRule(src: Source): { must: Variable[]; may: Variable[] } {
  if (src.form === 'chat-demo') return { must: ['company', 'products', 'subject'], may: [] };
  if (src.form === 'education') return { must: src.locale === 'es' ? ['company', 'subject'] : ['company'], may: [] };
  return src.locale === 'de' ? { must: ['company', 'subject'], may: ['products'] } : { must: ['company', 'products', 'subject'], may: [] };
}

function isValid(body: unknown, src: Source): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  if (Object.keys(b).some((key) => !KEYS.includes(key))) return false;
  const rule = keyRule(src);
  if (!rule.must.every((key) => key in b)) return false;
  if ((['company', 'products', 'subject'] as const).some((key) => key in b && !rule.must.includes(key) && !rule.may.includes(key))) return false;
  if (src.form === 'chat-demo' && (b.products !== 'chatbot' || b.subject !== CHAT_DEMO_SUBJECT)) return false;
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
    VALID_EMAIL.test(b.email) &&
    b.email.length <= FIELD_LIMITS.email &&
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
  '\u00a0',
  'Grüße',
  '\ud800',
  '\udfff',
  '\u0000',
];

/** Strings a hostile client sends: SQL and HTML fragments, control characters, emoji, RTL, any code point. */
const hostileText = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...FRAGMENTS) },
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 1 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 1 }) },
  ),
  maxLength: 40,
});
/** Long runs around the limits, some padded with whitespace (which counts: nothing is trimmed). */
const hugeText = fc
  .tuple(fc.constantFrom('x', 'ü', '😀', ' ', '<', '\n'), fc.integer({ min: 150, max: 9000 }), fc.constantFrom('', ' ', '\n\n'))
  .map(([c, n, pad]) => `${pad}${c.repeat(n)}${pad}`);
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const fieldValue = fc.oneof({ weight: 6, arbitrary: hostileText }, { weight: 1, arbitrary: hugeText }, { weight: 2, arbitrary: wrongType });

const validEmail = fc.oneof(
  fc
    .tuple(fc.stringMatching(/^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]{1,20}$/), fc.constantFrom('example.com', 'example.de', 'xn--bcher-kva.de', 'a-b.example.fr'))
    .map(([local, domain]) => `${local}@${domain}`),
  fc.constantFrom('a&b@example.de', 'max@example.org', "o'brien@example.ie"),
);
const invalidEmail = fc.oneof(
  fc.constantFrom(
    'not-an-address',
    'a@',
    '@example.com',
    'a b@example.com',
    'a@example..com',
    'a@-example.com',
    '<script>@example.com',
    "'; drop@example.com",
    'a@example.com\u0000',
    'a@exa mple.com',
    'jörg@example.de',
    'a@bücher.de',
    'max@firma',
  ),
  validEmail.chain((address) => fc.constantFrom(` ${address}`, `${address} `, `${address}\n`, `\t${address}`)),
  hostileText.filter((s) => !s.includes('@')),
);
const products = fc.oneof(
  fc.subarray([...PRODUCT_IDS], { minLength: 1 }).map((ids) => ids.join(',')),
  fc.constant(null),
  fieldValue,
);
const source: fc.Arbitrary<Source> = fc.record({
  form: fc.constantFrom('business', 'education', 'chat-demo'),
  locale: fc.constantFrom('de', 'fr', 'en', 'es'),
});

const storableText = (max: number, required: boolean) => hostileText.filter((s) => textOk(s, max, required));

/** Requests that follow the rules of the form they declare, made of hostile but storable text. */
const validRequest = source.chain((src) => {
  const rule = keyRule(src);
  const chat = src.form === 'chat-demo';
  const variable = {
    company: fc.oneof(fc.constant(null), storableText(FIELD_LIMITS.company, false)),
    products: chat
      ? fc.constant('chatbot')
      : fc.oneof(
          fc.constant(null),
          fc.subarray([...PRODUCT_IDS], { minLength: 1 }).map((ids) => ids.join(',')),
        ),
    subject: chat ? fc.constant(CHAT_DEMO_SUBJECT) : storableText(FIELD_LIMITS.subject, true),
  };
  const keys = [...rule.must, ...rule.may];
  return fc
    .record(
      {
        name: storableText(FIELD_LIMITS.name, true),
        email: validEmail,
        ...(Object.fromEntries(keys.map((key) => [key, variable[key]])) as Partial<Record<Variable, fc.Arbitrary<string | null>>>),
        message: fc.oneof(hostileText, hugeText).filter((s) => textOk(s, FIELD_LIMITS.message, true)),
        privacy_consent: fc.constant(true),
      },
      { requiredKeys: ['name', 'email', ...rule.must, 'message', 'privacy_consent'] },
    )
    .map((body) => ({ body: body as unknown, src }));
});

/** Anything: wrong types, missing and extra keys, keys of another form, huge strings, consent not exactly true. */
const anyBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.record(
          {
            name: fieldValue,
            email: fc.oneof(validEmail, invalidEmail, wrongType),
            company: fc.oneof(fc.constant(null), fieldValue),
            products,
            subject: fc.oneof({ weight: 3, arbitrary: fieldValue }, { weight: 1, arbitrary: fc.constant(CHAT_DEMO_SUBJECT) }),
            message: fieldValue,
            privacy_consent: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constantFrom(false, 'true', 1, null) }),
          },
          { requiredKeys: [] },
        ),
        fc.dictionary(fc.oneof(fc.constantFrom('privacyConsent', 'admin', 'id', 'created_at', '__proto__', 'constructor'), hostileText), fieldValue, {
          maxKeys: 2,
        }),
      )
      .map(([fields, extra]) => ({ ...fields, ...extra })),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const request = fc.oneof({ weight: 2, arbitrary: validRequest }, { weight: 3, arbitrary: fc.record({ body: anyBody as fc.Arbitrary<unknown>, src: source }) });

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

const asSentOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

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

  it(
    `answers ${runs} generated bodies with 200 iff valid, 413 iff over the cap, else 400 with a readable message; never 5xx`,
    async () => {
      let valid = 0;
      await fc.assert(
        fc.asyncProperty(request, async ({ body: generated, src }) => {
          const text = JSON.stringify(generated);
          const received: unknown = JSON.parse(text);
          const tooBig = new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES;
          const expected = tooBig ? 413 : isValid(received, src) ? 200 : 400;
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
      // Hundreds to a thousand store round trips: seconds on an idle 2-core machine, several times that on a busy one.
    },
    scaled(180_000),
  );

  it('stored exactly the accepted requests, each field byte for byte as sent (nothing trimmed or normalised)', async () => {
    expect(accepted.length).toBeGreaterThan(0);
    const rows = new Map((await store.list()).map((row) => [row.id, row] as const));
    expect(rows.size).toBe(rowsBefore + accepted.length);
    for (const { id, sent, src } of accepted) {
      const row = rows.get(id) as StoredContactRequest;
      const expected = {
        id,
        created_at: row.created_at,
        name: asSentOrNull(sent.name),
        email: asSentOrNull(sent.email),
        company: asSentOrNull(sent.company),
        products: (sent.products as string | null | undefined) ?? null,
        subject: asSentOrNull(sent.subject),
        message: asSentOrNull(sent.message),
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

  const valid = JSON.stringify({ name: 'Max', email: 'max@example.com', company: '', subject: 'Demo', message: 'Hallo', privacy_consent: true });
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
