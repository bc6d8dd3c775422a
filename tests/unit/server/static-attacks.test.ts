/**
 * The static side of `site serve` attacked as in issue #17, against a real `site serve` process
 * limited to 4,096 open files: aborted downloads, the served folder replaced under it (as `site build`
 * does), thousands of stalled sockets, and path variants. Each attack lives in bench/support/attacks.ts,
 * which `npm run attack` replays against the real site.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACKS, prepareAttackRoot, type AttackTarget } from '../../../bench/support/attacks.ts';
import { startSiteServe, type SiteServe } from '../../../bench/support/site-serve.ts';
import { scaled } from '../../support/time-scale.ts';

let dir: string;
let server: SiteServe;
let target: AttackTarget;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-static-attacks-'));
  const built = path.join(dir, 'built');
  await mkdir(path.join(built, 'assets'), { recursive: true });
  await writeFile(path.join(built, 'index.html'), '<!DOCTYPE html><title>Start</title><p>Willkommen</p>');
  await writeFile(path.join(built, '404.html'), '<!DOCTYPE html><h1>404</h1>');
  await writeFile(path.join(built, 'robots.txt'), 'User-agent: *\n');
  await writeFile(path.join(built, 'assets/islands-ABC.js'), 'console.log(1)');
  await writeFile(
    path.join(built, '_headers'),
    "/*\n  Content-Security-Policy: default-src 'self'\n  X-Frame-Options: DENY\n\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n",
  );
  const root = path.join(dir, 'dist');
  const largeFile = await prepareAttackRoot(built, root);
  const dataDir = path.join(dir, 'data');
  server = await startSiteServe({ outDir: root, dataDir, fdLimit: 4096 });
  target = { url: server.url, pid: server.child.pid!, root, dataDir, largeFile, rateLimit: 5 };
}, scaled(120_000));

afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

const attack = (id: string) => ATTACKS.find((a) => a.id === id)!;

describe('site serve under attack (static files)', () => {
  it.each([
    'path-variants',
    'host-header',
    'authority-target',
    'hostile-sweep',
    'oversize-body',
    'aborted-downloads',
    'stalled-sockets',
    'slow-readers',
    'rebuild-while-serving',
  ])(
    '%s',
    async (id) => {
      const result = await attack(id).run(target);
      expect(result.measured && result, result.measured).toMatchObject({ held: true });
      expect(server.child.exitCode, server.stderr()).toBeNull();
    },
    60_000,
  );
});
