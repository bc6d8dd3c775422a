/**
 * Request targets, methods and headers no server of the site may answer with a 5xx (issue #34): each
 * is sent as raw bytes to `site serve`, `site dev` and the contact function's route. The lists are
 * shared by the unit tests and `npm run attack`.
 */
import { FUNCTION_PATH } from '../../supabase/functions/_shared/contact-fields.ts';
import net from 'node:net';

/** The routes the sweep aims at: pages, the function, and `site dev`'s own routes. */
export const SWEPT_PATHS = [
  '/',
  FUNCTION_PATH,
  '/__site/open',
  '/__site/events',
  '/__site/live.js',
  '/__site/leads',
  '/admin',
  '/__site/editor/api/files',
  '/_translations/',
];

/** Targets a parser or a URL constructor may choke on. */
export const HOSTILE_TARGETS = [
  '*',
  'evil.example:443',
  'mailto:x@example.com',
  'http://evil.example',
  'http://[::1',
  '//[',
  '//evil.example:99999/',
  '/\\evil.example/',
  '/%',
  '/%E0%A4%A',
  '/%ZZ',
  '/%C0%AF',
  '/a%00b',
  '/?%ZZ=%',
  '/__site/%ZZ',
  '/_translations/%E0%A4%A',
  `${FUNCTION_PATH}%`,
  `/${'a/'.repeat(2000)}`,
];

/** Methods beyond GET and POST, the Fetch API's forbidden ones included. */
export const HOSTILE_METHODS = ['TRACE', 'TRACK', 'PROPFIND', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD', 'FOO', 'POST'];

/** Header sets sent with a GET and a POST. */
export const HOSTILE_HEADERS: Record<string, string>[] = [
  { origin: 'null' },
  { origin: 'http://[' },
  { origin: '%' },
  { origin: 'javascript:alert(1)' },
  { origin: 'http://localhost:1' },
  { 'content-type': 'application/json', 'content-length': '5', 'x-body': '{"a":' },
  { 'accept-encoding': 'br;q=NaN, gzip;q=-1, *;q=1e999' },
  { 'if-none-match': '*' },
  { range: 'bytes=99999999999999999999-' },
  { 'x-site-form': '<script>', 'x-site-locale': '\u00ff' },
  { authorization: 'Bearer %ZZ' },
  { 'x-site-editor-token': 'x'.repeat(5000) },
  { cookie: '%ZZ=%ZZ' },
];

export interface SweepFinding {
  request: string;
  answer: string;
}

/**
 * One raw request; its status as soon as the answer's head arrived (a stream such as /__site/events
 * never ends), or 0 when the server closed the connection without an answer.
 */
export function statusOf(url: string, head: string, body = '', localAddress?: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: Number(port), host: hostname, ...(localAddress ? { localAddress } : {}) });
    let received = Buffer.alloc(0);
    let done = false;
    const finish = (status: number) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(status);
    };
    socket.setTimeout(60_000, () => {
      done = true;
      socket.destroy();
      reject(new Error(`no answer within 60 s to ${head.split('\r\n')[0]}`));
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.includes('\r\n\r\n')) finish(Number(/^HTTP\/1\.[01] (\d{3})/.exec(received.toString('latin1'))?.[1] ?? 0));
    });
    socket.on('close', () => finish(0));
    socket.on('error', () => finish(0));
    socket.write(`${head}\r\n\r\n`);
    if (body) socket.write(body);
  });
}

/**
 * Sends every hostile target, method and header set; returns each request answered with a 5xx, or
 * not answered at all (a request line the server cannot parse gets its 400 from the HTTP parser).
 */
export async function sweepHostileRequests(url: string): Promise<{ sent: number; findings: SweepFinding[] }> {
  const host = new URL(url).host;
  const requests: { head: string; body: string }[] = [];
  const line = (method: string, target: string, headers: Record<string, string> = {}) => {
    const { 'x-body': body = '', ...rest } = headers;
    const all = { host, connection: 'close', ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...rest };
    requests.push({ head: [`${method} ${target} HTTP/1.1`, ...Object.entries(all).map(([k, v]) => `${k}: ${v}`)].join('\r\n'), body });
  };
  for (const target of HOSTILE_TARGETS)
    for (const method of ['GET', 'POST', 'OPTIONS']) line(method, target, method === 'POST' ? { 'content-length': '0' } : {});
  for (const path of SWEPT_PATHS) {
    for (const method of HOSTILE_METHODS) line(method, path, method === 'POST' || method === 'PUT' || method === 'PATCH' ? { 'content-length': '0' } : {});
    for (const headers of HOSTILE_HEADERS)
      for (const method of ['GET', 'POST']) line(method, path, method === 'POST' && !headers['x-body'] ? { 'content-length': '0', ...headers } : headers);
  }
  const findings: SweepFinding[] = [];
  for (const request of requests) {
    const status = await statusOf(url, request.head, request.body);
    if (status === 0 || status >= 500)
      findings.push({
        request: request.head
          .split('\r\n')
          .filter((l) => !/^(host|connection):/.test(l))
          .join(' | '),
        answer: status ? String(status) : 'no answer',
      });
  }
  return { sent: requests.length, findings };
}
