/**
 * The content rules read a string's `location` only for a finding: locating parses the file's YAML document a
 * second time (yaml's, with source ranges), and the claim rules read it for every string: `site dev`'s check of
 * 10,000 page files held all their documents at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeSyntheticContent } from '../../../bench/support/synthetic.ts';
import { checkContent } from '../../../src/check/content.ts';
import { loadCheckConfig } from '../../../src/content/check-config.ts';
import { loadContentWithSources } from '../../../src/content/load.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

it('locates nothing in page files that have no finding to place', async () => {
  const content = await mkdtemp(path.join(tmpdir(), 'site-claims-locate-'));
  dirs.push(content);
  // Typical pages: texts, references and figures from the constants, no typed figure or claim.
  await writeSyntheticContent(content, 8);
  const { result, sources, unparsed } = await loadContentWithSources(content);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  const located = new Set<string>();
  for (const source of sources) {
    const doc = Object.getOwnPropertyDescriptor(source, 'doc')?.get;
    Object.defineProperty(source, 'doc', {
      get() {
        located.add(source.file);
        return doc?.call(source);
      },
    });
  }
  const { config, source: configSource } = await loadCheckConfig(content);
  const findings = checkContent(result.value, sources, { config, configSource, unparsed });
  const pages = sources.filter((s) => s.file.startsWith('pages/')).map((s) => s.file);
  expect(pages.length).toBeGreaterThanOrEqual(8);
  // The page files' findings need no document (schema-modeline names line 1).
  const placed = new Set(findings.filter((f) => f.location?.path !== undefined).map((f) => f.location?.file));
  expect([...located].filter((file) => file.startsWith('pages/') && !placed.has(file))).toEqual([]);
});
