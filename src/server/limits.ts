/**
 * How long and how many: every resource a client can hold is bounded (SECURITY.md, "Limits"). Apart
 * from server.ts so the CLI reads the defaults for its options without loading the server.
 */
export interface ServerLimits {
  /** All request headers must arrive within this many ms (a slow sender is cut off with 408). */
  headersTimeoutMs: number;
  /** The whole request, body included, within this many ms. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this many ms. */
  keepAliveTimeoutMs: number;
  /** Open connections at most; beyond it the oldest connection without a request in progress makes room. */
  maxConnections: number;
}

export const DEFAULT_LIMITS: ServerLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxConnections: 1_000 };
