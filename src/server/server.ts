import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serveStatic, staticSite } from './static.ts';

/** A route the server answers before static files (e.g. the contact function). Returns false to pass. */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface ServeOptions {
  /** Directory of built files served after the handlers; without it, what no handler answers is a 404. */
  root?: string;
  port: number;
  host: string;
  handlers?: RouteHandler[];
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

const ERROR_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Unexpected Application Error!</title></head><body><h1>Unexpected Application Error!</h1><pre>ERROR</pre></body></html>`;

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const site = options.root ? staticSite(path.resolve(options.root)) : undefined;
  const server = createServer((req, res) => {
    void (async () => {
      for (const handler of options.handlers ?? []) {
        if (await handler(req, res)) return;
      }
      if (site) await serveStatic(site, req, res);
      else res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
    })().catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      const message = error instanceof Error ? error.message : String(error);
      // A replacer function: a message containing `$&` or `$'` must print as written, not as a pattern.
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' }).end(ERROR_PAGE.replace('ERROR', () => escape(message)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
