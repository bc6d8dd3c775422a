import type { IncomingMessage, ServerResponse } from 'node:http';
import { FUNCTION_PATH } from '../../supabase/functions/_shared/contact-fields.ts';
import { handleContactRequest, type HandlerOptions } from '../../supabase/functions/_shared/contact-handler.ts';
import { closeAfterAnswer, type RouteHandler } from './server.ts';

/** The client went away before its body was complete: nothing is parsed, validated or stored. */
export class ClientGone extends Error {}

interface BodyState {
  /** The whole body was read. */
  ended: boolean;
  /** The connection closed before the body ended. */
  gone: boolean;
}

/**
 * The request body as a web stream that reads from the socket only as the handler asks for more, so
 * the handler's 32 KB cap (checked against Content-Length first, then counted while reading) stops the
 * upload where it is: nothing past the cap is read, buffered or drained.
 */
function bodyStream(req: IncomingMessage, state: BodyState): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on('data', (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on('end', () => {
          state.ended = true;
          if (!settled) controller.close();
          settled = true;
        });
        const gone = () => {
          if (state.ended) return;
          state.gone = true;
          if (!settled) controller.error(new ClientGone('the client closed the connection before its body ended'));
          settled = true;
        };
        req.on('error', gone);
        req.on('close', gone);
      },
      pull() {
        req.resume();
      },
      cancel() {
        settled = true;
        req.pause();
      },
    },
    // Nothing is read ahead: a chunk is taken from the socket only when the handler asks for one.
    { highWaterMark: 0 },
  );
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // HTTP/2's pseudo-headers (:method, :path, …) are not headers of the request.
    if (value === undefined || name.startsWith(':')) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

async function send(res: ServerResponse, response: Response, extra: Record<string, string>): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), 'content-length': String(body.byteLength), ...extra });
  res.end(body);
}

export interface ContactRouteOptions extends HandlerOptions {
  /** Believe X-Forwarded-For (off by default: any client can write it). */
  trustProxy?: boolean;
}

/**
 * The address the rate limit counts: the socket's peer, or with `trustProxy` the last X-Forwarded-For
 * entry, the one the proxy directly in front appended (earlier entries are whatever the client sent).
 */
export function requestClientAddress(req: IncomingMessage, trustProxy: boolean): string | null {
  const peer = req.socket.remoteAddress ?? null;
  if (!trustProxy) return peer;
  const forwarded = req.headers['x-forwarded-for'];
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return last || peer;
}

/**
 * The server's own origins, from the address it listens on (what it printed), never from the request's
 * Host header, which the client writes: on a loopback address `localhost` names the same server.
 */
function ownOrigins(req: IncomingMessage): { base: string; origins: string[] } {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const port = req.socket.localPort;
  const host = address.includes(':') ? `[${address}]` : address;
  // Over TLS (`site serve --tls-cert`) the pages are https: pages.
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const base = `${scheme}://${host}:${port}`;
  const loopback = /^(127\.|\[::1\]$)/.test(host);
  return { base, origins: loopback ? [base, `${scheme}://localhost:${port}`] : [base] };
}

/** Methods a Fetch `Request` refuses to carry. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * `POST /functions/v1/rapid-worker` (and its preflight) answered by the Supabase function's own
 * handler, so the local path and production validate and answer identically: CORS, the rate limit and
 * the 413 for an oversize body included.
 */
export function contactRoute(options: ContactRouteOptions): RouteHandler {
  return async (req, res) => {
    const own = ownOrigins(req);
    const url = new URL(req.url ?? '/', own.base);
    if (url.pathname !== FUNCTION_PATH) return false;
    // Every method but POST and OPTIONS gets the handler's 405; the Fetch API cannot even represent some
    // (TRACE, TRACK, CONNECT: `new Request` throws), so those are asked as a GET, which earns the same answer.
    const method = FORBIDDEN_METHODS.has((req.method ?? 'GET').toUpperCase()) ? 'GET' : (req.method ?? 'GET');
    const state: BodyState = { ended: false, gone: false };
    const body = method === 'POST' ? bodyStream(req, state) : undefined;
    const request = new Request(url, { method, headers: toHeaders(req), body, duplex: 'half' } as RequestInit);
    const response = await handleContactRequest(
      request,
      { ...options, allowedOrigins: [...options.allowedOrigins, ...own.origins] },
      { address: requestClientAddress(req, options.trustProxy ?? false) },
    );
    if (state.gone) {
      res.destroy();
      return true;
    }
    // The handler answered without reading the whole body (over the cap, or refused before reading):
    // close the connection after the answer instead of reading the rest to keep it alive.
    const unread = body !== undefined && !state.ended;
    if (unread) closeAfterAnswer(req.socket);
    await send(res, response, unread ? { connection: 'close' } : {});
    return true;
  };
}
