/**
 * The contact function of a real `site serve` process attacked as in issue #17: the spec's body
 * without the site's headers, invalid UTF-8, the honeypot, security headers on every answer, the data
 * directory's file modes, and forged forwarding headers against the rate limit. The attacks live in
 * bench/support/attacks.ts, which `npm run attack` replays against the real site.
 */
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACKS, CONTACT_ATTACKS, type AttackTarget } from '../../../bench/support/attacks.ts';
import { startSiteServe, type SiteServe } from '../../../bench/support/site-serve.ts';
import { scaled } from '../../support/time-scale.ts';

const RATE_LIMIT = 30;
let dir: string;
let server: SiteServe;
let target: AttackTarget;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-contact-attacks-'));
  const root = path.join(dir, 'dist');
  await mkdir(root);
  await writeFile(path.join(root, 'index.html'), '<!DOCTYPE html><title>Start</title>');
  await writeFile(
    path.join(root, '_headers'),
    "/*\n  Content-Security-Policy: default-src 'self'\n  X-Frame-Options: DENY\n  Referrer-Policy: strict-origin-when-cross-origin\n",
  );
  // A data directory left world-readable by an earlier version: fixed at start.
  const dataDir = path.join(dir, 'data');
  await mkdir(dataDir, { mode: 0o755 });
  await chmod(dataDir, 0o755);
  await writeFile(path.join(dataDir, 'old-notes.txt'), 'x', { mode: 0o644 });
  server = await startSiteServe({ outDir: root, dataDir, rateLimit: `${RATE_LIMIT}/60` });
  target = { url: server.url, pid: server.child.pid!, root, dataDir, largeFile: '/index.html', rateLimit: RATE_LIMIT };
}, scaled(120_000));

afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('site serve under attack (contact function)', () => {
  it.each([...CONTACT_ATTACKS.map((a) => a.id), 'forwarded-address'])(
    '%s',
    async (id) => {
      const result = await [...CONTACT_ATTACKS, ...ATTACKS].find((a) => a.id === id)!.run(target);
      expect(result, result.measured).toMatchObject({ held: true });
    },
    60_000,
  );

  it('tightened the world-readable data directory at start (0700), files 0600', async () => {
    expect((await stat(target.dataDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(target.dataDir, 'old-notes.txt'))).mode & 0o777).toBe(0o600);
  });
});
