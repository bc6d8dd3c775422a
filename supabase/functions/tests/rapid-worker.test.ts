/**
 * The function's code running under real Deno (not only type-checked): the shared handler with the
 * PostgREST store against a stand-in REST endpoint. Run: npm run test:function
 */
import { handleContactRequest } from '../_shared/contact-handler.ts';
import { PRIVACY_POLICY } from '../_shared/generated/privacy-policy.ts';
import { DatabaseError, describeStoreError, postgrestRateLimiter, postgrestStore } from '../_shared/postgrest-store.ts';
import { clientAddress, TRUSTED_CLIENT_HEADER, trustedProxy } from '../rapid-worker/client-address.ts';

function assertEquals(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

const SITE = 'https://www.ki-zentrale.de';
const inserted: unknown[] = [];
const store = postgrestStore('https://project.supabase.co', 'service-role', (_url, init) => {
  inserted.push(JSON.parse(String(init.body)));
  return Promise.resolve(Response.json([{ id: `id-${inserted.length}` }], { status: 201 }));
});
const options = { store, allowedOrigins: [SITE] };

/** What the store adds to every insert: the policy in force when the request arrived (proof of consent). */
const POLICY = { policy_version: PRIVACY_POLICY.version, retention_months: PRIVACY_POLICY.contactRetentionMonths };

function post(body: unknown): Request {
  return new Request('https://project.supabase.co/functions/v1/rapid-worker', {
    method: 'POST',
    headers: { origin: SITE, 'content-type': 'application/json', 'x-site-form': 'education', 'x-site-locale': 'es' },
    body: JSON.stringify(body),
  });
}

Deno.test('stores a valid request through PostgREST and answers 200 { id }', async () => {
  const response = await handleContactRequest(
    post({ name: 'Ana', email: 'ana@example.com', company: null, subject: 'Licencia', message: 'Hola', privacy_consent: true }),
    options,
  );
  assertEquals(response.status, 200);
  assertEquals(await response.json(), { id: 'id-1' });
  assertEquals(response.headers.get('access-control-allow-origin'), SITE);
  assertEquals(inserted.at(-1), {
    name: 'Ana',
    email: 'ana@example.com',
    company: null,
    products: null,
    subject: 'Licencia',
    message: 'Hola',
    privacy_consent: true,
    form_variant: 'education',
    locale: 'es',
    ...POLICY,
  });
});

Deno.test('answers 400 with a readable message and inserts nothing', async () => {
  const before = inserted.length;
  const response = await handleContactRequest(post({ name: 'Ana', email: 'nope', company: null, message: 'Hola', privacy_consent: false }), options);
  assertEquals(response.status, 400);
  assertEquals(await response.json(), {
    error:
      'email must be a valid e-mail address; subject is missing: the education form (es) sends it; privacy_consent must be true: the privacy policy has to be accepted',
  });
  assertEquals(inserted.length, before);
});

Deno.test('under Deno too, keeps values byte for byte and accepts what <input type=email> accepts', async () => {
  const body = { name: '  Ana\n', email: 'a&b@example.es', company: '\ufeffColegio ', subject: ' Licencia', message: 'Hola\r\n', privacy_consent: true };
  const response = await handleContactRequest(post(body), options);
  assertEquals(response.status, 200);
  const { name, email, company, subject, message } = body;
  assertEquals(inserted.at(-1), {
    name,
    email,
    company,
    products: null,
    subject,
    message,
    privacy_consent: true,
    form_variant: 'education',
    locale: 'es',
    ...POLICY,
  });
});

Deno.test('answers the CORS preflight for the site', async () => {
  const response = await handleContactRequest(
    new Request('https://project.supabase.co/functions/v1/rapid-worker', { method: 'OPTIONS', headers: { origin: SITE } }),
    options,
  );
  assertEquals(response.status, 204);
  assertEquals(response.headers.get('access-control-allow-methods'), 'POST, OPTIONS');
});

Deno.test('rate-limits through contact_rate_hit with a keyed hash of the address (Web Crypto under Deno)', async () => {
  const calls: { p_client_hash: string; p_max_hits: number; p_window_seconds: number }[] = [];
  const limiter = postgrestRateLimiter('https://project.supabase.co', 'service-role', { limit: 2, windowSeconds: 60 }, (url, init) => {
    assertEquals(url, 'https://project.supabase.co/rest/v1/rpc/contact_rate_hit');
    calls.push(JSON.parse(String(init.body)));
    return Promise.resolve(Response.json(calls.length > 2 ? 42 : 0));
  });
  const limited = { ...options, rateLimit: { limiter, secret: 'service-role' } };
  const body = { name: 'Ana', email: 'ana@example.com', company: null, subject: 'Licencia', message: 'Hola', privacy_consent: true };
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await handleContactRequest(post(body), limited, { address: '203.0.113.9' })).status);
  assertEquals(statuses, [200, 200, 429]);
  const refused = await handleContactRequest(post(body), limited, { address: '203.0.113.9' });
  assertEquals(refused.headers.get('retry-after'), '42');
  assertEquals(
    calls.every((c) => /^[0-9a-f]{64}$/.test(c.p_client_hash) && c.p_max_hits === 2 && c.p_window_seconds === 60),
    true,
  );
});

