/**
 * The rapid-worker function as a plain `Request → Response` handler: the Supabase Edge Function
 * (Deno) and `site serve` (Node) both run exactly this. Nothing is acknowledged before it is stored.
 */
import { FORM_HEADER, HONEYPOT_FIELD, LOCALE_HEADER, MAX_BODY_BYTES } from './contact-fields.ts';
import { checkContactRequest, checkRequestSource, type ContactRequest, type RequestSource } from './contact-request.ts';
import { clientHash, type RateLimiter } from './rate-limit.ts';

/** Where requests are kept: PGlite or PostgreSQL (site serve), the Supabase database (function). */
export interface ContactStore {
  /** Resolves once the row is durably stored; rejects when it could not be. */
  save(request: ContactRequest, source: RequestSource): Promise<{ id: string }>;
}

export interface HandlerOptions {
  store: ContactStore;
  /** Origins allowed to call from another origin (CORS); `*` allows any. Same-origin calls always pass. */
  allowedOrigins: readonly string[];
  /** Told about store failures (the visitor only gets a 503) and rate-limiter failures (the request passes). */
  onStoreError?: (error: unknown) => void;
  /**
   * Per-client limit on POSTs. The limiter sees only an HMAC of the client's address under `secret`.
   * A limiter that fails lets the request through: a broken counter must not lock people out.
   */
  rateLimit?: { limiter: RateLimiter; secret: string };
}

/** Who is calling, as far as the runtime knows (the socket's peer, or the platform's forwarded address). */
export interface ClientInfo {
  address?: string | null;
}

/** What supabase-js sends (TOOLCHAIN.md) plus the form/locale headers. */
const ALLOWED_HEADERS = ['authorization', 'x-client-info', 'apikey', 'content-type', FORM_HEADER, LOCALE_HEADER].join(', ');

function json(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
}

function corsHeaders(origin: string | null, allowed: boolean): Record<string, string> {
  if (!origin || !allowed) return { vary: 'Origin' };
  return {
    vary: 'Origin',
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-max-age': '86400',
    'access-control-expose-headers': 'retry-after',
  };
}

/**
 * The body as text, or null when it is larger than `limit` bytes: a declared Content-Length over the
 * limit is refused before reading anything, and a streamed body (chunked, no length) is read no
 * further than the limit.
 */
async function readLimited(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** A made-up id in the shape of a real one, for answers that store nothing (the honeypot). */
function decoyId(): string {
  return crypto.randomUUID();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function handleContactRequest(request: Request, options: HandlerOptions, client: ClientInfo = {}): Promise<Response> {
  const origin = request.headers.get('origin');
  const sameOrigin = origin !== null && origin === new URL(request.url).origin;
  const allowed = origin !== null && (sameOrigin || options.allowedOrigins.includes('*') || options.allowedOrigins.includes(origin));
  const cors = corsHeaders(origin, allowed);

  if (request.method === 'OPTIONS') {
    return allowed ? new Response(null, { status: 204, headers: cors }) : json(403, { error: `origin ${origin ?? '(none)'} is not allowed` }, cors);
  }
  if (request.method !== 'POST') return json(405, { error: 'use POST' }, { ...cors, allow: 'POST, OPTIONS' });
  if (origin !== null && !allowed) return json(403, { error: `origin ${origin} is not allowed` }, cors);
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
    return json(415, { error: 'the body must be JSON (content-type: application/json)' }, cors);
  }

  if (options.rateLimit && client.address) {
    const { limiter, secret } = options.rateLimit;
    const verdict = await clientHash(client.address, secret)
      .then((hash) => limiter.hit(hash))
      .catch((error: unknown) => {
        options.onStoreError?.(error);
        return { allowed: true } as const;
      });
    if (!verdict.allowed) {
      const wait = verdict.retryAfterSeconds;
      return json(429, { error: `too many requests from this address; try again in ${wait} seconds` }, { ...cors, 'retry-after': String(wait) });
    }
  }

  let text: string | null;
  try {
    text = await readLimited(request, MAX_BODY_BYTES);
  } catch {
    // The connection ended before the body did: nothing to validate, nothing stored.
    return json(400, { error: 'the request body ended early; send it again' }, cors);
  }
  if (text === null) return json(413, { error: `the request body is larger than ${MAX_BODY_BYTES} bytes` }, cors);
  if (text.trim() === '') return json(400, { error: 'the body is empty; send the contact request as a JSON object' }, cors);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json(400, { error: 'the body is not valid JSON' }, cors);
  }
  // The honeypot: a field people never see. Whoever fills it is answered like a success, and nothing is stored.
  if (isObject(body) && HONEYPOT_FIELD in body) {
    const trap = body[HONEYPOT_FIELD];
    if (typeof trap !== 'string' || trap !== '') return json(200, { id: decoyId() }, cors);
    delete body[HONEYPOT_FIELD];
  }
  const source = checkRequestSource(request.headers, FORM_HEADER, LOCALE_HEADER);
  if (!source.ok) return json(400, { error: source.message }, cors);
  const contact = checkContactRequest(body, source.value);
  if (!contact.ok) return json(400, { error: contact.message }, cors);

  try {
    const { id } = await options.store.save(contact.value, source.value);
    return json(200, { id }, cors);
  } catch (error) {
    options.onStoreError?.(error);
    return json(503, { error: 'the request could not be stored; please try again later' }, cors);
  }
}
