import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { DEFAULT_LIMITS, type ServerLimits } from './limits.ts';
import { BASE_SECURITY_HEADERS, NON_PAGE_CSP, plainAnswer } from './security-headers.ts';
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

/**
 * Keeps at most `max` connections open. When a new one would exceed it, the oldest connection without
 * a request in progress (stalled before its headers, or idle between requests) is closed to make room,
 * as nginx reuses its idle connections: thousands of stalled sockets cannot lock a visitor out. Only
 * when every connection is busy is the new one refused.
 */
function connectionCap(max: number): (socket: Socket) => void {
  const idle = new Set<Socket>();
  let open = 0;
  return (socket) => {
    if (open >= max) {
      const oldest = idle.values().next().value as Socket | undefined;
      if (oldest) {
        idle.delete(oldest);
        oldest.destroy();
      } else {
        socket.destroy();
        return;
      }
    }
    open += 1;
    idle.add(socket);
    socket.once('close', () => {
      open -= 1;
      idle.delete(socket);
    });
    socket.on('request-started', () => idle.delete(socket));
    socket.on('request-ended', () => {
      if (!socket.destroyed) idle.add(socket);
    });
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
function unreadBody(req: IncomingMessage): boolean {
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
      res.once('close', () => req.socket.emit('request-ended'));
      for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
      if (!validHost(req.headers.host)) {
        if (unreadBody(req)) closeAfterAnswer(req.socket);
        plainAnswer(res, 400, 'Bad Request: malformed Host header', { connection: 'close' });
        return;
      }
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
  server.on('connection', connectionCap(limits.maxConnections));
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
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
