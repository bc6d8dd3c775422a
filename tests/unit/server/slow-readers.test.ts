/**
 * Issue #34: clients that request a large file and never read it locked `site serve` out (a stalled
 * answer counted as busy forever). A connection without progress times out, a stalled writer makes room
 * for a new connection, and one client address holds a bounded number of connections.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { statusOf } from '../../../bench/support/hostile-requests.ts';
import type { ServerLimits } from '../../../src/server/limits.ts';
import { startServer, type RunningServer } from '../../../src/server/server.ts';
import { scaled } from '../../support/time-scale.ts';
import { until } from '../../support/until.ts';

const LARGE = 32 * 1024 * 1024;
let root: string;
let server: RunningServer | undefined;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-slow-readers-'));
  await writeFile(path.join(root, 'index.html'), '<!DOCTYPE html><p>home</p>');
  await writeFile(path.join(root, 'large.bin'), Buffer.alloc(LARGE, 0x5a));
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
});

afterAll(() => rm(root, { recursive: true, force: true }));

async function serve(limits: Partial<ServerLimits>): Promise<RunningServer> {
  server = await startServer({ root, port: 0, host: '127.0.0.1', limits });
  return server;
}

/** A client that asks for the large file, takes the first bytes of the answer and then stops reading. */
function stalledDownload(url: string, from = '127.0.0.1'): Promise<net.Socket> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: Number(port), host: '127.0.0.1', localAddress: from });
    sockets.push(socket);
    socket.on('error', () => {});
    socket.once('connect', () => socket.write(`GET /large.bin HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`));
    socket.once('data', () => {
      socket.pause();
      resolve(socket);
    });
    socket.once('close', () => reject(new Error('closed before the answer began')));
  });
}

/** GET / on a fresh connection: its status, or 0 when the connection was refused (closed unanswered). */
const fetchHome = (url: string, from = '127.0.0.1') => statusOf(url, `GET / HTTP/1.1\r\nhost: ${new URL(url).host}\r\nconnection: close`, '', from);

describe('clients that stop reading a download', () => {
  it(
    'are closed once they make no progress for the idle timeout',
    async () => {
      const { url } = await serve({ idleTimeoutMs: 300 });
      await stalledDownload(url);
      expect(await server!.connections()).toBe(1);
      await until(async () => (await server!.connections()) === 0, 10_000, 'the server let go of the stalled connection');
    },
    scaled(30_000),
  );

  it(
    'do not lock the server out: a stalled writer makes room for a new visitor',
    async () => {
      const { url } = await serve({ maxConnections: 20, maxConnectionsPerClient: 1_000, idleTimeoutMs: 600_000 });
      await Promise.all(Array.from({ length: 20 }, () => stalledDownload(url, '127.0.0.2')));
      expect(await server!.connections()).toBe(20);
      // Until the stalled answers fill their buffers they count as busy; then one makes room.
      await until(async () => (await fetchHome(url)) === 200, 10_000, 'a fresh GET / is answered while 20 downloads stall');
      expect(await server!.connections()).toBeLessThanOrEqual(20);
    },
    scaled(60_000),
  );

  it(
    'hold at most maxConnectionsPerClient connections from one address; other addresses are not affected',
    async () => {
      const { url } = await serve({ maxConnections: 1_000, maxConnectionsPerClient: 5, idleTimeoutMs: 600_000 });
      await Promise.all(Array.from({ length: 5 }, () => stalledDownload(url, '127.0.0.3')));
      // More from the same address: refused, or taking the place of a stalled one of that address.
      for (let i = 0; i < 5; i++) await stalledDownload(url, '127.0.0.3').catch(() => undefined);
      expect(await server!.connections()).toBeLessThanOrEqual(5);
      // Another address is not counted against it; the same address gets in once a stalled writer can make room.
      expect(await fetchHome(url, '127.0.0.4')).toBe(200);
      await until(async () => (await fetchHome(url, '127.0.0.3')) === 200, 10_000, 'the address gets a page again');
      expect(await server!.connections()).toBeLessThanOrEqual(5);
    },
    scaled(60_000),
  );
});

/** A kept-alive connection from `from`, and a way to ask it for / and wait for the whole answer. */
async function keptAlive(url: string, from: string): Promise<{ socket: net.Socket; home(): Promise<string> }> {
  const { port } = new URL(url);
  const socket = net.connect({ port: Number(port), host: '127.0.0.1', localAddress: from });
  sockets.push(socket);
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  return {
    socket,
    home() {
      received = '';
      socket.write(`GET / HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.includes('<p>home</p>')) resolve(received);
          else if (socket.destroyed) reject(new Error(`the connection was closed: ${received || 'nothing received'}`));
          else setImmediate(check);
        };
        check();
      });
    },
  };
}

describe('making room among idle connections', () => {
  it(
    'closes the one quiet longest, not the one the client just used and may be sending on',
    async () => {
      const { url } = await serve({ maxConnectionsPerClient: 2, idleTimeoutMs: 600_000 });
      const first = await keptAlive(url, '127.0.0.5');
      const second = await keptAlive(url, '127.0.0.5');
      // Opened first, answered last: the connection the client is likeliest to use next.
      expect(await second.home()).toMatch(/^HTTP\/1\.1 200 /);
      expect(await first.home()).toMatch(/^HTTP\/1\.1 200 /);
      const newcomer = await keptAlive(url, '127.0.0.5');
      expect(await newcomer.home()).toMatch(/^HTTP\/1\.1 200 /);
      await until(async () => second.socket.destroyed, 10_000, 'the connection quiet longest was closed');
      expect(await first.home()).toMatch(/^HTTP\/1\.1 200 /);
    },
    scaled(30_000),
  );
});
