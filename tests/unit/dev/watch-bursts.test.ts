/**
 * How site dev groups file events into rebuilds (dev/watch-tree.ts burstCollector), on a fake clock: the rule is about
 * time, so the test owns the time instead of depending on how fast the machine writes files.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { burstCollector } from '../../../src/dev/watch-tree.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function collector() {
  const bursts: string[][] = [];
  return { bursts, add: burstCollector({ settleMs: 8, manySettleMs: 100, onBurst: (files) => bursts.push(files) }).add };
}

it('a single saved file is one burst after the short quiet time', () => {
  const { bursts, add } = collector();
  add('pages/faq/de.yaml', { folder: false });
  vi.advanceTimersByTime(7);
  expect(bursts).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(bursts).toEqual([['pages/faq/de.yaml']]);
});

it('50 files arriving up to 99 ms apart are one burst holding all of them', () => {
  const { bursts, add } = collector();
  for (let i = 0; i < 50; i++) {
    add(`pages/viele-${i}`, { folder: true });
    add(`pages/viele-${i}/de.yaml`, { folder: false });
    vi.advanceTimersByTime(99);
  }
  expect(bursts).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(bursts).toHaveLength(1);
  expect(bursts[0]).toHaveLength(100);
});

it('an event after the quiet time starts a new burst', () => {
  const { bursts, add } = collector();
  add('a.yaml', { folder: false });
  add('b.yaml', { folder: false });
  vi.advanceTimersByTime(100);
  add('c.yaml', { folder: false });
  vi.advanceTimersByTime(8);
  expect(bursts).toEqual([['a.yaml', 'b.yaml'], ['c.yaml']]);
});
