/**
 * Issue #34's second attack on `site serve`: a request target that names a host (`//evil.example/…`,
 * `http://evil.example/…`) must not make that host's Origin "same-origin", and no target, method or
 * header makes the server answer 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepHostileRequests } from '../../../bench/support/hostile-requests.ts';
import { rawRequest } from '../../../bench/support/raw-http.ts';
import { FUNCTION_PATH } from '../../../supabase/functions/_shared/contact-fields.ts';
import { originFormTarget } from '../../../src/server/request-path.ts';
import type { RunningServer } from '../../../src/server/server.ts';
import { contactTestServer, type ContactTestServer } from './support/contact-server.ts';
import { scaled } from '../../support/time-scale.ts';

let running: ContactTestServer;
let server: RunningServer;
let saved: string[];

beforeAll(async () => {
  running = await contactTestServer({
    files: { 'index.html': '<!DOCTYPE html><p>home</p>', '404.html': '<!DOCTYPE html><p>not found</p>' },
    allowedOrigins: ['https://www.example.de'],
  });
  ({ server, saved } = running);
});

afterAll(() => running?.close());

const body = (email: string) => JSON.stringify({ name: 'Erika', email, company: 'Beispiel GmbH', subject: 'Angebot', message: 'Hallo', privacy_consent: true });

function post(target: string, origin: string, email: string, method = 'POST') {
  const bytes = Buffer.from(body(email));
  const host = new URL(server.url).host;
  const head = [
    `${method} ${target} HTTP/1.1`,
    `host: ${host}`,
    'connection: close',
    `origin: ${origin}`,
    'content-type: application/json',
    'x-site-form: business',
    'x-site-locale: de',
    'access-control-request-method: POST',
    `content-length: ${method === 'POST' ? bytes.byteLength : 0}`,
  ].join('\r\n');
  return rawRequest(server.url, head, method === 'POST' ? bytes : '');
}

describe('a request target that names a host', () => {
  it.each([
    `//evil.example${FUNCTION_PATH}`,
    `http://evil.example${FUNCTION_PATH}`,
    `HTTP://evil.example:80${FUNCTION_PATH}`,
    `///evil.example${FUNCTION_PATH}`,
    `/\\evil.example${FUNCTION_PATH}`,
  ])('%s with Origin http://evil.example is neither stored nor granted CORS', async (target) => {
    const email = `authority-${saved.length}-${Date.now()}@example.com`;
    const answer = await post(target, 'http://evil.example', email);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(saved).not.toContain(email);
    const preflight = await post(target, 'http://evil.example', email, 'OPTIONS');
    expect(preflight.status).not.toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the absolute form of the own address still reaches the function, judged by the listening origin only', async () => {
    const own = new URL(server.url);
    const email = `absolute-${Date.now()}@example.com`;
    const answer = await post(`http://evil.example${FUNCTION_PATH}`, server.url, email);
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(own.origin);
    expect(saved).toContain(email);
  });

  it('the configured site origin and the own address pass; every other Origin is 403', async () => {
    expect((await post(FUNCTION_PATH, 'https://www.example.de', `site-${Date.now()}@example.com`)).status).toBe(200);
    expect((await post(FUNCTION_PATH, `http://localhost:${new URL(server.url).port}`, `local-${Date.now()}@example.com`)).status).toBe(200);
    expect((await post(FUNCTION_PATH, 'http://evil.example', `evil-${Date.now()}@example.com`)).status).toBe(403);
  });

  it('originFormTarget keeps paths, drops authorities and refuses the rest', () => {
    expect(originFormTarget('/a/b?x=1')).toEqual({ ok: true, target: '/a/b?x=1' });
    expect(originFormTarget('//evil.example/a')).toEqual({ ok: true, target: '/evil.example/a' });
    expect(originFormTarget('http://evil.example')).toEqual({ ok: true, target: '/' });
    expect(originFormTarget('https://evil.example?q')).toEqual({ ok: true, target: '/?q' });
    for (const bad of ['*', 'evil.example:443', 'mailto:a@b', '/%E0%A4%A', '/%']) expect(originFormTarget(bad)).toMatchObject({ ok: false });
  });
});

describe('hostile targets, methods and headers', () => {
  it(
    'get a 4xx (or a page), never a 5xx, from site serve with the contact function',
    async () => {
      const { sent, findings } = await sweepHostileRequests(server.url);
      expect(sent).toBeGreaterThan(300);
      expect(findings).toEqual([]);
    },
    scaled(120_000),
  );

  it('TRACE on the function is 405 with the allowed methods', async () => {
    const host = new URL(server.url).host;
    const answer = await rawRequest(server.url, [`TRACE ${FUNCTION_PATH} HTTP/1.1`, `host: ${host}`, 'connection: close'].join('\r\n'));
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST, OPTIONS');
  });
});
