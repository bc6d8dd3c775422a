/**
 * The check `site dev` runs after a rebuild reads the content through the dev build's memo: the files the build
 * parsed and validated are not parsed a second time (at 10,000 pages that second load held about a gigabyte while
 * the check ran), and the findings are the same as a check that loads the content itself.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { noCache } from '../../../src/cache/build-cache.ts';
import { DevBuilder } from '../../../src/dev/dev-build.ts';
import { DevChecker } from '../../../src/dev/dev-check.ts';
import { loadFixture } from '../../support/fixture.ts';

const parsed = vi.hoisted(() => [] as string[]);
vi.mock('../../../src/content/yaml-source.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/content/yaml-source.ts')>();
  return {
    ...actual,
    parseYaml: (file: string, text: string) => {
      parsed.push(file);
      return actual.parseYaml(file, text);
    },
  };
});

/** The content files the loader reads (the glossary and check.yaml are read by their own rules). */
const contentFiles = () => parsed.filter((file) => file === 'site.yaml' || file.startsWith('locales/') || file.startsWith('pages/'));

let content: string;
beforeAll(async () => {
  content = (await loadFixture('check/base')).content;
});
afterAll(() => rm(path.dirname(content), { recursive: true, force: true }));

it('parses none of the files the dev build loaded, and finds what a check loading them itself finds', async () => {
  const builder = new DevBuilder(content, {}, noCache);
  const built = await builder.rebuild();
  if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
  expect(contentFiles()).toContain('pages/home/de.yaml');

  parsed.length = 0;
  const run = await new DevChecker(content, {}, builder.unsavedEdits, builder.memo).check(built.files);
  expect(contentFiles()).toEqual([]);

  parsed.length = 0;
  const alone = await new DevChecker(content, {}).check(built.files);
  expect(contentFiles()).toContain('pages/home/de.yaml');
  expect(run?.routes).toBeGreaterThan(0);
  // The fixture has findings of its own (claims, placeholders): the same ones, placed at the same lines.
  expect(run?.findings.length).toBeGreaterThan(0);
  expect(run).toEqual(alone);
});
