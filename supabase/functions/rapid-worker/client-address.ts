/**
 * Which address the rate limit counts a request against.
 *
 * On hosted Supabase every request to a project's API, Edge Functions included, arrives through
 * Cloudflare (Supabase's logs docs: "API logs run through the Cloudflare edge servers", with
 * `cf-connecting-ip` among the request headers they record). Cloudflare sets `CF-Connecting-IP` to the
 * address that opened the connection to it and replaces any value the client sent, so there a client
 * cannot choose it. A self-hosted stack has no Cloudflare in front unless its operator put it there: the
 * header is whatever the client wrote, and believing it let a script rotate it for a fresh rate-limit
 * bucket per request. So the header is believed only where something vouches for it: by default on a
 * hosted project (SUPABASE_URL `https://<ref>.supabase.co`), elsewhere only with
 * `CONTACT_TRUST_PROXY=cloudflare` (the counterpart of `site serve --trust-proxy`);
 * `CONTACT_TRUST_PROXY=none` turns it off everywhere. Otherwise the socket peer is counted: never an
 * address the client picked, at worst one shared by every client behind the same proxy.
 *
 * `X-Forwarded-For` is never used: Cloudflare appends to whatever the client sent, so its leftmost entry
 * is the client's choice, and which hop appends its rightmost entry is not documented for the hosted
 * gateway. `X-Real-IP` is not documented either.
 */
export const TRUSTED_CLIENT_HEADER = 'cf-connecting-ip';

/** Whom the function believes about the client's address: Cloudflare's header, or nobody (the socket peer). */
export type TrustedProxy = 'cloudflare' | 'none';

/** A hosted project's URL, where Cloudflare is always in front. */
const HOSTED = /^https:\/\/[a-z0-9]+\.supabase\.co\/?$/i;

/**
 * The proxy to believe, from CONTACT_TRUST_PROXY (`cloudflare` or `none`) or, when it is unset, from
 * whether SUPABASE_URL is a hosted project. Undefined for any other value (the function refuses to start).
 */
export function trustedProxy(setting: string | undefined, projectUrl: string): TrustedProxy | undefined {
  const value = setting?.trim().toLowerCase();
  if (!value) return HOSTED.test(projectUrl) ? 'cloudflare' : 'none';
  return value === 'cloudflare' || value === 'none' ? value : undefined;
}

export function clientAddress(headers: Headers, peer: string | null, proxy: TrustedProxy): string | null {
  if (proxy !== 'cloudflare') return peer;
  return headers.get(TRUSTED_CLIENT_HEADER)?.trim() || peer;
}
