/**
 * The dev check judges the build on screen: with the editor's unsaved edits (an unsaved price in site.yaml) it
 * reads the content as the preview shows it, not the files alone, so a check that runs after another file is saved
 * reports no page as contradicting a figure it does not have yet.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { noCache } from '../../../src/cache/build-cache.ts';
import { DevBuilder } from '../../../src/dev/dev-build.ts';
import { DevChecker } from '../../../src/dev/dev-check.ts';
import { loadFixture } from '../../support/fixture.ts';

let content: string;
beforeAll(async () => {
  content = (await loadFixture('check/base')).content;
});
afterAll(() => rm(path.dirname(content), { recursive: true, force: true }));

it('checks the pages against the unsaved figures they were built with', async () => {
  const builder = new DevBuilder(content, {}, noCache);
  const site = await readFile(path.join(content, 'site.yaml'), 'utf8');
  builder.unsavedEdits.set('site.yaml', site.replace('standard: { price: 17,', 'standard: { price: 19.9,'));
  const built = await builder.rebuild();
  if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
  expect(new TextDecoder().decode(built.files.get('/index.html'))).toContain('19,90');
  const run = await new DevChecker(content, {}, builder.unsavedEdits).check(built.files);
  expect(run?.routes).toBeGreaterThan(0);
  expect(run?.findings.filter((f) => f.code === 'claim-figure' || f.code === 'claim-jsonld').map((f) => f.message)).toEqual([]);
  // What the unsaved price does break is told: the savings claim against it.
  expect(run?.findings.map((f) => f.message)).toContain("savings claim 'vsThree' says up to 75 % but the constants give 70.3 %");
  // The files alone still say 17: a check of them (site check, or an editor without unsaved edits) judges those.
  const onDisk = await new DevChecker(content, {}).check(built.files);
  expect(onDisk?.findings.some((f) => f.code === 'claim-figure')).toBe(true);
});
