/**
 * Who a request is from: IPv6 clients counted per /64, forwarding headers believed only with
 * --trust-proxy, and the data directory kept private.
 */
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rateLimitKey } from '../../../supabase/functions/_shared/rate-limit.ts';
import { requestClientAddress } from '../../../src/server/contact-route.ts';
import { securePrivateDir } from '../../../src/server/private-dir.ts';
import { normaliseRequestPath } from '../../../src/server/request-path.ts';

describe('rateLimitKey', () => {
  it.each([
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0:0:0:ffff', '2001:db8:1:2::/64'],
    ['[2001:db8::5]', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['203.0.113.9', '203.0.113.9'],
    ['::1', '0:0:0:0::/64'],
  ])('%s → %s', (address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });

  it('gives every address of one /64 the same key and a neighbouring /64 another', () => {
    const keys = new Set(Array.from({ length: 50 }, (_, i) => rateLimitKey(`2001:db8:aa:bb:${i.toString(16)}::${(i * 7).toString(16)}`)));
    expect(keys).toEqual(new Set(['2001:db8:aa:bb::/64']));
    expect(rateLimitKey('2001:db8:aa:bc::1')).not.toBe(rateLimitKey('2001:db8:aa:bb::1'));
  });
});

describe('requestClientAddress', () => {
  const req = (forwarded?: string) =>
    ({ socket: { remoteAddress: '10.0.0.1' }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as unknown as IncomingMessage;

  it('takes the socket peer unless --trust-proxy is given', () => {
    expect(requestClientAddress(req('198.51.100.7'), false)).toBe('10.0.0.1');
  });

  it('with --trust-proxy, takes the entry the proxy appended (the last), never the client-written first one', () => {
    expect(requestClientAddress(req('6.6.6.6, 198.51.100.7'), true)).toBe('198.51.100.7');
    expect(requestClientAddress(req(), true)).toBe('10.0.0.1');
  });
});

describe('securePrivateDir', () => {
  it('creates a missing directory 0700 and tightens an existing one (folders 0700, files 0600)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'site-private-'));
    try {
      const fresh = path.join(dir, 'fresh');
      expect(await securePrivateDir(fresh)).toEqual({ tightened: 0 });
      expect((await stat(fresh)).mode & 0o777).toBe(0o700);
      const loose = path.join(dir, 'loose');
      await mkdir(path.join(loose, 'base'), { recursive: true });
      await writeFile(path.join(loose, 'base', 'PG_VERSION'), '17');
      await chmod(loose, 0o755);
      await chmod(path.join(loose, 'base'), 0o777);
      await chmod(path.join(loose, 'base', 'PG_VERSION'), 0o666);
      expect(await securePrivateDir(loose)).toEqual({ tightened: 3 });
      expect([
        (await stat(loose)).mode & 0o777,
        (await stat(path.join(loose, 'base'))).mode & 0o777,
        (await stat(path.join(loose, 'base', 'PG_VERSION'))).mode & 0o777,
      ]).toEqual([0o700, 0o700, 0o600]);
      await writeFile(path.join(dir, 'file'), '');
      await expect(securePrivateDir(path.join(dir, 'file'))).rejects.toThrow(/is not a directory; pass --data <dir>/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('normaliseRequestPath', () => {
  it.each([
    ['/', '/'],
    ['/fr?x=1', '/fr'],
    ['/a/./b/../c/', '/a/c/'],
    ['//assets///x.js', '/assets/x.js'],
    ['/%2e%2e/%2e%2e/etc/passwd', '/etc/passwd'],
    ['/assets/../index.html', '/index.html'],
    ['/caf%C3%A9', '/café'],
    ['http://evil.example/fr', '/fr'],
    ['/.well-known/security.txt', '/.well-known/security.txt'],
  ])('%s → %s', (target, normalised) => {
    expect(normaliseRequestPath(target)).toEqual({ ok: true, path: normalised });
  });

  it.each([
    ['/a%2fb', 400],
    ['/a%5Cb', 400],
    ['/a\\b', 400],
    ['/x%00.html', 400],
    ['/%0d%0aSet-Cookie:x', 400],
    ['/%E0%A4%A', 400],
    ['*', 400],
    ['/.env', 404],
    ['/.git/config', 404],
    ['/a/.hidden', 404],
    ['/_headers', 404],
    ['/_headers/', 404],
    ['/x/../_redirects', 404],
  ] as const)('%s → %i', (target, status) => {
    expect(normaliseRequestPath(target)).toMatchObject({ ok: false, status });
  });
});
