import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isCompressible, type Encoding } from '../output/precompress.ts';
import { headersFor, parseHeadersFile, type HeaderRule } from './headers-file.ts';
import { OnRequestEncoding } from './on-request-encoding.ts';
import { parseRedirectsFile, redirectFor, type RedirectAnswer } from './redirects-file.ts';
import { normaliseRequestPath } from './request-path.ts';
import { plainAnswer } from './security-headers.ts';

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

/** Without a rule from `_headers`: pages revalidate every time (cheap with ETags), so a rebuild shows at once. */
const DEFAULT_CACHE = 'public, max-age=0, must-revalidate';

/**
 * A file opened for one answer: everything served (size, ETag, bytes) comes from this descriptor, so
 * a build that replaces or deletes the file meanwhile changes nothing of this answer; the next
 * request opens the new file.
 */
export interface OpenedFile {
  file: string;
  handle: FileHandle;
  size: number;
  mtimeMs: number;
}

function inside(root: string, target: string): boolean {
  return target === root || target.startsWith(root + path.sep);
}

/**
 * Opens `file` if it is a regular file whose real path (symlinks resolved) lies under `root`, and is
 * the very file that was opened (same device and inode); undefined for anything else, a vanished file
 * included.
 */
async function openInside(root: string, file: string): Promise<OpenedFile | undefined> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    const [info, realRoot, real] = await Promise.all([handle.stat(), realpath(root), realpath(file)]);
    if (!info.isFile() || !inside(realRoot, real)) throw new Error('not a file under the root');
    const checked = await stat(real);
    if (checked.ino !== info.ino || checked.dev !== info.dev) throw new Error('the file changed while it was opened');
    return { file, handle, size: info.size, mtimeMs: info.mtimeMs };
  } catch {
    await handle?.close().catch(() => {});
    return undefined;
  }
}

/** The file a normalised URL path maps to: `/fr` and `/fr/` → fr/index.html; nothing outside root. */
export async function openFile(root: string, normalisedPath: string): Promise<OpenedFile | undefined> {
  const target = path.resolve(root, `.${normalisedPath}`);
  if (!inside(root, target)) return undefined;
  return (await openInside(root, target)) ?? (await openInside(root, path.join(target, 'index.html')));
}

/**
 * The not-found page for a path no file answers, as Cloudflare Pages finds it: the nearest 404.html up the tree
 * from the path's folder (`/fr/alt/seite` → fr/alt/404.html, fr/404.html, 404.html), so each language root can
 * have its own. `urlPath` is its own path, whose `_headers` rules it gets.
 */
