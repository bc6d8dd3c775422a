/**
 * HTTP as an attacker writes it: bytes on a socket, no client library normalising the path, the Host
 * header or the body on the way. Only ever used against 127.0.0.1.
 */
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The server closed the connection after answering. */
  closed: boolean;
  ms: number;
}

function parse(data: Buffer): Omit<RawAnswer, 'closed' | 'ms'> | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body: data.subarray(end + 4) };
}

/** Sends `head` (request line and headers, without the blank line) and `body`; resolves with the first answer. */
export function rawRequest(url: string, head: string, body: Buffer | string = '', timeoutMs = 5_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      const answer = parse(Buffer.concat(chunks));
      if (!answer) return void (closed ? reject(new Error(`connection closed without an answer to ${head.split('\r\n')[0]}`)) : undefined);
      const length = Number(answer.headers['content-length'] ?? NaN);
      if (!closed && (Number.isNaN(length) || answer.body.byteLength < length) && answer.status !== 304) return;
      done = true;
      socket.destroy();
      resolve({ ...answer, closed: closed || /close/i.test(answer.headers.connection ?? ''), ms: performance.now() - started });
    };
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      if (!done) reject(new Error(`no answer within ${timeoutMs} ms to ${head.split('\r\n')[0]}`));
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', (error) => {
      if (!done && chunks.length === 0) reject(error);
    });
    socket.write(`${head}\r\n\r\n`);
    if (body.length > 0) socket.write(body);
  });
}

/** `GET <target>` with a Host header (or exactly the given headers). */
export function rawGet(url: string, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  const host = new URL(url).host;
  const lines = Object.entries({ host, connection: 'close', ...headers })
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}: ${v}`);
  return rawRequest(url, [`${method} ${target} HTTP/1.1`, ...lines].join('\r\n'));
}
