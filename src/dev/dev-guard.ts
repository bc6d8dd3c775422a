import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { closeAfterAnswer, unreadBody, type RouteHandler } from '../server/server.ts';
import { plainAnswer } from '../server/security-headers.ts';
import { EDITOR_PREFIX } from './editor/editor-api.ts';
import { TOKEN_HEADER } from './editor/editor-guard.ts';
import { OPEN_PATH } from './open-in-editor.ts';

/** Names that always mean this machine: a browser never asks DNS for them. */
const LOOPBACK_NAME = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The request names this server by a loopback name, or by the very IP address its connection arrived
 * on (`site dev --host 192.168.1.5`, opened from a phone). Never by a DNS name: a page of another site
 * whose name is made to resolve to 127.0.0.1 (DNS rebinding) sends that name as Host, and gets nothing.
 */
export function loopbackHost(req: IncomingMessage): boolean {
  const host = req.headers.host;
  if (!host) return false;
  const name = /^(\[[^\]]*\]|[^:]*)(?::\d{1,5})?$/.exec(host)?.[1];
  if (!name) return false;
  if (LOOPBACK_NAME.test(name)) return true;
  const literal = name.replace(/^\[|\]$/g, '').toLowerCase();
  const arrived = (req.socket.localAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '').toLowerCase();
  return isIP(literal) !== 0 && literal === arrived;
}

/** The routes of `site dev` that change something (start an editor, edit content): same origin and the session token only. */
function changesState(req: IncomingMessage): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  const path = (req.url ?? '/').replace(/[?#].*$/s, '');
  return path === OPEN_PATH || path.startsWith(`${EDITOR_PREFIX}api/`);
}

function sameToken(sent: string | string[] | undefined, token: string): boolean {
  const given = Buffer.from(String(sent ?? ''));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The first handler of `site dev`: every route (pages, /__site/events, /__site/open, /_translations/,
 * /admin and its API, the contact function) answers only under a loopback Host; a route that changes
 * state also needs the page's own Origin and this session's token, which only the dev server's own
 * pages receive (the live-reload stream and /admin, both unreadable from another origin).
 */
export function devGuard(token: () => string): RouteHandler {
  return async (req, res) => {
    const refuse = (message: string) => {
      if (unreadBody(req)) closeAfterAnswer(req.socket);
      plainAnswer(res, 403, message, { connection: 'close' });
      return true;
    };
    if (!loopbackHost(req))
      return refuse('site dev answers only at a loopback address (http://localhost:PORT or http://127.0.0.1:PORT); this Host names another site');
    if (!changesState(req)) return false;
    if (req.headers.origin !== `http://${req.headers.host}`) return refuse('cross-origin request refused: only the dev server’s own pages may do this');
    if (!sameToken(req.headers[TOKEN_HEADER], token())) return refuse('missing or wrong session token: reload the page');
    return false;
  };
}
