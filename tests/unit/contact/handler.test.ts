import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_PATH, MAX_BODY_BYTES } from '../../../supabase/functions/_shared/contact-fields.ts';
import { handleContactRequest, type ContactStore } from '../../../supabase/functions/_shared/contact-handler.ts';
import { openContactStore, type LocalContactStore, type StoreTarget } from '../../../src/server/contact-store.ts';
import { freshPostgres, type Session } from '../server/support/databases.ts';

/**
 * Every store the site can run on: PGlite always, PostgreSQL when DATABASE_URL is set (CI provides one),
 * in a fresh database there, because the tests count rows and other test files write to the same server.
 */
const targets: { name: string; target: (dir: string) => Promise<{ target: StoreTarget; database?: Session }> }[] = [
  { name: 'PGlite', target: async (dir) => ({ target: { kind: 'pglite', dataDir: dir } }) },
  ...(process.env.DATABASE_URL
    ? [
        {
          name: 'PostgreSQL',
          target: async () => {
            const database = await freshPostgres(process.env.DATABASE_URL!);
            return { target: { kind: 'postgres', url: database.url! } as StoreTarget, database };
          },
        },
      ]
    : []),
];

const SITE = 'https://www.ki-zentrale.de';

function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`https://project.supabase.co${FUNCTION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-site-form': 'business', 'x-site-locale': 'de', origin: SITE, ...headers },
    body: typeof body === 'string' ? body : body instanceof Uint8Array ? new Blob([new Uint8Array(body)]) : JSON.stringify(body),
  });
}

let seq = 0;
const email = () => `lead-${Date.now()}-${seq++}@example.com`;

/** One request per SPEC §3 variant, with the source headers its form sends. */
const variants = () =>
  [
    { form: 'business', locale: 'de', body: { name: 'Max', email: email(), company: '', subject: 'Demo', message: 'Hallo', privacy_consent: true } },
    {
      form: 'business',
      locale: 'en',
      body: { name: 'Max', email: email(), company: null, products: 'platform,chatbot', subject: 'Demo', message: 'Hi', privacy_consent: true },
    },
    {
      form: 'business',
      locale: 'fr',
      body: { name: 'Max', email: email(), company: 'ACME', products: null, subject: 'Démo', message: 'Salut', privacy_consent: true },
    },
    { form: 'education', locale: 'de', body: { name: 'Max', email: email(), company: 'Gymnasium', message: 'Hallo', privacy_consent: true } },
    { form: 'education', locale: 'es', body: { name: 'Max', email: email(), company: null, subject: 'Licencia', message: 'Hola', privacy_consent: true } },
    {
      form: 'chat-demo',
      locale: 'de',
      body: {
        name: 'Max',
        email: email(),
        company: null,
        products: 'chatbot',
        subject: 'Chatbot Anfrage (Chat-Demo)',
        message: 'Bot bitte',
        privacy_consent: true,
      },
    },
  ] as const;

describe.each(targets)('rapid-worker handler on $name', ({ target }) => {
  let dir: string;
  let store: LocalContactStore;
  let database: Session | undefined;
  const options = () => ({ store, allowedOrigins: [SITE] });
  const count = async () => (await store.list()).length;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-contact-'));
    const opened = await target(dir);
    database = opened.database;
    store = await openContactStore(opened.target);
  });
  afterAll(async () => {
    await store?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each(variants())('stores a valid $form/$locale request and answers 200 { id }', async ({ form, locale, body }) => {
    const response = await handleContactRequest(post(body, { 'x-site-form': form, 'x-site-locale': locale }), options());
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE);
    const { id } = (await response.json()) as { id: string };
    const row = (await store.list()).find((r) => r.id === id);
    expect(row).toEqual({
      id,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      name: body.name,
      email: body.email,
      company: 'company' in body ? body.company : null,
      products: 'products' in body ? body.products : null,
      subject: 'subject' in body ? body.subject : null,
      message: body.message,
      privacy_consent: true,
      form_variant: form,
      locale,
    });
  });

  /** A German business request (the default headers of `post`) that is valid but for what each case changes. */
  const de = { name: 'M', email: 'm@example.com', company: '', subject: 'S', message: 'x', privacy_consent: true };
  it.each([
    ['missing consent', { ...de, privacy_consent: undefined }, 'privacy_consent must be true: the privacy policy has to be accepted'],
    ['consent false', { ...de, privacy_consent: false }, 'privacy_consent must be true: the privacy policy has to be accepted'],
    ['bad e-mail', { ...de, email: 'not-an-address' }, 'email must be a valid e-mail address'],
    [
      'unknown product id',
      { ...de, products: 'chatbot,toaster' },
      "products: unknown product id 'toaster' (expected: platform, website, chatbot, telefonbot, mandantenbot)",
    ],
    [
      'wrong types',
      { ...de, name: ['M'], message: 5, privacy_consent: 1 },
      'name must be a string; message must be a string; privacy_consent must be true: the privacy policy has to be accepted',
    ],
    ['oversize field', { ...de, message: 'x'.repeat(5001) }, 'message must be at most 5000 characters'],
    ['a blank name', { ...de, name: ' \n ' }, 'name is required'],
    ['unknown key', { ...de, admin: true }, "unknown field 'admin'"],
    ['invalid JSON', '{"name": ', 'the body is not valid JSON'],
  ])('answers 400 for %s with exactly its message and stores nothing', async (_case, body, message) => {
    const before = await count();
    const response = await handleContactRequest(post(body), options());
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect(await count()).toBe(before);
  });

  it.each([
    ['business', 'de', { ...de, subject: undefined }, 'subject is missing: the business form (de) sends it'],
    ['business', 'es', { ...de, company: null }, 'products is missing: the business form (es) sends it'],
    [
      'education',
      'en',
      { name: 'M', email: 'm@example.com', company: null, products: 'chatbot', message: 'x', privacy_consent: true },
      'products is not a field of the education form (en)',
    ],
    [
      'education',
      'fr',
      { name: 'M', email: 'm@example.com', company: null, subject: 'S', message: 'x', privacy_consent: true },
      'subject is not a field of the education form (fr)',
    ],
    [
      'chat-demo',
      'de',
      { ...de, company: null, products: 'chatbot', subject: 'Anfrage' },
      "subject must be 'Chatbot Anfrage (Chat-Demo)' on the chat-demo form",
    ],
  ])('answers 400 for a %s/%s body with keys of another form, and stores nothing', async (form, locale, body, message) => {
    const before = await count();
    const response = await handleContactRequest(post(body, { 'x-site-form': form, 'x-site-locale': locale }), options());
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect(await count()).toBe(before);
  });

  it('stores and reads back every value exactly as sent: surrounding whitespace, line breaks and a leading U+FEFF included', async () => {
    const body = {
      name: '  Max  ',
      email: email(),
      company: '\ufeffMuster GmbH\t',
      subject: '\nDemo ',
      message: '  Hallo,\r\n\r\n  bitte melden.\n',
      privacy_consent: true,
    };
    const response = await handleContactRequest(post(body), options());
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const row = (await store.list()).find((r) => r.id === id)!;
    for (const key of ['name', 'email', 'company', 'subject', 'message'] as const) expect(Buffer.from(row[key]!)).toEqual(Buffer.from(body[key]));
  });

  it("stores SPEC §7's body sent without x-site-form / x-site-locale (another client of the backend), checked against the union of the forms", async () => {
    const body = {
      name: 'Erika',
      email: email(),
      company: 'Beispiel GmbH',
      products: 'platform,chatbot',
      subject: 'Angebot',
      message: 'Bitte anrufen',
      privacy_consent: true,
    };
    const empty = await handleContactRequest(post({ ...body, email: email() }, { 'x-site-form': '', 'x-site-locale': '' }), options());
    const bare = new Request(`https://project.supabase.co${FUNCTION_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const stored = await handleContactRequest(bare, options());
    expect(stored.status).toBe(200);
    const { id } = (await stored.json()) as { id: string };
    expect((await store.list()).find((r) => r.id === id)).toMatchObject({ ...body, form_variant: null, locale: null });
    expect(empty.status).toBe(400); // empty headers name no known form: once named, the stricter rules apply
    const before = await count();
    const noForm = (extra: object) =>
      handleContactRequest(
        new Request(`https://project.supabase.co${FUNCTION_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...body, email: email(), ...extra }),
        }),
        options(),
      );
    const unknownProduct = await noForm({ products: 'rocket' });
    expect(unknownProduct.status).toBe(400);
    const noCompany = await noForm({ company: undefined });
    expect(noCompany.status).toBe(400);
    expect(((await noCompany.json()) as { error: string }).error).toContain("are those of none of the site's forms");
    expect(await count()).toBe(before);
  });

  it('refuses a body that is not UTF-8 with a readable 400 and stores nothing (no U+FFFD stored instead)', async () => {
    const before = await count();
    const json = Buffer.from(JSON.stringify({ name: 'Max', email: email(), company: '', subject: 'S', message: 'Hallo XX', privacy_consent: true }));
    const bytes = Buffer.from(json.toString('latin1').replace('XX', '\u00ff\u00c3('), 'latin1');
    const response = await handleContactRequest(post(bytes), options());
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'the body is not valid UTF-8; send the contact request as UTF-8 encoded JSON' });
    expect(await count()).toBe(before);
  });

  it('every answer carries the security headers (nosniff, Referrer-Policy, frame policy, CSP)', async () => {
    for (const response of [
      await handleContactRequest(post('{'), options()),
      await handleContactRequest(new Request(`https://p.supabase.co${FUNCTION_PATH}`), options()),
    ]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('answers 400 for a missing or unknown form header and stores nothing', async () => {
    const before = await count();
    const body = { name: 'M', email: email(), company: '', subject: 'S', message: 'x', privacy_consent: true };
    const missing = await handleContactRequest(post(body, { 'x-site-form': '' }), options());
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toContain('x-site-form header must be one of business, education, chat-demo');
    expect((await handleContactRequest(post(body, { 'x-site-locale': 'it' }), options())).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('answers 413 for a body over the cap, 415 for a non-JSON body, and stores nothing', async () => {
    const before = await count();
    const huge = await handleContactRequest(
      post({ name: 'M', email: email(), company: '', subject: 'S', message: 'x'.repeat(MAX_BODY_BYTES), privacy_consent: true }),
      options(),
    );
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: string }).error).toBe(`the request body is larger than ${MAX_BODY_BYTES} bytes`);
    const form = await handleContactRequest(post('name=M', { 'content-type': 'application/x-www-form-urlencoded' }), options());
    expect(form.status).toBe(415);
    expect(await count()).toBe(before);
  });

  it('answers the CORS preflight for the site origin only, and refuses posts from other origins', async () => {
    const preflight = (origin: string) =>
      handleContactRequest(
        new Request(`https://p.supabase.co${FUNCTION_PATH}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } }),
        options(),
      );
    const ok = await preflight(SITE);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(ok.headers.get('access-control-allow-headers')).toContain('x-site-form');
    expect(ok.headers.get('access-control-allow-headers')).toContain('apikey');
    expect((await preflight('https://evil.example')).status).toBe(403);
    const before = await count();
    const foreign = await handleContactRequest(
      post({ name: 'M', email: email(), company: '', subject: 'S', message: 'x', privacy_consent: true }, { origin: 'https://evil.example' }),
      options(),
    );
    expect(foreign.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('the table itself refuses a request without consent (CHECK), whatever the caller', async () => {
    const bad = { name: 'M', email: email(), message: 'x', privacy_consent: false } as never;
    await expect(store.save(bad, { form: 'business', locale: 'de' })).rejects.toMatchObject({ code: '23514' });
  });
});

describe('rapid-worker handler when the store fails', () => {
  it('answers 503 and never acknowledges', async () => {
    const failures: unknown[] = [];
    const broken: ContactStore = { save: () => Promise.reject(new Error('disk full')) };
    const response = await handleContactRequest(post({ name: 'M', email: 'm@example.com', company: '', subject: 'S', message: 'x', privacy_consent: true }), {
      store: broken,
      allowedOrigins: [SITE],
      onStoreError: (e) => failures.push(e),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'the request could not be stored; please try again later' });
    expect(failures).toHaveLength(1);
  });
});