Deno.test(
  'a filled honeypot on a valid body is answered like a stored request and nothing is inserted; on an invalid body, the same 400 as without it',
  async () => {
    const before = inserted.length;
    const body = { name: 'Bot', email: 'bot@example.com', company: null, subject: 'Licencia', message: 'spam', privacy_consent: true };
    const response = await handleContactRequest(post({ ...body, homepage: 'http://spam.example' }), options);
    assertEquals(response.status, 200);
    assertEquals(Object.keys(await response.json()), ['id']);
    assertEquals(inserted.length, before);
    const invalid = await handleContactRequest(post({ ...body, email: 'nope', homepage: 'http://spam.example' }), options);
    assertEquals(invalid.status, 400);
  },
);

Deno.test("SPEC §7's body without x-site-form / x-site-locale is stored with no form; invalid UTF-8 is a readable 400", async () => {
  const body = {
    name: 'Erika',
    email: 'erika@example.com',
    company: 'Beispiel GmbH',
    products: 'platform,chatbot',
    subject: 'Angebot',
    message: 'Bitte anrufen',
    privacy_consent: true,
  };
  const bare = (payload: BodyInit) =>
    new Request('https://project.supabase.co/functions/v1/rapid-worker', { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
  const response = await handleContactRequest(bare(JSON.stringify(body)), options);
  assertEquals(response.status, 200);
  assertEquals(inserted.at(-1), { ...body, form_variant: null, locale: null, ...POLICY });
  const before = inserted.length;
  const bytes = new TextEncoder().encode(JSON.stringify(body).replace('anrufen', 'XX'));
  bytes.set([0xff, 0xfe], bytes.indexOf(0x58));
  const invalid = await handleContactRequest(bare(bytes), options);
  assertEquals(invalid.status, 400);
  assertEquals(await invalid.json(), { error: 'the body is not valid UTF-8; send the contact request as UTF-8 encoded JSON' });
  assertEquals(inserted.length, before);
  for (const [name, value] of [
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ]) {
    assertEquals(invalid.headers.get(name), value);
  }
});

/** Handler options with a limit of two per window through a fake contact_rate_hit that counts per client hash. */
function limitedToTwo() {
  const counts = new Map<string, number>();
  const limiter = postgrestRateLimiter('https://project.supabase.co', 'service-role', { limit: 2, windowSeconds: 60 }, (_url, init) => {
    const { p_client_hash: hash } = JSON.parse(String(init.body)) as { p_client_hash: string };
    counts.set(hash, (counts.get(hash) ?? 0) + 1);
    return Promise.resolve(Response.json(counts.get(hash)! > 2 ? 30 : 0));
  });
  const limited = { ...options, rateLimit: { limiter, secret: 'service-role' } };
  const body = { name: 'Ana', email: 'ana@example.com', company: null, subject: 'Licencia', message: 'Hola', privacy_consent: true };
  return { counts, limited, body };
}

Deno.test('IPv6 clients are counted per /64: rotating the interface identifier buys no fresh bucket', async () => {
  const { counts, limited, body } = limitedToTwo();
  const statuses = [];
  for (let i = 1; i <= 4; i++) statuses.push((await handleContactRequest(post(body), limited, { address: `2001:db8:1:2::${i.toString(16)}:beef` })).status);
  assertEquals(statuses, [200, 200, 429, 429]);
  assertEquals(counts.size, 1);
});

Deno.test('the rate limit counts the Cloudflare-set address: a forged X-Forwarded-For or X-Real-IP buys no fresh bucket', async () => {
  const { counts, limited, body } = limitedToTwo();
  const statuses = [];
  for (let i = 0; i < 4; i++) {
    const request = post(body);
    // What an attacker sends, and what Cloudflare adds: it appends to X-Forwarded-For, and sets CF-Connecting-IP.
    request.headers.set('x-forwarded-for', `198.51.100.${i}, 203.0.113.9`);
    request.headers.set('x-real-ip', `198.51.100.${i}`);
    request.headers.set(TRUSTED_CLIENT_HEADER, '203.0.113.9');
    statuses.push((await handleContactRequest(request, limited, { address: clientAddress(request.headers, '10.0.0.1', 'cloudflare') })).status);
  }
  assertEquals(statuses, [200, 200, 429, 429]);
  assertEquals(counts.size, 1);
});

Deno.test('without the Cloudflare header, the socket peer is counted, never a forwarded header', () => {
  const headers = new Headers({ 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '198.51.100.7' });
  assertEquals(clientAddress(headers, '10.0.0.1', 'cloudflare'), '10.0.0.1');
  headers.set(TRUSTED_CLIENT_HEADER, ' 2001:db8::5 ');
  assertEquals(clientAddress(headers, '10.0.0.1', 'cloudflare'), '2001:db8::5');
});

Deno.test('a self-hosted function believes CF-Connecting-IP only when configured: rotating it buys no fresh bucket', async () => {
  assertEquals(trustedProxy(undefined, 'https://abcdefghijklmnop.supabase.co'), 'cloudflare');
  assertEquals(trustedProxy(undefined, 'http://kong:8000'), 'none');
  assertEquals(trustedProxy(undefined, 'https://supabase.example.com'), 'none');
  assertEquals(trustedProxy(undefined, 'https://evil.supabase.co.example.com'), 'none');
  assertEquals(trustedProxy('cloudflare', 'http://kong:8000'), 'cloudflare');
  assertEquals(trustedProxy(' None ', 'https://abcdefghijklmnop.supabase.co'), 'none');
  assertEquals(trustedProxy('x-forwarded-for', 'http://kong:8000'), undefined);
  const { counts, limited, body } = limitedToTwo();
  const proxy = trustedProxy(undefined, 'http://kong:8000')!;
  const statuses = [];
  for (let i = 0; i < 4; i++) {
    const request = post(body);
    request.headers.set(TRUSTED_CLIENT_HEADER, `198.51.100.${i}`);
    statuses.push((await handleContactRequest(request, limited, { address: clientAddress(request.headers, '10.0.0.1', proxy) })).status);
  }
  assertEquals(statuses, [200, 200, 429, 429]);
  assertEquals(counts.size, 1);
});

Deno.test("a failed insert is reported by status, code and constraint, never with the database's text (it quotes the row)", async () => {
  const answers = [
    {
      code: '23514',
      message: 'new row for relation "contact_requests" violates check constraint "contact_requests_name_check"',
      details: 'Failing row contains (1, Erika Mustermann, erika@example.com, Hallo).',
    },
    {
      code: '23505',
      message: 'duplicate key value violates unique constraint "contact_requests_pkey"',
      details: 'Key (email)=(erika@example.com) already exists.',
    },
    { code: '22P02', message: 'invalid input syntax for type uuid: "erika@example.com"', details: null },
  ];
  const logged: string[] = [];
  for (const answer of answers) {
    const failing = postgrestStore('https://project.supabase.co', 'service-role', () => Promise.resolve(Response.json(answer, { status: 400 })));
    const response = await handleContactRequest(
      post({ name: 'Erika Mustermann', email: 'erika@example.com', company: null, subject: 'Licencia', message: 'Hallo', privacy_consent: true }),
      {
        store: failing,
        allowedOrigins: [SITE],
        onStoreError: (error) => logged.push(describeStoreError(error)),
      },
    );
    assertEquals(response.status, 503);
  }
  assertEquals(logged, [
    'insert into contact_requests failed: HTTP 400, code 23514, constraint contact_requests_name_check',
    'insert into contact_requests failed: HTTP 400, code 23505, constraint contact_requests_pkey',
    'insert into contact_requests failed: HTTP 400, code 22P02',
  ]);
  const limiter = postgrestRateLimiter('https://project.supabase.co', 'service-role', { limit: 5, windowSeconds: 60 }, () =>
    Promise.resolve(new Response('<html>Bad gateway: erika@example.com</html>', { status: 502 })),
  );
  const error = await limiter.hit('a'.repeat(64)).catch((e: unknown) => e);
  assertEquals(error instanceof DatabaseError, true);
  assertEquals(describeStoreError(error), 'contact_rate_hit failed: HTTP 502');
});

Deno.test("the request's own URL never makes an origin allowed: a target naming evil.example is 403 for Origin evil.example", async () => {
  for (const method of ['POST', 'OPTIONS']) {
    const request = new Request('http://evil.example/functions/v1/rapid-worker', {
      method,
      headers: { origin: 'http://evil.example', 'content-type': 'application/json', 'access-control-request-method': 'POST' },
      body: method === 'POST' ? JSON.stringify({ name: 'E', email: 'e@example.com', message: 'x', privacy_consent: true }) : undefined,
    });
    const response = await handleContactRequest(request, options);
    assertEquals(response.status, 403);
    assertEquals(response.headers.get('access-control-allow-origin'), null);
  }
});

Deno.test('served by Deno.serve, TRACE and other methods are a 405, never a 5xx', async () => {
  const controller = new AbortController();
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, signal: controller.signal, onListen: () => {} }, (request) =>
    handleContactRequest(request, options),
  );
  try {
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PROPFIND', 'GET']) {
      const connection = await Deno.connect({ hostname: '127.0.0.1', port: server.addr.port });
      await connection.write(new TextEncoder().encode(`${method} /functions/v1/rapid-worker HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n`));
      const buffer = new Uint8Array(4096);
      const read = await connection.read(buffer);
      connection.close();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(new TextDecoder().decode(buffer.subarray(0, read ?? 0)))?.[1];
      assertEquals([method, status], [method, '405']);
    }
  } finally {
    controller.abort();
    await server.finished;
  }
});
