/**
 * The copy rules place a finding (parse its file's YAML document again for the line and column) only when a report
 * reads where it is: `site dev` shows FINDINGS_PER_CODE findings of a code and counts the rest, and on the 10,000
 * synthetic pages the copy rules find thousands of untranslated strings.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSyntheticContent } from '../../../bench/support/synthetic.ts';
import { checkCopy } from '../../../src/check/copy/index.ts';
import { BoundedFindings, countAll, lazyLocation, sortFindings } from '../../../src/check/finding.ts';
import { loadContentWithSources } from '../../../src/content/load.ts';
import { loadGlossary } from '../../../src/content/glossary.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('lazyLocation', () => {
  it('places once, when the line or column is first read, and is then what the placing returned, key for key', () => {
    let calls = 0;
    const location = lazyLocation('pages/a/en.yaml', 'title', () => {
      calls++;
      return { file: 'pages/a/en.yaml', path: 'title', line: 3, column: 8 };
    });
    expect(location.file).toBe('pages/a/en.yaml');
    expect(Object.keys(location)).toEqual(['file', 'path', 'line', 'column']);
    expect(calls).toBe(0);
    expect(location.line).toBe(3);
    expect(location.column).toBe(8);
    expect(calls).toBe(1);
    expect(JSON.stringify(location)).toBe('{"file":"pages/a/en.yaml","path":"title","line":3,"column":8}');
  });

  it('has no line or column when the placing finds none, as the eager location had none', () => {
    const location = lazyLocation('locales/fr.yaml', undefined, () => ({ file: 'locales/fr.yaml', path: undefined }));
    expect(JSON.stringify(location)).toBe('{"file":"locales/fr.yaml"}');
    expect(Object.keys(location)).toEqual(['file', 'path']);
  });
});

it('locates only the copy findings a bounded report shows, and counts all of them', async () => {
  const content = await mkdtemp(path.join(tmpdir(), 'site-copy-locate-'));
  dirs.push(content);
  await writeSyntheticContent(content, 24);
  const { result, sources } = await loadContentWithSources(content);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  const located: string[] = [];
  for (const source of sources) {
    const doc = Object.getOwnPropertyDescriptor(source, 'doc')?.get;
    Object.defineProperty(source, 'doc', {
      get() {
        located.push(source.file);
        return doc?.call(source);
      },
    });
  }
  const { glossary } = await loadGlossary(content);
  const { findings } = checkCopy(sources, result.value, glossary, {});
  const untranslated = findings.filter((f) => f.code === 'copy-untranslated');
  // The synthetic fr/en/es pages repeat German strings: more than a bounded report shows.
  expect(untranslated.length).toBeGreaterThan(6);
  // A file with ignore comments (the synthetic set's English UI strings) is read for them; page files are not.
  const pages = () => [...new Set(located)].filter((file) => file.startsWith('pages/'));
  expect(pages()).toEqual([]);

  const bounded = new BoundedFindings(3);
  bounded.add(findings);
  const shown = sortFindings(bounded.shown);
  for (const f of shown) expect(f.location?.line, `${f.code} ${f.location?.file}`).toBeGreaterThan(0);
  const placed = new Set(shown.map((f) => f.location?.file));
  expect(pages().length).toBeGreaterThan(0);
  expect(pages().filter((file) => !placed.has(file))).toEqual([]);
  expect(shown.filter((f) => f.code === 'copy-untranslated')).toHaveLength(3);
  expect(bounded.omitted().find((o) => o.code === 'copy-untranslated')?.count).toBe(untranslated.length - 3);
  const total = countAll(findings);
  expect(countAll(bounded.shown, bounded.omitted())).toEqual(total);
});
