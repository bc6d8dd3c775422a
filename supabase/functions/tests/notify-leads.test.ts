/**
 * `notify-leads` under real Deno: a stand-in PostgREST (the claim/record RPCs and the request read) and a
 * real local webhook receiver (Deno.serve). The SQL functions themselves run on PGlite/PostgreSQL in
 * tests/unit/server/lead-notifier.test.ts. Run: npm run test:function
 */
import { notifyLeads } from '../notify-leads/notify.ts';

function assertEquals(actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

const KEY = 'service-role-key';
const REQUEST = { id: '6f1c3a52-1111-4a2b-9c3d-000000000001', created_at: '2026-11-25T08:00:00.000Z', name: 'Ana', email: 'ana@example.com', company: null, products: null, subject: 'Licencia', message: 'Hola', privacy_consent: true, form_variant: 'education', locale: 'es' };

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

async function withReceiver(status: number, work: (url: string, received: { headers: Headers; body: string }[]) => Promise<void>): Promise<void> {
  const received: { headers: Headers; body: string }[] = [];
  const server = Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: () => {} }, async (req) => {
    received.push({ headers: req.headers, body: await req.text() });
    return new Response(null, { status });
  });
  try {
    await work(`http://127.0.0.1:${server.addr.port}/hook`, received);
  } finally {
    await server.shutdown();
  }
}

const call = (key: string) => new Request('https://project.supabase.co/functions/v1/notify-leads', { method: 'POST', headers: { authorization: `Bearer ${key}` } });

Deno.test('refuses a caller without the service-role key', async () => {
  const { restFetch, recorded } = restStandIn();
  const response = await notifyLeads(call('anon-key'), { projectUrl: 'https://project.supabase.co', serviceRoleKey: KEY, webhookUrl: 'http://127.0.0.1:9/', restFetch });
  assertEquals(response.status, 401);
  assertEquals(recorded, []);
});

Deno.test('delivers a due notification to the webhook, signed, and records it delivered', async () => {
  await withReceiver(200, async (webhookUrl, received) => {
    const { restFetch, recorded } = restStandIn();
    const response = await notifyLeads(call(KEY), { projectUrl: 'https://project.supabase.co', serviceRoleKey: KEY, webhookUrl, webhookSecret: 's3cret', restFetch });
    assertEquals(await response.json(), { delivered: 1, failing: 0 });
    assertEquals(received.length, 1);
    assertEquals(received[0]!.headers.get('idempotency-key'), REQUEST.id);
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('s3cret'), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    const mac = received[0]!.headers.get('x-site-signature')!.replace('sha256=', '');
    const bytes = new Uint8Array(mac.match(/../g)!.map((h) => parseInt(h, 16)));
    assertEquals(await crypto.subtle.verify('HMAC', key, bytes, new TextEncoder().encode(received[0]!.body)), true);
    assertEquals(JSON.parse(received[0]!.body).text.startsWith('Neue Kontaktanfrage: Ana <ana@example.com>'), true);
    assertEquals(recorded, [{ p_request_id: REQUEST.id, p_channels_done: ['webhook'], p_attempts: 0, p_retry_seconds: 0, p_delivered: true, p_failed: false, p_error: null }]);
  });
});

Deno.test('a receiver answering 500 counts an attempt and schedules the retry, without the receiver’s answer in the record', async () => {
  await withReceiver(500, async (webhookUrl) => {
    const { restFetch, recorded } = restStandIn();
    const response = await notifyLeads(call(KEY), { projectUrl: 'https://project.supabase.co', serviceRoleKey: KEY, webhookUrl, restFetch, language: 'en' });
    assertEquals(await response.json(), { delivered: 0, failing: 1 });
    assertEquals(recorded, [{ p_request_id: REQUEST.id, p_channels_done: [], p_attempts: 1, p_retry_seconds: 5, p_delivered: false, p_failed: false, p_error: 'webhook: HTTP 500' }]);
  });
});
