import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { FUNCTION_PATH } from '../../supabase/functions/_shared/contact-fields.ts';
import { handleContactRequest, type HandlerOptions } from '../../supabase/functions/_shared/contact-handler.ts';
import type { RouteHandler } from './server.ts';

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

/** How long an answered connection whose upload was not read stays half-closed before it is dropped. */
const LINGER_MS = 500;

/**
 * Closes the connection after the answer without reading the rest of the upload. Node's server would
 * destroy the socket the moment the answer is flushed; with unread bytes waiting, the kernel turns that
 * close into a reset, which can discard the answer before the client reads it. So the write side is
 * closed (answer, then FIN), nothing more is read (the upload stalls on a full window), and the socket
 * is dropped after LINGER_MS, as Go's server does.
 */
function lingeringClose(socket: Socket): void {
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

async function send(res: ServerResponse, response: Response, extra: Record<string, string>): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), 'content-length': String(body.byteLength), ...extra });
  res.end(body);
}

/**
 * `POST /functions/v1/rapid-worker` (and its preflight) answered by the Supabase function's own
 * handler, so the local path and production validate and answer identically: CORS, the rate limit and
 * the 413 for an oversize body included.
 */
export function contactRoute(options: HandlerOptions): RouteHandler {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    if (url.pathname !== FUNCTION_PATH) return false;
    const method = req.method ?? 'GET';
    const state: BodyState = { ended: false, gone: false };
    const body = method === 'POST' ? bodyStream(req, state) : undefined;
    const request = new Request(url, { method, headers: toHeaders(req), body, duplex: 'half' } as RequestInit);
    // The socket's peer, never X-Forwarded-For: `site serve` is not behind a proxy it could trust.
    const response = await handleContactRequest(request, options, { address: req.socket.remoteAddress ?? null });
    if (state.gone) {
      res.destroy();
      return true;
    }
    // The handler answered without reading the whole body (over the cap, or refused before reading):
    // close the connection after the answer instead of reading the rest to keep it alive.
    const unread = body !== undefined && !state.ended;
    if (unread) lingeringClose(req.socket);
    await send(res, response, unread ? { connection: 'close' } : {});
    return true;
  };
}
