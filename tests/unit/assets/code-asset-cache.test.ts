import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryCache } from '../../../src/cache/build-cache.ts';
import { bundleIslands } from '../../../src/assets/islands.ts';
import { buildStyles } from '../../../src/assets/styles.ts';
import { scaled } from '../../support/time-scale.ts';

/**
 * The code assets' build-cache entries (the island bundle, its inputs list, the stylesheet's class candidates) are
 * read stat-first on every build: an entry that is truncated or not what it should be is no entry, never trusted.
 */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-code-cache-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Overwrites every entry of a kind with `text`; fails when there is none (a test that damages nothing tests nothing). */
async function damage(kind: string, text: string): Promise<void> {
  const entries = await readdir(path.join(dir, kind));
  expect(entries.length).toBeGreaterThan(0);
  await Promise.all(entries.map((entry) => writeFile(path.join(dir, kind, entry), text)));
}

describe('code asset cache entries', () => {
  it(
    'a damaged island bundle or inputs list is bundled again, to the same bundle',
    async () => {
      const cache = directoryCache(dir);
      const cold = await bundleIslands(cache);
      await damage('islands', '{"loader": "/assets/x.js", "files": ');
      expect((await bundleIslands(cache)).loader).toBe(cold.loader);
      await damage('islands', '{"loader": 1}');
      await damage('islands-inputs', '["src/islands/client.ts", 7]');
      const again = await bundleIslands(cache);
      expect(again.loader).toBe(cold.loader);
      expect([...again.files.keys()].sort()).toEqual([...cold.files.keys()].sort());
    },
    scaled(120_000),
  );

  it(
    'damaged class candidates are scanned again, to the same stylesheet',
    async () => {
      const cache = directoryCache(dir);
      const cold = await buildStyles(cache);
      await damage('css-candidates', '["flex", ');
      expect(await buildStyles(cache)).toBe(cold);
      await damage('css-candidates', '{"flex": true}');
      expect(await buildStyles(cache)).toBe(cold);
    },
    scaled(120_000),
  );
});