async function openNotFound(root: string, normalisedPath: string | undefined): Promise<{ opened: OpenedFile; urlPath: string } | undefined> {
  const segments = (normalisedPath ?? '/').split('/').filter(Boolean);
  // The last segment names the missing page, not a folder; a trailing slash (`/fr/alt/`) named a folder.
  if (!normalisedPath?.endsWith('/')) segments.pop();
  for (let depth = segments.length; depth >= 0; depth--) {
    const urlPath = `/${[...segments.slice(0, depth), '404.html'].join('/')}`;
    const opened = await openInside(root, path.join(root, urlPath));
    if (opened) return { opened, urlPath };
  }
  return undefined;
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

/** `tag` names the encoding's bytes: a page's fast encoding and the smaller one that replaces it are two representations. */
function etagOf(info: OpenedFile, tag?: string): string {
  return `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}${tag ? `-${tag}` : ''}"`;
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
  /** Rules from the build's `_redirects`, re-read when the file changes. */
  redirects(): Promise<ReadonlyMap<string, RedirectAnswer>>;
}

/** A host file of the build parsed once per version of it (size and mtime from the descriptor read). */
function hostFile<T>(root: string, name: string, parse: (text: string) => T, none: T): () => Promise<T> {
  let cached: { key: string; value: T } | undefined;
  return async () => {
    const opened = await openInside(root, path.join(root, name));
    if (!opened) return none;
    try {
      const key = `${opened.size}:${opened.mtimeMs}`;
      if (cached?.key !== key) cached = { key, value: parse(await opened.handle.readFile('utf8')) };
      return cached.value;
    } finally {
      await opened.handle.close();
    }
  };
}

export function staticSite(root: string): StaticSite {
  return {
    root,
    encodings: new OnRequestEncoding(),
    rules: hostFile<HeaderRule[]>(root, '_headers', parseHeadersFile, []),
    redirects: hostFile<ReadonlyMap<string, RedirectAnswer>>(root, '_redirects', parseRedirectsFile, new Map()),
  };
}

/**
 * Sends an opened file (or bytes) as the body and closes every descriptor however the answer ends:
 * finished, the client gone, or a read error. Errors end this response only.
 */
async function sendBody(res: ServerResponse, body: OpenedFile | Uint8Array): Promise<void> {
  if (body instanceof Uint8Array) {
    res.end(body);
    return;
  }
  if (body.size === 0) {
    res.end();
    return;
  }
  // `end` pins the length to the size the headers promised, even if the file grows meanwhile.
  const stream = body.handle.createReadStream({ start: 0, end: body.size - 1, autoClose: true });
  try {
    await pipeline(stream, res);
  } catch {
    // The client went away or the read failed: this answer is over (pipeline destroyed both streams).
    if (!res.destroyed) res.destroy();
  }
}

/**
 * Serves built files: precompressed `.br`/`.gz` when the client accepts them (for files without them,
 * pages, an encoding made on request), ETag/304, the headers of `_headers` (matched on the normalised
 * path), and unknown paths as 404.html with status 404.
 */
export async function serveStatic(site: StaticSite, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    plainAnswer(res, 405, 'Method Not Allowed', { allow: 'GET, HEAD' });
    return;
  }
  const verdict = normaliseRequestPath(req.url ?? '/');
  if (!verdict.ok && verdict.status === 400) {
    plainAnswer(res, 400, `Bad Request: ${verdict.message}`);
    return;
  }
  // A redirect is answered before any file, as Cloudflare Pages does: the fallback page at the old address is for hosts without redirects.
  // The query is carried over only when it is plain printable ASCII: a header value holds nothing else.
  const search = /\?[^#]*/.exec(req.url ?? '')?.[0] ?? '';
  const query = /^\?[\x21-\x7e]*$/.test(search) ? search : '';
  const redirect = verdict.ok ? redirectFor(await site.redirects(), verdict.path, query) : undefined;
  if (verdict.ok && redirect) {
    const headers = headersFor(await site.rules(), verdict.path);
    headers.set('location', redirect.location);
    headers.set('cache-control', redirect.status === 301 || redirect.status === 308 ? 'public, max-age=3600' : 'no-cache');
    headers.set('content-length', '0');
    res.writeHead(redirect.status, Object.fromEntries(headers)).end();
    return;
  }
  const opened: OpenedFile[] = [];
  const keep = (file: OpenedFile | undefined) => (file && opened.push(file), file);
  try {
    const found = verdict.ok ? keep(await openFile(site.root, verdict.path)) : undefined;
    const notFound = found ? undefined : await openNotFound(site.root, verdict.ok ? verdict.path : undefined);
    const chosen = found ?? keep(notFound?.opened);
    if (!chosen) {
      plainAnswer(res, 404, 'Not Found');
      return;
    }
    // The rules see the normalised path; an unknown path gets the rules of the 404 page's own path.
    const headers = headersFor(await site.rules(), found && verdict.ok ? verdict.path : (notFound?.urlPath ?? '/404.html'));
    headers.set('content-type', contentTypeOf(chosen.file));
    headers.set('cache-control', headers.get('cache-control') ?? DEFAULT_CACHE);
    headers.set('x-content-type-options', 'nosniff');
    headers.set('vary', 'Accept-Encoding');

    let body: OpenedFile | Uint8Array = chosen;
    let encoding: Encoding | undefined;
    let tag: string | undefined;
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    for (const candidate of accepted) {
      const variant = keep(await openInside(site.root, `${chosen.file}.${candidate === 'br' ? 'br' : 'gz'}`));
      if (variant) {
        body = variant;
        encoding = tag = candidate;
        break;
      }
    }
    if (!encoding && accepted[0] && isCompressible(chosen.file)) {
      const encoded = await site.encodings.get(chosen, accepted[0], () => chosen.handle.readFile());
      if (encoded.bytes.byteLength < chosen.size) {
        body = encoded.bytes;
        encoding = accepted[0];
        tag = encoded.tag;
      }
    }
    if (encoding) headers.set('content-encoding', encoding);
    const etag = etagOf(chosen, tag);
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
    else await sendBody(res, body);
  } finally {
    // The streamed file's descriptor was closed by its stream; closing again is harmless.
    await Promise.all(opened.map((file) => file.handle.close().catch(() => {})));
  }
}
