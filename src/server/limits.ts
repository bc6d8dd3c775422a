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
  /**
   * A connection that makes no progress for this many ms is closed: no byte read from the client and none
   * of the answer taken by it (a download the client stopped reading counts as idle, not as busy).
   */
  idleTimeoutMs: number;
  /** Open connections at most; beyond it an idle one, else the writer stalled longest, makes room. */
  maxConnections: number;
  /** Open connections from one client address (an IPv6 client by its /64) at most, evicted the same way among its own. */
  maxConnectionsPerClient: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
  maxConnections: 1_000,
  maxConnectionsPerClient: 64,
};
