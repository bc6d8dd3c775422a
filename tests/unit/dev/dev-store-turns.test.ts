import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSyntheticContent } from '../../../bench/support/synthetic.ts';
import { noCache, type BuildCache } from '../../../src/cache/build-cache.ts';
import { PAGE_KIND } from '../../../src/output/page-cache.ts';
import { DevBuilder, inTurns, STORES_AT_ONCE } from '../../../src/dev/dev-build.ts';
import { withSharedCodeAssets } from '../../support/shared-code-assets.ts';
import { scaled } from '../../support/time-scale.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A task the test ends by hand, and whether it has started. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const state = { started: false, open };
  const task = async () => {
    state.started = true;
    await opened;
  };
  return { state, task };
}

describe('inTurns (dev/dev-build.ts)', () => {
  it('starts at most `limit` tasks at once, the next as soon as one ends, in the order given', async () => {
    const run = inTurns(2);
    const gates = [gate(), gate(), gate(), gate()];
    const done = gates.map((g) => run(g.task));
    await Promise.resolve();
    expect(gates.map((g) => g.state.started)).toEqual([true, true, false, false]);
    gates[1]?.state.open();
    await done[1];
    await Promise.resolve();
    expect(gates.map((g) => g.state.started)).toEqual([true, true, true, false]);
    for (const g of gates) g.state.open();
    await Promise.all(done);
    expect(gates.every((g) => g.state.started)).toBe(true);
  });

  it('passes on a task’s result and its failure, and a failure frees its turn', async () => {
    const run = inTurns(1);
    await expect(run(() => Promise.reject(new Error('no space left')))).rejects.toThrow('no space left');
    await expect(run(async () => 42)).resolves.toBe(42);
  });
});

describe('the dev build stores its pages a few at a time', () => {
  it(
    'has at most STORES_AT_ONCE page stores in flight however many pages its first build renders, and stores them all',
    async () => {
      const content = await mkdtemp(path.join(tmpdir(), 'site-dev-store-'));
      dirs.push(content);
      await writeSyntheticContent(content, 24);
      let inFlight = 0;
      let most = 0;
      const stored = new Set<string>();
      const pages: BuildCache = {
        ...noCache,
        write: async (kind, key) => {
          if (kind !== PAGE_KIND) return;
          most = Math.max(most, ++inFlight);
          // A slow disk: the write ends only after the pending compressions have had every chance to finish.
          await new Promise((resolve) => setImmediate(resolve));
          stored.add(key);
          inFlight--;
        },
      };
      const builder = new DevBuilder(content, {}, withSharedCodeAssets(pages));
      const built = await builder.rebuild();
      if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
      await builder.stored();
      expect(stored.size).toBe(24);
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(STORES_AT_ONCE);
    },
    scaled(120_000),
  );

  it(
    'close() lets the stores already running end and drops the ones still waiting, so `site dev` can exit at once',
    async () => {
      const content = await mkdtemp(path.join(tmpdir(), 'site-dev-close-'));
      dirs.push(content);
      await writeSyntheticContent(content, 24);
      let release = () => {};
      const disk = new Promise<void>((resolve) => (release = resolve));
      const stored = new Set<string>();
      const pages: BuildCache = {
        ...noCache,
        write: async (kind, key) => {
          if (kind !== PAGE_KIND) return;
          await disk;
          stored.add(key);
        },
      };
      const builder = new DevBuilder(content, {}, withSharedCodeAssets(pages));
      const built = await builder.rebuild();
      if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
      const closed = builder.close();
      release();
      await closed;
      expect(stored.size).toBeGreaterThan(0);
      expect(stored.size).toBeLessThanOrEqual(STORES_AT_ONCE);
    },
    scaled(120_000),
  );
});
