/**
 * `site dev` runs the content and copy rules between turns of its server, and a rule that read every file in one step
 * held an edit for seconds at 2,000 pages. The long rules now read a part of the files (or strings) a step: `site check`
 * must find the same, in the same order, however the parts are cut, and the dev check must stop between the parts.
 * Here, not in tests/unit/check: the mocks below need a fresh process (the stage tests share their modules).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkSources, checkSourcesUnless } from '../../../src/check/run.ts';
import type { ContentEnv } from '../../../src/content/load.ts';
import { STEP_FILES, STEP_STRINGS } from '../../../src/check/steps.ts';
import { writeSyntheticContent } from '../../../bench/support/synthetic.ts';
import { scaled } from '../../support/time-scale.ts';
import { patchedContent } from '../check/fixture.ts';

const cut = vi.hoisted(() => ({ size: undefined as number | undefined, offerParts: [] as number[], typographyParts: [] as number[] }));
vi.mock('../../../src/check/steps.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/check/steps.ts')>();
  return {
    ...actual,
    chunked: <T>(items: readonly T[], check: Parameters<typeof actual.chunked<T>>[1], size?: number) => actual.chunked(items, check, cut.size ?? size),
  };
});
vi.mock('../../../src/check/offer.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/check/offer.ts')>();
  return {
    ...actual,
    checkOfferPages: (...args: Parameters<typeof actual.checkOfferPages>) => (cut.offerParts.push(args[1].length), actual.checkOfferPages(...args)),
  };
});
vi.mock('../../../src/check/copy/typography.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/check/copy/typography.ts')>();
  return {
    ...actual,
    checkContentTypography: (...args: Parameters<typeof actual.checkContentTypography>) => (
      cut.typographyParts.push(args[0].length),
      actual.checkContentTypography(...args)
    ),
  };
});

/** The findings as `site check` reports them, placed (their lazy lines read), in order. */
async function findingsCut(contentDir: string, size: number, options: { strict?: boolean; env?: ContentEnv } = {}): Promise<string[]> {
  cut.size = size;
  try {
    const { findings } = await checkSources({ contentDir, ...options });
    return findings.map((f) => JSON.stringify(f));
  } finally {
    cut.size = undefined;
  }
}

/** Fixtures whose content breaks the rules that now run in parts (each rule's code is asserted below). */
const FIXTURES = [
  'anchor-duplicate',
  'schema-modeline',
  'copy-rules',
  'offer-included-and-extra',
  'offer-plan-claim',
  'offer-badge-page',
  'offer-labels',
  'claim-text',
  'figure-literal',
  'claim-unregistered',
];

describe('the same findings in the same order however the rules are cut', () => {
  const codes = new Set<string>();
  it.each(FIXTURES)(
    '%s: one file or string a step finds what one step a rule does',
    async (rule) => {
      const { site, strict, env } = await patchedContent(rule);
      try {
        const whole = await findingsCut(site.content, Infinity, { strict, env });
        cut.typographyParts.length = 0;
        expect(await findingsCut(site.content, 1, { strict, env })).toEqual(whole);
        // The cut reached the rules: one string a step.
        expect(new Set(cut.typographyParts)).toEqual(new Set([1]));
        expect(await findingsCut(site.content, 3, { strict, env })).toEqual(whole);
        for (const f of whole) codes.add((JSON.parse(f) as { code: string }).code);
      } finally {
        await site.remove();
      }
    },
    scaled(60_000),
  );

  it('the fixtures have findings of every rule that runs in parts', () => {
    for (const code of [
      'anchor-duplicate',
      'schema-modeline',
      'claim-text',
      'figure-literal',
      'offer-included-and-extra',
      'offer-plan-claim',
      'offer-badge',
      'offer-labels',
      'claim-unregistered',
      'ignore-reason',
      'glossary-term',
      'typo-quotes',
      'copy-untranslated',
      'copy-legal-form',
    ])
      expect(codes).toContain(code);
  });
});

describe('the dev check stops between the parts of a rule', () => {
  let dir: string;
  const PAGES = 3 * STEP_FILES;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'check-steps-'));
    await writeSyntheticContent(dir, PAGES);
  }, scaled(60_000));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(
    'reads every file and string in parts when nothing stops it',
    async () => {
      cut.offerParts.length = 0;
      cut.typographyParts.length = 0;
      const checked = await checkSources({ contentDir: dir });
      const files = checked.sources.length;
      expect(files).toBeGreaterThan(PAGES);
      expect(cut.offerParts).toEqual([...Array(Math.ceil(files / STEP_FILES)).keys()].map((i) => Math.min(STEP_FILES, files - i * STEP_FILES)));
      expect(checked.copyStrings.length).toBeGreaterThan(2 * STEP_STRINGS);
      expect(Math.max(...cut.typographyParts)).toBe(STEP_STRINGS);
      expect(cut.typographyParts.reduce((a, b) => a + b, 0)).toBe(checked.copyStrings.length);
    },
    scaled(60_000),
  );

  it.each([
    ['offer', cut.offerParts, STEP_FILES],
    ['typography', cut.typographyParts, STEP_STRINGS],
  ] as const)(
    'ends after the first part of the %s rule when the stop after it says so',
    async (_rule, parts, size) => {
      cut.offerParts.length = 0;
      cut.typographyParts.length = 0;
      let stops = 0;
      const checked = await checkSourcesUnless({ contentDir: dir }, async () => (stops++, parts.length > 0));
      expect(checked).toBeUndefined();
      // The synthetic pages hold more than three parts of files and of strings (the test above).
      expect(parts).toEqual([size]);
      expect(stops).toBeGreaterThan(1);
    },
    scaled(60_000),
  );
});
