import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { isCompressible, type Encoding } from '../output/precompress.ts';
import { headersFor, parseHeadersFile, type HeaderRule } from './headers-file.ts';
import { OnRequestEncoding } from './on-request-encoding.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file)] ?? 'application/octet-stream';
}

/** Files that configure the host and are never served (as on Netlify and Cloudflare Pages). */
const HOST_FILES = new Set(['/_headers', '/_redirects']);
/** Without a rule from `_headers`: pages revalidate every time (cheap with ETags), so a rebuild shows at once. */
const DEFAULT_CACHE = 'public, max-age=0, must-revalidate';

interface FileInfo {
  file: string;
  size: number;
  mtimeMs: number;
}

async function fileInfo(file: string): Promise<FileInfo | undefined> {
  try {
    const s = await stat(file);
    return s.isFile() ? { file, size: s.size, mtimeMs: s.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/** The file a URL path maps to: `/fr` and `/fr/` → fr/index.html; nothing outside root. */
export async function resolveFile(root: string, urlPath: string): Promise<FileInfo | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || HOST_FILES.has(path.posix.normalize(decoded))) return undefined;
  const target = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  if (target !== root && !target.startsWith(root + path.sep)) return undefined;
  return (await fileInfo(target)) ?? (await fileInfo(path.join(target, 'index.html')));
}

/** The encodings a request accepts, best first, of those served (`.br`, `.gz` beside an asset, made on request for pages). */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const q = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(accepts);
}

function etagOf(info: FileInfo, encoding?: string): string {
  return `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
}

function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export interface StaticSite {
  root: string;
  /** Rules from the build's `_headers`, re-read when the file changes (a rebuild while serving). */
  rules(): Promise<HeaderRule[]>;
  /** Encodings of files served without precompressed copies. */
  encodings: OnRequestEncoding;
}

export function staticSite(root: string): StaticSite {
  let cached: { mtimeMs: number; rules: HeaderRule[] } | undefined;
  return {
    root,
    encodings: new OnRequestEncoding(),
    async rules() {
      const info = await fileInfo(path.join(root, '_headers'));
      if (!info) return [];
      if (cached?.mtimeMs !== info.mtimeMs) cached = { mtimeMs: info.mtimeMs, rules: parseHeadersFile(await readFile(info.file, 'utf8')) };
      return cached.rules;
    },
  };
}

/**
 * Serves built files: precompressed `.br`/`.gz` when the client accepts them (for files without them,
 * pages, an encoding made on request), ETag/304, the headers of `_headers`, and unknown paths as
 * 404.html with status 404.
 */
export async function serveStatic(site: StaticSite, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
    return;
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  const found = await resolveFile(site.root, url.pathname);
  const chosen = found ?? (await fileInfo(path.join(site.root, '404.html')));
  if (!chosen) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
    return;
  }
  const headers = headersFor(await site.rules(), url.pathname);
  headers.set('content-type', contentTypeOf(chosen.file));
  headers.set('cache-control', headers.get('cache-control') ?? DEFAULT_CACHE);
  headers.set('x-content-type-options', 'nosniff');
  headers.set('vary', 'Accept-Encoding');

  let body: FileInfo | Uint8Array = chosen;
  let encoding: Encoding | undefined;
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  for (const candidate of accepted) {
    const info = await fileInfo(`${chosen.file}.${candidate === 'br' ? 'br' : 'gz'}`);
    if (info) {
      body = info;
      encoding = candidate;
      break;
    }
  }
  if (!encoding && accepted[0] && isCompressible(chosen.file)) {
    const encoded = await site.encodings.get(chosen, accepted[0]);
    if (encoded.byteLength < chosen.size) {
      body = encoded;
      encoding = accepted[0];
    }
  }
  if (encoding) headers.set('content-encoding', encoding);
  const etag = etagOf(chosen, encoding);
  headers.set('etag', etag);
  const status = found ? 200 : 404;
  if (status === 200 && notModified(req, etag)) {
    headers.delete('content-type');
    headers.delete('content-encoding');
    res.writeHead(304, Object.fromEntries(headers)).end();
    return;
  }
  headers.set('content-length', String(body instanceof Uint8Array ? body.byteLength : body.size));
  res.writeHead(status, Object.fromEntries(headers));
  if (req.method === 'HEAD') res.end();
  else if (body instanceof Uint8Array) res.end(body);
  else createReadStream(body.file).pipe(res);
}
