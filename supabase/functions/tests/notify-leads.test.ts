/**
 * `notify-leads` under real Deno: a stand-in PostgREST (the claim/record RPCs and the request read) and a
 * real local webhook receiver (Deno.serve). The SQL functions themselves run on PGlite/PostgreSQL in
 * tests/unit/server/lead-notifier.test.ts. Run: npm run test:function
 */
import { notifyLeads, sameSecret } from '../notify-leads/notify.ts';

function assertEquals(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

const KEY = 'service-role-key';
const REQUEST = {
  id: '6f1c3a52-1111-4a2b-9c3d-000000000001',
  created_at: '2026-11-25T08:00:00.000Z',
  name: 'Ana',
  email: 'ana@example.com',
  company: null,
  products: null,
  subject: 'Licencia',
  message: 'Hola',
  privacy_consent: true,
  form_variant: 'education',
  locale: 'es',
};

/** PostgREST as the function sees it: one due row until it is recorded. */
function restStandIn() {
  const recorded: Record<string, unknown>[] = [];
  let due = true;
  const restFetch = (url: string, init: RequestInit) => {
    if (url.endsWith('/rpc/claim_lead_notifications')) {
      const rows = due ? [{ request_id: REQUEST.id, channels_done: [], attempts: 0 }] : [];
      due = false;
      return Promise.resolve(Response.json(rows));
    }
    if (url.includes('/contact_requests?')) return Promise.resolve(Response.json([REQUEST]));
    if (url.endsWith('/rpc/record_lead_notification')) {
      recorded.push(JSON.parse(String(init.body)));
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return Promise.resolve(new Response('not found', { status: 404 }));
  };
  return { restFetch, recorded };
}

async function withReceiver(
  status: number,
  work: (url: string, received: { headers: Headers; body: string }[]) => Promise<void>,
  headers: Record<string, string> = {},
): Promise<void> {
  const received: { headers: Headers; body: string }[] = [];
  const server = Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: () => {} }, async (req) => {
    received.push({ headers: req.headers, body: await req.text() });
    return new Response(null, { status, headers });
  });
  try {
    await work(`http://127.0.0.1:${server.addr.port}/hook`, received);
  } finally {
    await server.shutdown();
  }
}

const call = (key: string) =>
  new Request('https://project.supabase.co/functions/v1/notify-leads', { method: 'POST', headers: { authorization: `Bearer ${key}` } });

Deno.test('refuses a caller without the service-role key', async () => {
  const { restFetch, recorded } = restStandIn();
  const response = await notifyLeads(call('anon-key'), {
    projectUrl: 'https://project.supabase.co',
    serviceRoleKey: KEY,
    webhookUrl: 'http://127.0.0.1:9/',
    restFetch,
  });
  assertEquals(response.status, 401);
  assertEquals(recorded, []);
});

Deno.test('delivers a due notification to the webhook, signed, and records it delivered', async () => {
  await withReceiver(200, async (webhookUrl, received) => {
    const { restFetch, recorded } = restStandIn();
    const response = await notifyLeads(call(KEY), {
      projectUrl: 'https://project.supabase.co',
      serviceRoleKey: KEY,
      webhookUrl,
      webhookSecret: 's3cret',
      restFetch,
    });
    assertEquals(await response.json(), { delivered: 1, failing: 0 });
    assertEquals(received.length, 1);
    assertEquals(received[0]!.headers.get('idempotency-key'), REQUEST.id);
    // Stripe's scheme: t=<unix seconds>,v1=<HMAC-SHA-256 of "<t>.<body>">, verified as a receiver would.
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('s3cret'), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    const signature = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(received[0]!.headers.get('x-site-signature')!)!;
    assertEquals(Math.abs(Number(signature[1]) - Date.now() / 1000) < 600, true);
    const bytes = new Uint8Array(signature[2]!.match(/../g)!.map((h) => parseInt(h, 16)));
    assertEquals(await crypto.subtle.verify('HMAC', key, bytes, new TextEncoder().encode(`${signature[1]}.${received[0]!.body}`)), true);
    assertEquals(await crypto.subtle.verify('HMAC', key, bytes, new TextEncoder().encode(received[0]!.body)), false);
    const body = JSON.parse(received[0]!.body);
    // Names from the content in the notification's language (German by default), not codes.
    assertEquals(body.text.startsWith('Neue Kontaktanfrage: Ana &lt;ana@example.com&gt;'), true);
    assertEquals(body.text.includes('Formular: Kontaktformular Bildung'), true);
    assertEquals(body.text.includes('Sprache: Spanisch'), true);
    assertEquals(body.text.includes('Eingegangen: Mittwoch, 25. November 2026 um 09:00 MEZ'), true);
    assertEquals([body.form_name, body.language_name, body.received], ['Kontaktformular Bildung', 'Spanisch', 'Mittwoch, 25. November 2026 um 09:00 MEZ']);
    assertEquals(recorded, [
      { p_request_id: REQUEST.id, p_channels_done: ['webhook'], p_attempts: 0, p_retry_seconds: 0, p_delivered: true, p_failed: false, p_error: null },
    ]);
  });
});

