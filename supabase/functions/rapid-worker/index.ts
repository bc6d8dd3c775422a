/**
 * Supabase Edge Function `rapid-worker`: validates a contact request with the shared schema, stores it
 * in `contact_requests`, then answers 200 `{ id }` (400/413/415 for bad input, 429 over the rate limit,
 * 503 when not stored). SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by the platform;
 * SITE_ORIGINS lists the site's origins (comma-separated) for CORS (required: the function does not start without it); CONTACT_RATE_LIMIT (`5/60`:
 * requests per seconds, per client) and CONTACT_RATE_SECRET (the HMAC key for client hashes; default:
 * the service-role key, which every instance shares) tune the rate limit. CONTACT_TRUST_PROXY
 * (`cloudflare` or `none`; default: `cloudflare` on a hosted project only) says whether the
 * `CF-Connecting-IP` header names the client (client-address.ts). The database's error text is never
 * logged: it can quote the failing row, a visitor's personal data (postgrest-store.ts).
 */
import { handleContactRequest } from '../_shared/contact-handler.ts';
import { describeStoreError, postgrestRateLimiter, postgrestStore } from '../_shared/postgrest-store.ts';
import { DEFAULT_RATE_LIMIT, parseRateLimit } from '../_shared/rate-limit.ts';
import { clientAddress, trustedProxy } from './client-address.ts';

function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`rapid-worker: environment variable ${name} is not set`);
  return value;
}

const projectUrl = requireEnv('SUPABASE_URL');
const serviceRoleKey = requireEnv('SUPABASE_SERVICE_ROLE_KEY');
const store = postgrestStore(projectUrl, serviceRoleKey);
const allowedOrigins = (Deno.env.get('SITE_ORIGINS') ?? '')
  .split(',')
  .map((origin) => origin.trim())
  .filter(Boolean);
// Without it every browser request from the site is refused (403 before anything is stored): a deploy that forgot
// it fails here, in the function's logs, instead of in every visitor's form.
if (!allowedOrigins.length) {
  throw new Error(
    "rapid-worker: SITE_ORIGINS is not set, so the site's forms would be refused (403): set it to the site's origins, e.g. npx supabase secrets set SITE_ORIGINS=https://www.example.com,https://example.com",
  );
}
const configuredRate = Deno.env.get('CONTACT_RATE_LIMIT');
const rate = configuredRate ? parseRateLimit(configuredRate) : DEFAULT_RATE_LIMIT;
if (!rate) throw new Error(`rapid-worker: CONTACT_RATE_LIMIT must look like 5/60 (requests per seconds), not ${configuredRate}`);
const proxySetting = Deno.env.get('CONTACT_TRUST_PROXY');
const proxy = trustedProxy(proxySetting, projectUrl);
if (!proxy) throw new Error(`rapid-worker: CONTACT_TRUST_PROXY must be cloudflare or none, not ${proxySetting}`);
const rateLimit = { limiter: postgrestRateLimiter(projectUrl, serviceRoleKey, rate), secret: Deno.env.get('CONTACT_RATE_SECRET') || serviceRoleKey };

Deno.serve((request, info) =>
  handleContactRequest(
    request,
    { store, allowedOrigins, rateLimit, onStoreError: (error) => console.error(`rapid-worker: store failed: ${describeStoreError(error)}`) },
    // The Cloudflare-set address where Cloudflare is trusted, else the socket peer (see client-address.ts).
    { address: clientAddress(request.headers, (info.remoteAddr as Deno.NetAddr).hostname, proxy) },
  ),
);
