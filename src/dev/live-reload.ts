import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteHandler } from '../server/server.ts';
import type { FindingView } from './finding-view.ts';
import { OVERLAY_CLIENT } from './overlay-client.ts';

/** What the in-page overlay shows: the check's findings, or the errors that stopped the rebuild. */
export interface Overlay {
  /** The rebuild failed: the page under the overlay is the last good build. */
  blocking: boolean;
  title: string;
  items: FindingView[];
}

/**
 * Live reload for `site dev`: pages load /__site/live.js, which listens on a server-sent event stream.
 * After a rebuild the server names the routes that changed and only those pages update: the new HTML is
 * fetched and its body swapped in (no navigation, so the change shows in the next frame), or the page
 * reloads when what it runs changed (scripts, styles, policy) or everything did. Errors and the check's
 * findings show in an overlay (overlay-client.ts) until they are fixed. The script is same-origin, so the
 * pages' CSP allows it.
 */
export const LIVE_SCRIPT_PATH = '/__site/live.js';
export const EVENTS_PATH = '/__site/events';

/**
 * Adds the live script to a page `site dev` serves (never to built files). It goes before the head's
 * first script: module scripts run in document order, so it notes what the page runs before any island
 * can add its own elements (a toast library's styles) to the head.
 */
export function withLiveScript(html: Buffer, build: string): Buffer {
  const tag = Buffer.from(`<script type="module" src="${LIVE_SCRIPT_PATH}?build=${encodeURIComponent(build)}"></script>`);
  const end = html.indexOf('</head>');
  const script = html.indexOf('<script');
  const at = script >= 0 && (end < 0 || script < end) ? script : end;
  return at < 0 ? Buffer.concat([html, tag]) : Buffer.concat([html.subarray(0, at), tag, html.subarray(at)]);
}

/**
 * Runs in the page. `build` is the dev server's build at page load: a server restarted after a code
 * change reconnects with a new one, and the page reloads.
 */
const CLIENT = `const build = new URL(import.meta.url).searchParams.get('build');
// This session's token (see dev-guard.ts): the overlay's "Open in $EDITOR" sends it.
let sessionToken = '';
const route = decodeURI(location.pathname).replace(/\\/(index\\.html)?$/, '') || '/';
${OVERLAY_CLIENT}
const events = new EventSource('${EVENTS_PATH}');
events.addEventListener('hello', (e) => {
  const state = JSON.parse(e.data);
  sessionToken = state.session ?? '';
  if (state.build !== build) location.reload();
  else showOverlay(state.overlay);
});
// Head elements that are content (title, meta tags, structured data): a swap replaces them. The rest is
// what the page runs (scripts, styles, policy): when that changed, only a reload applies it.
const DATA = 'meta:not([http-equiv]), script[type="application/ld+json"]';
const runtimeOf = (head) => [...head.children].filter((el) => el.tagName !== 'TITLE' && !el.matches(DATA)).map((el) => el.outerHTML).join('\\n');
// This script runs before the page's other modules (see withLiveScript), so no island has added to the head yet.
const served = runtimeOf(document.head);
let swaps = 0;
async function update() {
  let next;
  try {
    const response = await fetch(location.href, { cache: 'no-store' });
    next = new DOMParser().parseFromString(await response.text(), 'text/html');
  } catch {
    return location.reload();
  }
  if (runtimeOf(next.head) !== served) return location.reload();
  document.title = next.title;
  for (const el of document.head.querySelectorAll(DATA)) el.remove();
  document.head.append(...next.head.querySelectorAll(DATA));
  document.body.replaceWith(document.adoptNode(next.body));
  keepOverlay();
  // The new body's islands are server HTML again: run the loader once more (a new module instance) to wake them.
  const loader = document.head.querySelector('script[data-islands]');
  if (loader) await import(loader.dataset.islands + '?swap=' + ++swaps);
}
events.addEventListener('change', (e) => {
  const change = JSON.parse(e.data);
  if (change.routes === '*') location.reload();
  else if (change.routes.includes(route)) void update();
});
events.addEventListener('overlay', (e) => showOverlay(JSON.parse(e.data).overlay));
`;

export interface LiveReload {
  handler: RouteHandler;
  /** Tells open pages what changed: a list of routes, or '*' for everything. */
  changed(build: string, routes: readonly string[] | '*'): void;
  /** Shows findings or errors on open pages, or clears them (undefined). */
  overlay(overlay: Overlay | undefined): void;
  streams(): number;
  close(): void;
}

/**
 * Open event streams at most: beyond it the oldest is closed (its page reconnects when it is still open).
 * Below the server's connections per client (64), so streams alone never take every connection of this machine.
 */
export const MAX_EVENT_STREAMS = 32;
/** A comment line this often keeps a quiet stream from counting as idle (the server's idle timeout). */
const HEARTBEAT_MS = 10_000;

export interface LiveReloadOptions {
  maxStreams?: number;
}

export function liveReload(state: () => { build: string; session?: string; overlay?: Overlay }, options: LiveReloadOptions = {}): LiveReload {
  const maxStreams = options.maxStreams ?? MAX_EVENT_STREAMS;
  const clients = new Set<ServerResponse>();
  /**
   * Writes to every open page. A page that stopped reading (its buffer still full) gets nothing more: its
   * stream makes no progress, and the server's idle timeout closes it.
   */
  const send = (text: string) => {
    for (const res of clients) if (!res.writableNeedDrain) res.write(text);
  };
  const event = (name: string, data: unknown) => send(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  const heartbeat = setInterval(() => send(':\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const handler: RouteHandler = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === LIVE_SCRIPT_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(CLIENT);
      return true;
    }
    if (path !== EVENTS_PATH) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('GET only\n');
      return true;
    }
    // A HEAD gets the stream's headers and no stream.
    if (req.method === 'HEAD') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }).end();
      return true;
    }
    // Every stream holds a connection: a thousand of them would leave none for the pages themselves.
    if (clients.size >= maxStreams) {
      const oldest = clients.values().next().value as ServerResponse;
      clients.delete(oldest);
      oldest.end();
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    // Reconnect quickly after `site dev` restarts for a code change.
    res.write(`retry: 250\nevent: hello\ndata: ${JSON.stringify(state())}\n\n`);
    clients.add(res);
    req.on('close', () => clients.delete(res));
    return true;
  };
  return {
    handler,
    changed: (build, routes) => event('change', { build, routes }),
    overlay: (overlay) => event('overlay', { overlay: overlay ?? null }),
    /** Open event streams now. */
    streams: () => clients.size,
    close() {
      clearInterval(heartbeat);
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}
