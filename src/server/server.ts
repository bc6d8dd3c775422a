import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { DEFAULT_LIMITS, type ServerLimits } from './limits.ts';
import { BASE_SECURITY_HEADERS, NON_PAGE_CSP, plainAnswer } from './security-headers.ts';
import { rateLimitKey } from '../../supabase/functions/_shared/rate-limit.ts';
import { originFormTarget } from './request-path.ts';
import { serveStatic, staticSite } from './static.ts';

/** A route the server answers before static files (e.g. the contact function). Returns false to pass. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface ServeOptions {
  /** Directory of built files served after the handlers; without it, what no handler answers is a 404. */
  root?: string;
  port: number;
  host: string;
  handlers?: RouteHandler[];
  limits?: Partial<ServerLimits>;
}

export interface RunningServer {
  url: string;
  /** Connections open now. */
  connections(): Promise<number>;
  close(): Promise<void>;
}

const ERROR_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Unexpected Application Error!</title></head><body><h1>Unexpected Application Error!</h1><pre>ERROR</pre></body></html>`;

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A Host header as RFC 9110 allows it: a DNS name, an IPv4 address or a bracketed IPv6 address, and an optional port. */
const VALID_HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)(?::\d{1,5})?$/;

export function validHost(host: string | undefined): boolean {
  return host === undefined || VALID_HOST.test(host);
}

interface Tracked {
  client: string;
  /** A request is in progress (its answer not yet handed to the kernel in full). */
  busy: boolean;
  /** When the connection last made progress, as a counter: its request began or its write buffer drained. */
  progress: number;
}

/**
 * Keeps at most `max` connections open, and at most `perClient` from one client address. A new
 * connection over either cap makes room by closing, among the connections it competes with, the oldest
 * one without a request in progress (stalled before its headers, or idle between requests), as nginx
 * reuses idle connections; else the busy one whose answer the client has stopped taking (its write
 * buffer full) and which has gone longest without progress. A download the client reads drains its
 * buffer again and again, so the clients that never read are closed first. Only when every competitor
 * is busy and its client reading is the new connection refused. Thousands of stalled sockets, or a
 * hundred downloads nobody reads, cannot lock a visitor out.
 */
function connectionCap(max: number, perClient: number): (socket: Socket) => void {
  const open = new Map<Socket, Tracked>();
  const perAddress = new Map<string, number>();
  let tick = 0;
  const evictable = (client?: string): Socket | undefined => {
    let stalled: [Socket, Tracked] | undefined;
    for (const [socket, state] of open) {
      if (client !== undefined && state.client !== client) continue;
      if (!state.busy) return socket;
      if (socket.writableNeedDrain && (!stalled || state.progress < stalled[1].progress)) stalled = [socket, state];
    }
    return stalled?.[0];
  };
  const makeRoom = (client?: string): boolean => {
    const victim = evictable(client);
    if (!victim) return false;
    forget(victim);
    victim.destroy();
    return true;
  };
  const forget = (socket: Socket) => {
    const state = open.get(socket);
    if (!state) return;
    open.delete(socket);
    const left = (perAddress.get(state.client) ?? 1) - 1;
    if (left > 0) perAddress.set(state.client, left);
    else perAddress.delete(state.client);
  };
  return (socket) => {
    const client = rateLimitKey(socket.remoteAddress ?? '');
    if ((perAddress.get(client) ?? 0) >= perClient && !makeRoom(client)) return void socket.destroy();
    if (open.size >= max && !makeRoom()) return void socket.destroy();
    const state: Tracked = { client, busy: false, progress: ++tick };
    open.set(socket, state);
    perAddress.set(client, (perAddress.get(client) ?? 0) + 1);
    socket.once('close', () => forget(socket));
    socket.on('drain', () => (state.progress = ++tick));
    socket.on('request-started', () => {
      state.busy = true;
      state.progress = ++tick;
    });
    socket.on('request-ended', () => (state.busy = false));
  };
}

/** How long an answered connection whose upload was not read stays half-closed before it is dropped. */
const LINGER_MS = 500;

/**
 * Closes the connection after the answer without reading the rest of the upload (a 413, a 429, a 405
 * to a POST: nothing past what was needed is read). Node's server would destroy the socket the moment
 * the answer is flushed; with unread bytes waiting, the kernel turns that close into a reset, which can
 * discard the answer before the client reads it. So the write side is closed (answer, then FIN),
 * nothing more is read (the upload stalls on a full window), and the socket is dropped after LINGER_MS,
 * as Go's server does.
 */
export function closeAfterAnswer(socket: Socket): void {
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** The request announces a body that nobody has read yet. */
export function unreadBody(req: IncomingMessage): boolean {
  return !req.complete && (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0);
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const site = options.root ? staticSite(path.resolve(options.root)) : undefined;
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often the two timeouts above are checked (Node's default, 30 s, would let a stalled socket live that long).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    (req, res) => {
      req.socket.emit('request-started');
      // 'finish': the whole answer is with the kernel; a client that does not read it leaves it busy.
      let ended = false;
      const end = () => {
        if (!ended) req.socket.emit('request-ended');
        ended = true;
      };
      res.once('finish', end);
      res.once('close', end);
      for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
      if (!validHost(req.headers.host)) {
        if (unreadBody(req)) closeAfterAnswer(req.socket);
        plainAnswer(res, 400, 'Bad Request: malformed Host header', { connection: 'close' });
        return;
      }
      const target = originFormTarget(req.url ?? '/');
      if (!target.ok) {
        if (unreadBody(req)) closeAfterAnswer(req.socket);
        plainAnswer(res, 400, `Bad Request: ${target.message}`, { connection: 'close' });
        return;
      }
      req.url = target.target;
      void (async () => {
        for (const handler of options.handlers ?? []) {
          if (await handler(req, res)) return;
        }
        // Static files take no body: one sent along (a POST answered 405) is not read.
        if (unreadBody(req)) {
          res.setHeader('connection', 'close');
          closeAfterAnswer(req.socket);
        }
        if (site) await serveStatic(site, req, res);
        else plainAnswer(res, 404, 'Not Found');
      })().catch((error: unknown) => {
        if (res.headersSent) return void res.destroy();
        const message = error instanceof Error ? error.message : String(error);
        // A replacer function: a message containing `$&` or `$'` must print as written, not as a pattern.
        res
          .writeHead(500, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': NON_PAGE_CSP, 'cache-control': 'no-store' })
          .end(ERROR_PAGE.replace('ERROR', () => escape(message)));
      });
    },
  );
  // No progress for idleTimeoutMs (nothing read, no write taken by the client) closes the socket.
  server.timeout = limits.idleTimeoutMs;
  server.on('connection', connectionCap(limits.maxConnections, limits.maxConnectionsPerClient));
  // A malformed request (bad header bytes, oversized headers) gets a 400 and the socket closes; never a crash.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\nx-content-type-options: nosniff\r\n\r\n`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    connections: () => new Promise((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count)))),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
