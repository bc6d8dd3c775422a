/**
 * `site dev` shows drafts labelled and noindex (content/publishing.ts); its check judges the pages as it built them,
 * so a draft's noindex (a page the editor just created from a template) is no error.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { noCache } from '../../../src/cache/build-cache.ts';
import { DevBuilder } from '../../../src/dev/dev-build.ts';
import { DevChecker } from '../../../src/dev/dev-check.ts';
import { loadFixture } from '../../support/fixture.ts';

let content: string;
beforeAll(async () => {
  content = (await loadFixture('check/base')).content;
  const file = path.join(content, 'pages/home/de.yaml');
  await writeFile(file, `draft: true\n${await readFile(file, 'utf8')}`);
});
afterAll(() => rm(path.dirname(content), { recursive: true, force: true }));

it('finds no noindex error on a draft page, which site dev renders noindex', async () => {
  const built = await new DevBuilder(content, {}, noCache).rebuild();
  if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
  expect(new TextDecoder().decode(built.files.get('/index.html'))).toMatch(/<meta name="robots" content="noindex/);
  const run = await new DevChecker(content, {}).check(built.files);
  expect(run?.routes).toBeGreaterThan(0);
  expect(run?.findings.filter((f) => f.code === 'noindex').map((f) => f.message)).toEqual([]);
});
