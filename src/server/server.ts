import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { constants, createSecureServer, type Http2ServerRequest, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { DEFAULT_LIMITS, type ServerLimits } from './limits.ts';
import { BASE_SECURITY_HEADERS, NON_PAGE_CSP, plainAnswer } from './security-headers.ts';
import { rateLimitKey } from '../../supabase/functions/_shared/rate-limit.ts';
import { originFormTarget } from './request-path.ts';
import { serveStatic, staticSite, type StaticSite } from './static.ts';

/** A route the server answers before static files (e.g. the contact function). Returns false to pass. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface ServeOptions {
  /** Directory of built files served after the handlers; without it, what no handler answers is a 404. */
  root?: string;
  port: number;
  host: string;
  handlers?: RouteHandler[];
  limits?: Partial<ServerLimits>;
  /** A certificate and its key (PEM): serve HTTP/2 and HTTP/1.1 over TLS instead of plain HTTP/1.1. */
  tls?: { cert: string | Buffer; key: string | Buffer };
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
  /** Requests in progress (answers not yet handed to the kernel in full); HTTP/2 runs several at once. */
  active: number;
  /** When the connection last made progress, as a counter: its request began or its write buffer drained. */
  progress: number;
  /**
   * When it last opened, began or ended a request, as a counter. Among idle connections the one quiet
   * longest is closed first: a client about to send its next request on a kept-alive connection most
   * likely uses the one it just had answered, and a POST reset on the way is not retried.
   */
  quietSince: number;
}

/**
 * Keeps at most `max` connections open, and at most `perClient` from one client address. A new
 * connection over either cap makes room by closing, among the connections it competes with, the one
 * quiet longest without a request in progress (stalled before its headers, or idle between requests), as nginx
 * reuses idle connections; else the busy one whose answer the client has stopped taking (its write
 * buffer full) and which has gone longest without progress. A download the client reads drains its
 * buffer again and again, so the clients that never read are closed first. Only when every competitor
 * is busy and its client reading is the new connection refused. Thousands of stalled sockets, or a
 * hundred downloads nobody reads, cannot lock a visitor out.
 */
interface ConnectionCap {
  track(socket: Socket): void;
  socketFor(address?: string, port?: number): Socket | undefined;
  closeIdle(): void;
}

function connectionCap(max: number, perClient: number): ConnectionCap {
  const open = new Map<Socket, Tracked>();
  // An HTTP/2 request does not reach its connection's socket (Node hides it): it is found by the peer's address and port.
  const byPeer = new Map<string, Socket>();
  const perAddress = new Map<string, number>();
  let tick = 0;
  const evictable = (client?: string): Socket | undefined => {
    let idle: [Socket, Tracked] | undefined;
    let stalled: [Socket, Tracked] | undefined;
    for (const [socket, state] of open) {
      if (client !== undefined && state.client !== client) continue;
      if (state.active === 0 && (!idle || state.quietSince < idle[1].quietSince)) idle = [socket, state];
      if (state.active > 0 && socket.writableNeedDrain && (!stalled || state.progress < stalled[1].progress)) stalled = [socket, state];
    }
    return (idle ?? stalled)?.[0];
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
    byPeer.delete(`${socket.remoteAddress}|${socket.remotePort}`);
    const left = (perAddress.get(state.client) ?? 1) - 1;
    if (left > 0) perAddress.set(state.client, left);
    else perAddress.delete(state.client);
  };
  const track = (socket: Socket) => {
    const client = rateLimitKey(socket.remoteAddress ?? '');
    if ((perAddress.get(client) ?? 0) >= perClient && !makeRoom(client)) return void socket.destroy();
    if (open.size >= max && !makeRoom()) return void socket.destroy();
    const state: Tracked = { client, active: 0, progress: ++tick, quietSince: tick };
    open.set(socket, state);
    byPeer.set(`${socket.remoteAddress}|${socket.remotePort}`, socket);
    perAddress.set(client, (perAddress.get(client) ?? 0) + 1);
    socket.once('close', () => forget(socket));
    socket.on('drain', () => (state.progress = ++tick));
    socket.on('request-started', () => {
      state.active += 1;
      state.progress = ++tick;
      state.quietSince = tick;
    });
    socket.on('request-ended', () => {
      state.active = Math.max(0, state.active - 1);
      state.quietSince = ++tick;
    });
  };
  return {
    track,
    socketFor: (address, port) => byPeer.get(`${address}|${port}`),
    closeIdle() {
      for (const [socket, state] of open) if (state.active === 0) socket.destroy();
    },
  };
}