Deno.test('a receiver answering 500 counts an attempt and schedules the retry, without the receiver’s answer in the record', async () => {
  await withReceiver(500, async (webhookUrl) => {
    const { restFetch, recorded } = restStandIn();
    const response = await notifyLeads(call(KEY), { projectUrl: 'https://project.supabase.co', serviceRoleKey: KEY, webhookUrl, restFetch, language: 'en' });
    assertEquals(await response.json(), { delivered: 0, failing: 1 });
    assertEquals(recorded, [
      { p_request_id: REQUEST.id, p_channels_done: [], p_attempts: 1, p_retry_seconds: 5, p_delivered: false, p_failed: false, p_error: 'webhook: HTTP 500' },
    ]);
  });
});

Deno.test('a receiver answering 307 is a failure: the redirect is not followed, nothing reaches its Location', async () => {
  await withReceiver(200, async (elsewhere, stolen) => {
    await withReceiver(
      307,
      async (webhookUrl, received) => {
        const { restFetch, recorded } = restStandIn();
        const response = await notifyLeads(call(KEY), {
          projectUrl: 'https://project.supabase.co',
          serviceRoleKey: KEY,
          webhookUrl,
          webhookSecret: 's3cret',
          restFetch,
        });
        assertEquals(await response.json(), { delivered: 0, failing: 1 });
        assertEquals(received.length, 1);
        assertEquals(stolen.length, 0);
        assertEquals(
          recorded.map((r) => r.p_error),
          ['webhook: HTTP 307 (redirect not followed)'],
        );
      },
      { location: elsewhere },
    );
  });
});

Deno.test('Slack markup and line breaks a visitor types stay text in the webhook: no mention, no link, no forged line', async () => {
  await withReceiver(200, async (webhookUrl, received) => {
    const forged = {
      ...REQUEST,
      form_variant: 'business',
      name: 'Ana\nE-Mail: boss@evil.example <!channel>',
      company: '<https://evil.example|click> & co',
      message: 'Hola\nE-Mail: x@evil.example\r\n<!here>',
    };
    const { restFetch } = restStandIn();
    const fetchForged = (url: string, init: RequestInit) =>
      url.includes('/contact_requests?') ? Promise.resolve(Response.json([forged])) : restFetch(url, init);
    await notifyLeads(call(KEY), { projectUrl: 'https://project.supabase.co', serviceRoleKey: KEY, webhookUrl, restFetch: fetchForged, language: 'en' });
    const text: string = JSON.parse(received[0]!.body).text;
    const lines = text.split('\n');
    assertEquals(
      lines.filter((l) => /^e-?mail:/i.test(l)),
      ['Email: ana@example.com'],
    );
    assertEquals(lines.includes('Name: Ana E-Mail: boss@evil.example &lt;!channel&gt;'), true);
    assertEquals(lines.includes('Company: &lt;https://evil.example|click&gt; &amp; co'), true);
    // The message quoted to its end; only the command that shows the lead follows it.
    assertEquals(lines.slice(-5), ['> Hola', '> E-Mail: x@evil.example', '> &lt;!here&gt;', '', `site leads show ${forged.id}`]);
    assertEquals(/<[!h]/.test(text), false);
  });
});

Deno.test('the bearer token is compared in constant time: equal only when every byte is', async () => {
  assertEquals(await sameSecret(`Bearer ${KEY}`, `Bearer ${KEY}`), true);
  assertEquals(await sameSecret(`Bearer ${KEY.slice(0, -1)}x`, `Bearer ${KEY}`), false);
  assertEquals(await sameSecret(`Bearer ${KEY}x`, `Bearer ${KEY}`), false);
  assertEquals(await sameSecret('', `Bearer ${KEY}`), false);
  const response = await notifyLeads(call(`${KEY.slice(0, -1)}z`), {
    projectUrl: 'https://project.supabase.co',
    serviceRoleKey: KEY,
    webhookUrl: 'http://127.0.0.1:9/',
    restFetch: restStandIn().restFetch,
  });
  assertEquals(response.status, 401);
});
