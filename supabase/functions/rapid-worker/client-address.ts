/**
 * Which address the rate limit counts a request against, on hosted Supabase.
 *
 * Every request to a project's API, Edge Functions included, arrives through Cloudflare (Supabase's
 * logs docs: "API logs run through the Cloudflare edge servers", with `cf-connecting-ip` among the
 * request headers they record). Cloudflare sets `CF-Connecting-IP` to the address that opened the
 * connection to it and replaces any value the client sent, so a client cannot choose it.
 * `X-Forwarded-For` is different: Cloudflare appends to whatever the client sent, so its leftmost
 * entry is whatever the client wrote (rotating it gave every request a fresh rate-limit bucket), and
 * which hop appends its rightmost entry is not documented for the hosted gateway (it may be a shared
 * proxy address). `X-Real-IP` is not documented either. Neither is used.
 *
 * Without `cf-connecting-ip` (a self-hosted or local stack, where nothing vouches for a header) the
 * request is counted against the socket peer: never an address the client picked, at worst one shared
 * by every client behind the same proxy.
 */
export const TRUSTED_CLIENT_HEADER = 'cf-connecting-ip';

export function clientAddress(headers: Headers, peer: string | null): string | null {
  return headers.get(TRUSTED_CLIENT_HEADER)?.trim() || peer;
}
