import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header the editor's requests carry the session token in. */
export const TOKEN_HEADER = 'x-site-editor-token';

const LOOPBACK_PEER = /^(127\.|::1$|::ffff:127\.)/;
const LOOPBACK_HOST = /^(?:127\.\d+\.\d+\.\d+|localhost|\[::1\])(?::\d+)?$/i;

/**
 * Why a request to the editor is refused, or undefined when it may go on.
 * - only from this machine (loopback peer), whatever address the server binds;
 * - only under a loopback Host name: a page of another site whose domain is made to resolve to 127.0.0.1
 *   (DNS rebinding) sends its own name as Host and gets nothing;
 * - API requests (`api: true`) carry the per-session token, which only the /admin page holds (another origin
 *   cannot read it), and a request with a body must come from the editor's own origin (Origin = this host).
 */
export function refusal(req: IncomingMessage, token: string, api: boolean): string | undefined {
  if (!LOOPBACK_PEER.test(req.socket.remoteAddress ?? '')) return 'the editor answers only requests from this machine';
  const host = req.headers.host ?? '';
  if (!LOOPBACK_HOST.test(host)) return 'the editor answers only at a loopback address (127.0.0.1, localhost)';
  if (!api) return undefined;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return 'cross-origin request refused';
  if (req.method !== 'GET' && req.method !== 'HEAD' && origin === undefined) return 'cross-origin request refused: no Origin header';
  const sent = Buffer.from(String(req.headers[TOKEN_HEADER] ?? ''));
  const expected = Buffer.from(token);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return 'missing or wrong editor token: reload /admin';
  return undefined;
}
