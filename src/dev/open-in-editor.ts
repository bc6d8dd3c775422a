import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { RouteHandler } from '../server/server.ts';

export const OPEN_PATH = '/__site/open';

/** Editors that take `-g file:line:col`; the rest get `+line file` (vim, nano, emacs, micro, …). */
const GOTO_EDITORS = /^(code|code-insiders|codium|cursor|windsurf)(\.cmd|\.exe)?$/;

/** The command line that opens `file` at line and column in the author's editor (SITE_EDITOR, VISUAL, EDITOR). */
export function editorCommand(editor: string, file: string, line: number, column: number): string[] {
  const [command = '', ...args] = editor.trim().split(/\s+/);
  return GOTO_EDITORS.test(path.basename(command)) ? [command, ...args, '-g', `${file}:${line}:${column}`] : [command, ...args, `+${line}`, file];
}

function answer(res: ServerResponse, status: number, text: string): true {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(text);
  return true;
}

async function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > limit) return undefined;
  }
  return body;
}

export interface OpenOptions {
  /** Editor launches at most per window (a page that clicks in a loop must not start twenty editors). */
  launches?: { limit: number; windowMs: number };
  /** The clock the launch window counts by (tests fix it). */
  now?: () => number;
}

export const DEFAULT_LAUNCHES = { limit: 5, windowMs: 10_000 };

/**
 * `POST /__site/open {file, line, column}`: the overlay's "Open in $EDITOR" button. Only from this machine
 * (loopback peer), only from the dev server's own pages (JSON body, same Origin and the session token,
 * checked by dev-guard.ts before this runs and the Origin again here), only files inside the content
 * folder, and at most `launches.limit` editors per window (429 beyond).
 */
export function openInEditor(contentDir: string, options: OpenOptions = {}): RouteHandler {
  const root = path.resolve(contentDir);
  const { limit, windowMs } = options.launches ?? DEFAULT_LAUNCHES;
  const now = options.now ?? Date.now;
  const launched: number[] = [];
  return async (req, res) => {
    if ((req.url ?? '/').replace(/[?#].*$/s, '') !== OPEN_PATH) return false;
    if (req.method !== 'POST') return answer(res, 405, 'POST only');
    const peer = req.socket.remoteAddress ?? '';
    if (!/^(127\.|::1$|::ffff:127\.)/.test(peer)) return answer(res, 403, 'only from this machine');
    if (req.headers.origin !== `http://${req.headers.host}`) return answer(res, 403, 'only from the dev server’s pages');
    if (!req.headers['content-type']?.startsWith('application/json')) return answer(res, 415, 'JSON body expected');
    const body = await readBody(req, 4096);
    let target: { file?: unknown; line?: unknown; column?: unknown };
    try {
      target = JSON.parse(body ?? '');
    } catch {
      return answer(res, 400, 'JSON body expected');
    }
    const file = typeof target.file === 'string' ? path.resolve(target.file) : '';
    if (!file.startsWith(root + path.sep)) return answer(res, 403, 'only files in the content folder');
    const editor = process.env.SITE_EDITOR || process.env.VISUAL || process.env.EDITOR;
    if (!editor) return answer(res, 501, 'set SITE_EDITOR or EDITOR before `site dev` (e.g. EDITOR=code)');
    const at = now();
    while (launched.length && launched[0]! <= at - windowMs) launched.shift();
    if (launched.length >= limit) {
      const wait = Math.max(1, Math.ceil((launched[0]! + windowMs - at) / 1000));
      res.setHeader('retry-after', String(wait));
      return answer(res, 429, `${limit} editors opened in the last ${windowMs / 1000} seconds; try again in ${wait} seconds`);
    }
    launched.push(at);
    const line = Number.isInteger(target.line) ? (target.line as number) : 1;
    const column = Number.isInteger(target.column) ? (target.column as number) : 1;
    const [command, ...args] = editorCommand(editor, file, line, column);
    const child = spawn(command!, args, { detached: true, stdio: 'ignore' });
    child.once('error', () => {});
    child.unref();
    return answer(res, 200, 'opened');
  };
}
