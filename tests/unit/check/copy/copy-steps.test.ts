/**
 * `site dev` reads the copy strings in steps and runs the copy rules on them after: the strings come only with the
 * reading's last step, so no rule (nor the rendered-page rules) can read a part of them.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeSyntheticContent } from '../../../../bench/support/synthetic.ts';
import { copyStringSteps } from '../../../../src/check/copy/index.ts';
import { copyStrings } from '../../../../src/check/copy/copy-strings.ts';
import { checkIgnoreComments } from '../../../../src/check/copy/typography.ts';
import type { Finding } from '../../../../src/check/finding.ts';
import { readInSteps, STEP_FILES } from '../../../../src/check/steps.ts';
import { loadContentWithSources } from '../../../../src/content/load.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

it('gives the strings when its last step has run, with the ignore comments found as in one read', async () => {
  const content = await mkdtemp(path.join(tmpdir(), 'site-copy-steps-'));
  dirs.push(content);
  await writeSyntheticContent(content, 120);
  const pages = (await readdir(path.join(content, 'pages'), { recursive: true })).filter((f) => f.endsWith('.yaml')).sort();
  // An ignore comment that names no rule, in a file of the first step and one of the last.
  for (const file of [pages[0], pages.at(-1)].map((f) => path.join(content, 'pages', f ?? ''))) {
    await writeFile(file, `# site-check-ignore-file\n${await readFile(file, 'utf8')}`);
  }
  const { result, sources } = await loadContentWithSources(content);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  expect(sources.length).toBeGreaterThan(STEP_FILES);

  const findings: Finding[] = [];
  let steps = 0;
  const countSteps = () => Promise.resolve(steps++ < 0);
  const reading = await readInSteps(copyStringSteps(sources), findings, countSteps);
  expect(steps).toBe(Math.ceil(sources.length / STEP_FILES));

  const whole = copyStrings(sources);
  const plain = (list: typeof whole) => list.map((s) => [s.file, s.path, s.value, s.ignore]);
  expect(plain(reading?.read ?? [])).toEqual(plain(whole));
  const inOneRead = checkIgnoreComments(whole);
  expect(inOneRead.map((f) => f.code)).toEqual(['ignore-reason', 'ignore-reason']);
  expect(findings.map((f) => JSON.stringify(f))).toEqual(inOneRead.map((f) => JSON.stringify(f)));
});