/** Headers HTTP/2 forbids (RFC 9113 §8.2.2): Node throws on them, so an answer over HTTP/2 drops them. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function withoutConnectionHeaders(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => (CONNECTION_HEADERS.has(name.toLowerCase()) ? res : setHeader(name, value));
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, unknown>) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((item) => item && typeof item === 'object') as Record<string, unknown> | undefined;
    return writeHead(status, headers ? Object.fromEntries(Object.entries(headers).filter(([name]) => !CONNECTION_HEADERS.has(name.toLowerCase()))) : undefined);
  }) as ServerResponse['writeHead'];
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
  // An HTTP/2 stream is closed on its own; its connection carries other requests.
  if ((socket as Socket & { alpnProtocol?: string | false }).alpnProtocol === 'h2') return;
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
  const cap = connectionCap(limits.maxConnections, limits.maxConnectionsPerClient);
  const server = createHttpServer(options, limits, requestListener(options.handlers ?? [], site, cap));
  // No progress for idleTimeoutMs (nothing read, no write taken by the client) closes the socket.
  server.setTimeout(limits.idleTimeoutMs);
  server.on(options.tls ? 'secureConnection' : 'connection', cap.track);
  // HTTP/2 sessions, closed (after their open streams) when the server closes.
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session: ServerHttp2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `${options.tls ? 'https' : 'http'}://${host}:${address.port}`,
    connections: () => new Promise((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count)))),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.close();
        cap.closeIdle();
      }),
  };
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * With a certificate: HTTP/2 over TLS, as the hosts the site is made for serve it, and HTTP/1.1 over TLS for clients
 * without HTTP/2 (ALPN decides); the same handlers, headers and limits either way.
 */
function createHttpServer(options: ServeOptions, limits: ServerLimits, listener: Listener) {
  const http1Options = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // How often the two timeouts above are checked (Node's default, 30 s, would let a stalled socket live that long).
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
  };
  return options.tls
    ? createSecureServer(
        { cert: options.tls.cert, key: options.tls.key, allowHTTP1: true, ...http1Options },
        listener as unknown as Parameters<typeof createSecureServer>[1],
      )
    : createServer(http1Options, listener);
}

/** A malformed request (bad header bytes, oversized headers) gets a 400 and the socket closes; never a crash. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? '408 Request Timeout'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? '431 Request Header Fields Too Large'
        : '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\nx-content-type-options: nosniff\r\n\r\n`);
}

/** Every request: counted against the connection cap, given the base security headers, its Host and target checked, then answered. */
function requestListener(handlers: readonly RouteHandler[], site: StaticSite | undefined, cap: ConnectionCap): Listener {
  return (req, res) => {
    const http2 = req.httpVersionMajor === 2;
    if (http2) {
      withoutConnectionHeaders(res);
      endUnreadStream(req);
    }
    const socket = http2 ? cap.socketFor(req.socket.remoteAddress, req.socket.remotePort) : req.socket;
    socket?.emit('request-started');
    // 'finish': the whole answer is with the kernel; a client that does not read it leaves it busy.
    let ended = false;
    const end = () => {
      if (!ended) socket?.emit('request-ended');
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
    answer(req, res, handlers, site).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      const message = error instanceof Error ? error.message : String(error);
      // A replacer function: a message containing `$&` or `$'` must print as written, not as a pattern.
      res
        .writeHead(500, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': NON_PAGE_CSP, 'cache-control': 'no-store' })
        .end(ERROR_PAGE.replace('ERROR', () => escape(message)));
    });
  };
}

/**
 * An answer given over HTTP/2 without reading the whole upload (413, 405 to a POST) ends its stream: the client is
 * told to stop sending (RST_STREAM NO_ERROR, RFC 9113 §8.1) instead of holding the stream open. The stream's own
 * 'finish' (its write side is done): the compatibility response's comes only once both sides are.
 */
function endUnreadStream(req: IncomingMessage): void {
  const stream = (req as unknown as Http2ServerRequest).stream;
  stream.once('finish', () => {
    if (req.complete || stream.closed) return;
    stream.close(constants.NGHTTP2_NO_ERROR);
    // What already arrived is dropped, so the stream can end and close.
    req.resume();
  });
}

/** The first handler that takes the request answers it, else the static site (or 404 without one). */
async function answer(req: IncomingMessage, res: ServerResponse, handlers: readonly RouteHandler[], site: StaticSite | undefined): Promise<void> {
  for (const handler of handlers) {
    if (await handler(req, res)) return;
  }
  // Static files take no body: one sent along (a POST answered 405) is not read.
  if (unreadBody(req)) {
    res.setHeader('connection', 'close');
    closeAfterAnswer(req.socket);
  }
  if (site) await serveStatic(site, req, res);
  else plainAnswer(res, 404, 'Not Found');
}
