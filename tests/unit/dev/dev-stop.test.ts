import { afterEach, expect, it, vi } from 'vitest';
import { DevChecker } from '../../../src/dev/dev-check.ts';
import { loadFixture, type FixtureSite } from '../../support/fixture.ts';

let site: FixtureSite | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await site?.remove();
});

/**
 * Stopping `site dev` right after a rebuild: the check of that rebuild (seconds on a loaded machine when many
 * pages are new) is dropped at its next step instead of finishing for nobody. The check is held at its start
 * until close() has begun, so the order is fixed, not left to timing.
 */
it('close() drops a check in progress: it ends stale and reports no findings', async () => {
  site = await loadFixture('check/base');
  let entered!: () => void;
  const inCheck = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const results: unknown[] = [];
  const check = DevChecker.prototype.check;
  vi.spyOn(DevChecker.prototype, 'check').mockImplementation(async function (this: DevChecker, files, stale) {
    entered();
    await gate;
    const run = await check.call(this, files, stale);
    results.push(run);
    return run;
  });
  const findings = vi.fn();
  const dev = await site.startDev({
    report: { rebuilt: () => {}, errors: () => {}, findings, checkError: (error) => void results.push(error), storeError: (error) => void results.push(error) },
  });
  await inCheck;
  const closed = dev.close();
  release();
  await closed;
  expect(results).toEqual([undefined]);
  expect(findings).not.toHaveBeenCalled();
});

it('a check that fails is reported as the check’s failure, not as a contact request lost', async () => {
  site = await loadFixture('check/base');
  const broken = new Error('a rule broke');
  vi.spyOn(DevChecker.prototype, 'check').mockRejectedValue(broken);
  let reported!: (error: unknown) => void;
  const checkFailed = new Promise<unknown>((resolve) => (reported = resolve));
  const storeError = vi.fn();
  await site.startDev({ report: { rebuilt: () => {}, errors: () => {}, checkError: reported, storeError } });
  expect(await checkFailed).toBe(broken);
  expect(storeError).not.toHaveBeenCalled();
});
