/**
 * An edit that comes while `site dev`'s check runs its content rules ends that check at the next rule: the rules
 * share the process that serves the pages and rebuilds, and a check of the old content is of no use. At 1,000 pages
 * the rules after the edit held its rebuild for seconds.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { noCache } from '../../../src/cache/build-cache.ts';
import { DevBuilder } from '../../../src/dev/dev-build.ts';
import { DevChecker } from '../../../src/dev/dev-check.ts';
import { loadFixture } from '../../support/fixture.ts';

const rules = vi.hoisted(() => ({ ran: [] as string[], during: () => {} }));
vi.mock('../../../src/check/offer.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/check/offer.ts')>();
  return {
    ...actual,
    checkOfferPages: (...args: Parameters<typeof actual.checkOfferPages>) => {
      rules.ran.push('offer');
      const found = actual.checkOfferPages(...args);
      rules.during();
      return found;
    },
  };
});
vi.mock('../../../src/check/claims.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/check/claims.ts')>();
  return {
    ...actual,
    checkUnregisteredClaims: (...args: Parameters<typeof actual.checkUnregisteredClaims>) => {
      rules.ran.push('claims');
      return actual.checkUnregisteredClaims(...args);
    },
  };
});
vi.mock('../../../src/check/copy/language.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/check/copy/language.ts')>();
  return {
    ...actual,
    languageSteps: (...args: Parameters<typeof actual.languageSteps>) => {
      rules.ran.push('language');
      return actual.languageSteps(...args);
    },
  };
});

let content: string;
beforeAll(async () => {
  content = (await loadFixture('check/base')).content;
});
afterAll(() => rm(path.dirname(content), { recursive: true, force: true }));

it('stops after the rule during which an edit came, and runs every rule when none came', async () => {
  const builder = new DevBuilder(content, {}, noCache);
  const built = await builder.rebuild();
  if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
  const checker = new DevChecker(content, {}, builder.unsavedEdits, builder.memo);

  let edits = 0;
  rules.during = () => edits++;
  const stale = () => edits > 0;
  expect(await checker.check(built.files, stale)).toBeUndefined();
  // The offer rule is a content rule (the fixture's pages are one step of it); the rule after it and the copy rules do not run.
  expect(rules.ran).toEqual(['offer']);

  rules.ran.length = 0;
  rules.during = () => {};
  const run = await checker.check(built.files, () => false);
  expect(rules.ran).toEqual(['offer', 'claims', 'language']);
  expect(run?.routes).toBeGreaterThan(0);
});
