/**
 * `site dev` reads the copy strings in steps and runs the copy rules on them after: the strings come only with the
 * reading's last step, so no rule (nor the rendered-page rules) can read a part of them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeSyntheticContent } from '../../../../bench/support/synthetic.ts';
import { checkCopy, copyRules, copyStringSteps } from '../../../../src/check/copy/index.ts';
import { copyStrings } from '../../../../src/check/copy/copy-strings.ts';
import { allSteps, STEP_FILES } from '../../../../src/check/steps.ts';
import { loadContentWithSources } from '../../../../src/content/load.ts';
import { loadGlossary } from '../../../../src/content/glossary.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

it('gives the strings when its last step has run, and the rules on them find what checkCopy does', async () => {
  const content = await mkdtemp(path.join(tmpdir(), 'site-copy-steps-'));
  dirs.push(content);
  await writeSyntheticContent(content, 120);
  const { result, sources } = await loadContentWithSources(content);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  expect(sources.length).toBeGreaterThan(STEP_FILES);
  const { glossary } = await loadGlossary(content);

  const findings = [];
  const reading = copyStringSteps(sources);
  let step = reading.next();
  let steps = 0;
  for (; !step.done; step = reading.next()) {
    steps++;
    findings.push(...step.value);
  }
  expect(steps).toBe(Math.ceil(sources.length / STEP_FILES));
  const strings = step.value;
  const plain = (list: typeof strings) => list.map((s) => [s.file, s.path, s.value, s.ignore]);
  expect(plain(strings)).toEqual(plain(copyStrings(sources)));
  findings.push(...copyRules(strings, result.value, glossary, {}).flatMap(allSteps));

  const whole = checkCopy(sources, result.value, glossary, {});
  expect(whole.findings.length).toBeGreaterThan(0);
  expect(findings.map((f) => JSON.stringify(f))).toEqual(whole.findings.map((f) => JSON.stringify(f)));
});
