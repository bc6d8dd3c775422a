/**
 * The rapid-worker function as a plain `Request → Response` handler: the Supabase Edge Function
 * (Deno) and `site serve` (Node) both run exactly this. Nothing is acknowledged before it is stored.
 */
import { FORM_HEADER, HONEYPOT_FIELD, LOCALE_HEADER, MAX_BODY_BYTES } from './contact-fields.ts';
import { checkContactRequest, checkRequestSource, type ContactRequest, type RequestSource } from './contact-request.ts';
import { clientHash, rateLimitKey, type RateLimiter } from './rate-limit.ts';

/** Where requests are kept: PGlite or PostgreSQL (site serve), the Supabase database (function). */
export interface ContactStore {
  /** Resolves once the row is durably stored; rejects when it could not be. `source` is null when the request named no form. */
  save(request: ContactRequest, source: RequestSource | null): Promise<{ id: string }>;
}

export interface HandlerOptions {
  store: ContactStore;
  /**
   * Origins whose pages may call (CORS); `*` allows any. The site's own origins are listed here too: they
   * come from configuration and the address the server listens on, never from the request, whose URL
   * and Host the client writes (`POST //evil.example/…` made evil.example "same-origin").
   */
  allowedOrigins: readonly string[];
  /** Told about store failures (the visitor only gets a 503) and rate-limiter failures (the request passes). */
  onStoreError?: (error: unknown) => void;
  /**
   * Per-client limit on POSTs. The limiter sees only an HMAC of the client's address under `secret`.
   * A limiter that fails lets the request through: a broken counter must not lock people out.
   */
  rateLimit?: { limiter: RateLimiter; secret: string };
  /**
   * The languages a request may name: by default the list generated for the deployed function. The local backend
   * reads the content it serves, so a language added while `site dev` runs is accepted at once.
   */
  locales?: () => Promise<readonly [string, ...string[]] | undefined>;
}

/** Who is calling, as far as the runtime knows (the socket's peer, or the platform's forwarded address). */
export interface ClientInfo {
  address?: string | null;
}

/** What supabase-js sends (TOOLCHAIN.md) plus the form/locale headers. */
const ALLOWED_HEADERS = ['authorization', 'x-client-info', 'apikey', 'content-type', FORM_HEADER, LOCALE_HEADER].join(', ');

/**
 * What every answer of the function carries, as the site's pages do: no sniffing, no referrer beyond
 * the origin, never framed, and a policy under which the JSON can load nothing.
 */
export const ANSWER_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

function json(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...ANSWER_SECURITY_HEADERS, ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
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

/** The body's bytes are not UTF-8: refused, since a replacement character would store something nobody typed. */
class NotUtf8 extends Error {}

/**
 * The body as text, or null when it is larger than `limit` bytes: a declared Content-Length over the
 * limit is refused before reading anything, and a streamed body (chunked, no length) is read no
 * further than the limit. Throws NotUtf8 for bytes that are not UTF-8.
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
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new NotUtf8();
  }
}

/** How long recent saves took, per store: a honeypot answer waits as long, so timing does not tell a bot it was caught. */
const saveTimes = new WeakMap<ContactStore, number[]>();

function recordSave(store: ContactStore, ms: number): void {
  const times = saveTimes.get(store) ?? [];
  times.push(ms);
  if (times.length > 32) times.shift();
  saveTimes.set(store, times);
}

function decoyDelay(store: ContactStore): Promise<void> {
  const times = saveTimes.get(store);
  const ms = times?.length ? times[Math.floor(Math.random() * times.length)]! : 5 + Math.random() * 20;
  return new Promise((resolve) => setTimeout(resolve, ms));
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
  const allowed = origin !== null && (options.allowedOrigins.includes('*') || options.allowedOrigins.includes(origin));
  const cors = corsHeaders(origin, allowed);

  if (request.method === 'OPTIONS') {
    return allowed
      ? new Response(null, { status: 204, headers: { ...ANSWER_SECURITY_HEADERS, ...cors } })
      : json(403, { error: `origin ${origin ?? '(none)'} is not allowed` }, cors);
  }
  if (request.method !== 'POST') return json(405, { error: 'use POST' }, { ...cors, allow: 'POST, OPTIONS' });
  if (origin !== null && !allowed) return json(403, { error: `origin ${origin} is not allowed` }, cors);
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
    return json(415, { error: 'the body must be JSON (content-type: application/json)' }, cors);
  }

  if (options.rateLimit && client.address) {
    const { limiter, secret } = options.rateLimit;
    // IPv6 clients are counted per /64, what one host or household normally holds.
    const verdict = await clientHash(rateLimitKey(client.address), secret)
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
  } catch (error) {
    if (error instanceof NotUtf8) return json(400, { error: 'the body is not valid UTF-8; send the contact request as UTF-8 encoded JSON' }, cors);
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
  // The honeypot: a field people never see. It is taken out before validation, so a request that fills
  // it gets exactly the answer its other fields earn: a 400 when they are invalid, and otherwise a
  // success in the same shape and time as a stored request, with nothing stored.
  let trapped = false;
  if (isObject(body) && Object.hasOwn(body, HONEYPOT_FIELD)) {
    const trap = body[HONEYPOT_FIELD];
    trapped = typeof trap !== 'string' || trap !== '';
    delete body[HONEYPOT_FIELD];
  }
  const source = checkRequestSource(request.headers, FORM_HEADER, LOCALE_HEADER, (await options.locales?.()) ?? undefined);
  if (!source.ok) return json(400, { error: source.message }, cors);
  const contact = checkContactRequest(body, source.value);
  if (!contact.ok) return json(400, { error: contact.message }, cors);
  if (trapped) {
    await decoyDelay(options.store);
    return json(200, { id: decoyId() }, cors);
  }

  try {
    const started = performance.now();
    const { id } = await options.store.save(contact.value, source.value);
    recordSave(options.store, performance.now() - started);
    return json(200, { id }, cors);
  } catch (error) {
    options.onStoreError?.(error);
    return json(503, { error: 'the request could not be stored; please try again later' }, cors);
  }
}
