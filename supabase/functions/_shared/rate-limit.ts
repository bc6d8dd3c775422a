/**
 * Per-client rate limiting of contact requests. The client is known only by a keyed hash of its IP
 * address (HMAC-SHA-256 with a server secret): the address itself is never stored (GDPR), and the hash
 * cannot be reversed by trying all IPv4 addresses without the secret. Runs on Node and Deno (Web Crypto).
 */

export interface RateLimit {
  /** Requests a client may send per window. */
  limit: number;
  windowSeconds: number;
}

/** Five requests a minute from one address: plenty for a person, a wall for a script. */
export const DEFAULT_RATE_LIMIT: RateLimit = { limit: 5, windowSeconds: 60 };

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one request of a client; where the counts live differs (memory in `site serve`, a table on Supabase). */
export interface RateLimiter {
  hit(clientHash: string): Promise<RateVerdict>;
}

/** `5/60` or `5/min` style limits from a flag or an environment variable; undefined for anything else. */
export function parseRateLimit(value: string): RateLimit | undefined {
  const match = /^\s*(\d+)\s*(?:\/\s*(\d+)\s*s?|\/\s*min(?:ute)?)?\s*$/.exec(value);
  if (!match) return undefined;
  const limit = Number(match[1]);
  const windowSeconds = match[2] === undefined ? 60 : Number(match[2]);
  if (!Number.isSafeInteger(limit) || limit < 1 || !Number.isSafeInteger(windowSeconds) || windowSeconds < 1) return undefined;
  return { limit, windowSeconds };
}

/**
 * What the rate limit counts a client by: an IPv4 address as it is (an IPv4-mapped IPv6 address as its
 * IPv4 form), an IPv6 address by its /64 prefix, since one host or household normally holds a whole
 * /64 and could otherwise take a fresh key for every request. Anything unparsable is counted as sent.
 */
export function rateLimitKey(address: string): string {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  if (right.some((part) => part.includes('.'))) right.splice(-1, 1, '0', '0'); // an embedded IPv4 tail: outside the /64 anyway
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return bare;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Hex HMAC-SHA-256 of the client address under `secret`. */
export async function clientHash(address: string, secret: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(address)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Fixed windows kept in memory, for one process (`site serve`). Windows that have ended are dropped
 * as clients come back or on the next sweep, so memory stays bounded by the clients of one window.
 */
export function memoryRateLimiter(rate: RateLimit, now: () => number = Date.now): RateLimiter {
  const windowMs = rate.windowSeconds * 1000;
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    hit(hash) {
      const at = now();
      if (at - lastSweep >= windowMs) {
        for (const [key, window] of windows) if (at - window.start >= windowMs) windows.delete(key);
        lastSweep = at;
      }
      let window = windows.get(hash);
      if (!window || at - window.start >= windowMs) {
        window = { start: at, count: 0 };
        windows.set(hash, window);
      }
      window.count += 1;
      if (window.count <= rate.limit) return Promise.resolve({ allowed: true });
      return Promise.resolve({ allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - at) / 1000)) });
    },
  };
}
