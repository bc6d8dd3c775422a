import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/server/server.ts';

let root: string;
let server: RunningServer;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-server-'));
  await writeFile(path.join(root, 'index.html'), '<!DOCTYPE html><p>home</p>');
  await writeFile(path.join(root, '404.html'), '<!DOCTYPE html><h1>404</h1><p>Oops! Page not found</p>');
  server = await startServer({
    root,
    port: 0,
    host: '127.0.0.1',
    handlers: [
      async (req) => {
        if (req.url === '/boom') throw new Error('database <offline> & unreachable');
        if (req.url === '/dollar') throw new Error("price $& or $' stays as written");
        return false;
      },
    ],
  });
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('site serve', () => {
  it('answers an unknown path with 404.html and status 404', async () => {
    const res = await fetch(`${server.url}/no/such/page`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('Oops! Page not found');
  });

  it('answers a failing handler with status 500 and the error screen, message escaped', async () => {
    const res = await fetch(`${server.url}/boom`);
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).toContain('<h1>Unexpected Application Error!</h1>');
    expect(body).toContain('database &#60;offline&#62; &#38; unreachable');
    expect(body).not.toContain('<offline>');
  });

  it("prints a message holding replacement patterns ($&, $') as written", async () => {
    const body = await (await fetch(`${server.url}/dollar`)).text();
    expect(body).toContain('price $&#38; or $&#39; stays as written');
  });

  it('keeps serving after a failure', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('home');
  });
});
