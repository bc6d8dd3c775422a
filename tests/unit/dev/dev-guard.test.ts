/**
 * Issue #34's second attack on `site dev`: DNS rebinding (a foreign Host with a matching Origin) reached
 * every route and started $EDITOR twenty times; 1,005 event streams locked the server out; bad
 * percent-encodings and `Origin: null` answered 500. Every route now needs a loopback Host, the routes
 * that change something the page's own Origin and the session token, editor launches are rate-limited,
 * event streams capped, and no request gets a 5xx.
 */
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusOf, sweepHostileRequests } from '../../../bench/support/hostile-requests.ts';
import { rawRequest } from '../../../bench/support/raw-http.ts';
import { FUNCTION_PATH } from '../../../supabase/functions/_shared/contact-fields.ts';
import type { RunningDev } from '../../../src/dev/dev-server.ts';
import { loadFixture, PAGE_TYPES_SITE, type FixtureSite } from '../../support/fixture.ts';
import { scaled } from '../../support/time-scale.ts';

let site: FixtureSite;
let dev: RunningDev;
let port: string;
let launches = 0;
const editorBefore = process.env.SITE_EDITOR;

beforeAll(async () => {
  site = await loadFixture(PAGE_TYPES_SITE);
  // `true` ignores its arguments: each launch is counted by the route's answers, and nothing opens.
  process.env.SITE_EDITOR = 'true';
  // A clock that never moves: the launch window never ends during the test, however slow the machine.
  dev = await site.startDev({ open: { now: () => 0 } });
  port = new URL(dev.url).port;
}, scaled(120_000));

afterAll(async () => {
  if (editorBefore === undefined) delete process.env.SITE_EDITOR;
  else process.env.SITE_EDITOR = editorBefore;
  await site?.remove();
});

const contentFile = () => path.join(site.content, 'site.yaml');

function request(method: string, target: string, headers: Record<string, string>, body = '') {
  const all = { connection: 'close', ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers };
  return rawRequest(dev.url, [`${method} ${target} HTTP/1.1`, ...Object.entries(all).map(([k, v]) => `${k}: ${v}`)].join('\r\n'), body);
}

const openBody = () => JSON.stringify({ file: contentFile(), line: 1, column: 1 });

describe('site dev under DNS rebinding', () => {
  const rebound = () => ({ host: `attacker.example:${port}`, origin: `http://attacker.example:${port}` });

  it.each([
    ['GET', '/'],
    ['GET', '/en/'],
    ['GET', '/__site/events'],
    ['GET', '/__site/live.js'],
    ['GET', '/_translations/'],
    ['GET', '/admin'],
    ['GET', '/__site/editor/api/files'],
    ['POST', '/__site/open'],
    ['POST', '/__site/editor/api/save'],
    ['POST', FUNCTION_PATH],
    ['GET', '/__site/leads'],
  ])('%s %s under a foreign Host is refused with 403 and tells nothing', async (method, target) => {
    const answer = await request(method, target, rebound(), method === 'POST' ? openBody() : '');
    expect(answer.status).toBe(403);
    const text = answer.body.toString();
    expect(text).not.toContain(site.content);
    expect(text).not.toContain('<html');
  });

  it('answers the same routes at localhost and 127.0.0.1', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      expect((await request('GET', '/', { host })).status).toBe(200);
      expect(await statusOf(dev.url, `GET /__site/events HTTP/1.1\r\nhost: ${host}`)).toBe(200);
    }
  });
});

describe('POST /__site/open', () => {
  const own = () => ({ host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` });

  it('needs the page’s own Origin and the session token', async () => {
    const token = { 'x-site-editor-token': dev.token };
    expect((await request('POST', '/__site/open', { ...own() }, openBody())).status).toBe(403);
    expect((await request('POST', '/__site/open', { ...own(), 'x-site-editor-token': 'guessed' }, openBody())).status).toBe(403);
    expect((await request('POST', '/__site/open', { ...own(), ...token, origin: 'null' }, openBody())).status).toBe(403);
    expect((await request('POST', '/__site/open', { ...own(), ...token, origin: 'http://evil.example' }, openBody())).status).toBe(403);
    expect((await request('POST', '/__site/open', { host: own().host, ...token }, openBody())).status).toBe(403);
    const opened = await request('POST', '/__site/open', { ...own(), ...token }, openBody());
    expect(opened.status).toBe(200);
    launches += 1;
  });

  it('the session token reaches the dev server’s own pages in the live-reload stream', async () => {
    const { port: p } = new URL(dev.url);
    const hello = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(p), '127.0.0.1', () => socket.write(`GET /__site/events HTTP/1.1\r\nhost: 127.0.0.1:${p}\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('event: hello')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
    });
    expect(hello).toContain(`"session":"${dev.token}"`);
  });

  it('starts the editor at most five times in a window; then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await request('POST', '/__site/open', { ...own(), 'x-site-editor-token': dev.token }, openBody())).status);
    expect(statuses.filter((s) => s === 200).length).toBe(5 - launches);
    expect(statuses.filter((s) => s === 429).length).toBe(15 + launches);
    const limited = await request('POST', '/__site/open', { ...own(), 'x-site-editor-token': dev.token }, openBody());
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('resources and hostile requests', () => {
  it(
    '1,005 event streams leave the pages reachable: streams are capped, the oldest closed',
    async () => {
      const sockets: net.Socket[] = [];
      try {
        for (let i = 0; i < 1_005; i++) {
          await new Promise<void>((resolve) => {
            const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(`GET /__site/events HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`));
            sockets.push(socket);
            socket.once('data', () => resolve());
            socket.once('close', () => resolve());
            socket.on('error', () => {});
          });
        }
        expect(dev.streams()).toBeLessThanOrEqual(32);
        expect(await statusOf(dev.url, `GET / HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: close`)).toBe(200);
      } finally {
        for (const socket of sockets) socket.destroy();
      }
    },
    scaled(120_000),
  );

  it(
    'no hostile target, method or header gets a 5xx from site dev',
    async () => {
      const { sent, findings } = await sweepHostileRequests(dev.url);
      expect(sent).toBeGreaterThan(300);
      expect(findings).toEqual([]);
    },
    scaled(300_000),
  );
});
