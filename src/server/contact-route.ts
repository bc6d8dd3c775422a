import type { IncomingMessage, ServerResponse } from 'node:http';
import { FUNCTION_PATH, MAX_BODY_BYTES } from '../../supabase/functions/_shared/contact-fields.ts';
import { handleContactRequest, type HandlerOptions } from '../../supabase/functions/_shared/contact-handler.ts';
import type { RouteHandler } from './server.ts';

/** The client went away before its body was complete: nothing is parsed, validated or stored. */
export class ClientGone extends Error {}

/**
 * Reads at most `limit` bytes; null when the body is larger (the rest is drained, not buffered).
 * Rejects with ClientGone when the connection closes before the body has ended.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => {
      ended = true;
      resolve(size > limit ? null : Buffer.concat(chunks));
    });
    req.on('error', () => reject(new ClientGone('the client closed the connection')));
    req.on('close', () => {
      if (!ended) reject(new ClientGone('the client closed the connection before its body ended'));
    });
  });
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * `POST /functions/v1/rapid-worker` (and its preflight) answered by the Supabase function's own
 * handler, so the local path and production validate and answer identically.
 */
export function contactRoute(options: HandlerOptions): RouteHandler {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    if (url.pathname !== FUNCTION_PATH) return false;
    const method = req.method ?? 'GET';
    let body: Buffer | undefined;
    if (method === 'POST') {
      const read = await readBody(req, MAX_BODY_BYTES).catch((error: unknown) => {
        if (error instanceof ClientGone) return undefined;
        throw error;
      });
      if (read === undefined) {
        res.destroy();
        return true;
      }
      if (read === null) {
        await send(res, Response.json({ error: `the request body is larger than ${MAX_BODY_BYTES} bytes` }, { status: 413 }));
        return true;
      }
      body = read;
    }
    const request = new Request(url, { method, headers: toHeaders(req), body: body ? new Uint8Array(body) : undefined });
    // The socket's peer, never X-Forwarded-For: `site serve` is not behind a proxy it could trust.
    await send(res, await handleContactRequest(request, options, { address: req.socket.remoteAddress ?? null }));
    return true;
  };
}
