/** `site build` keeps the pages' element sources beside the output directory, never in what visitors get. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../src/output/build.ts';
import {
  entryText,
  pageSourcesFile,
  previousPageSources,
  readPageSources,
  splitEntries,
  writePageSources,
  type PageSources,
} from '../../../src/output/page-sources.ts';
import { scaled } from '../../support/time-scale.ts';

const fixture = path.resolve(import.meta.dirname, '../../fixtures/check/base');
let dir: string;
let out: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-page-sources-'));
  out = path.join(dir, 'dist');
  const built = await buildSite({ contentDir: fixture, outDir: out });
  if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('\n'));
}, scaled(60_000));

afterAll(() => rm(dir, { recursive: true, force: true }));

/** The file's layout: the JSON of the whole, one page's entry a line. */
function asWritten(pages: PageSources['pages']): string {
  const lines = Object.entries(pages).map(([file, entry]) => `${JSON.stringify(file)}:${JSON.stringify(entry)}`);
  return lines.length ? `{"version":1,"pages":{\n${lines.join(',\n')}\n}}` : '{"version":1,"pages":{}}';
}

describe('page sources', () => {
  it('are written beside the output directory, and nothing of them inside it', async () => {
    expect(pageSourcesFile(out)).toBe(path.join(dir, '.dist.sources.json'));
    expect(await readdir(dir)).toEqual(['.dist.sources.json', 'dist']);
    const files = (await readdir(out, { recursive: true, withFileTypes: true })).filter((f) => f.isFile() && f.name.endsWith('.html'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(await readFile(path.join(file.parentPath, file.name), 'utf8')).not.toContain('data-site-src');
  });

  it('describe the HTML as written, and nothing once a page was changed after the build', async () => {
    const elementsFor = await readPageSources(out);
    const html = await readFile(path.join(out, 'index.html'), 'utf8');
    const elements = elementsFor('index.html', html)!;
    expect(elements.length).toBeGreaterThan(0);
    for (const element of elements) expect(html.slice(element.at, element.at + 3)).toBe('<a ');
    expect(elementsFor('index.html', html.replace('<main', '<p>edited</p><main'))).toBeUndefined();
    expect((await readPageSources(path.join(dir, 'elsewhere')))('index.html', html)).toBeUndefined();
  });

  it('are written from entries kept as objects or as their text alike, as the JSON of the whole', async () => {
    const built = JSON.parse(await readFile(pageSourcesFile(out), 'utf8')) as PageSources;
    const entries = Object.entries(built.pages);
    expect(entries.length).toBeGreaterThan(1);
    const elsewhere = path.join(dir, 'mixed');
    await writePageSources(
      elsewhere,
      entries.map(([file, entry], i) => [file, i % 2 ? entryText(entry) : entry]),
    );
    expect(await readFile(pageSourcesFile(elsewhere), 'utf8')).toBe(asWritten(built.pages));
    await writePageSources(elsewhere, []);
    expect(await readFile(pageSourcesFile(elsewhere), 'utf8')).toBe(JSON.stringify({ version: 1, pages: {} }));
  });

  it('are written from pieces of the last file that follow on there as one piece, with the same bytes as from objects', async () => {
    const previous = [...(await previousPageSources(out))];
    expect(previous.length).toBeGreaterThan(2);
    const elsewhere = path.join(dir, 'pieces');
    type Entries = [string, PageSources['pages'][string] | Buffer][];
    const cases: Record<string, Entries> = {
      'as they were': previous,
      'one replaced in the middle': previous.map(([file, entry], i) => [file, i === 1 ? { hash: 'changed', elements: [] } : entry]),
      'the first two swapped': [previous[1]!, previous[0]!, ...previous.slice(2)],
      'one left out': [previous[0]!, ...previous.slice(2)],
      // What lies between two pieces has the length of the name written between them, not its bytes.
      'one under a name of the same length': previous.map(([file, entry], i) => [i === 1 ? `X${file.slice(1)}` : file, entry]),
    };
    for (const [what, entries] of Object.entries(cases)) {
      await writePageSources(elsewhere, entries);
      const pages = Object.fromEntries(entries.map(([file, entry]) => [file, Buffer.isBuffer(entry) ? JSON.parse(entry.toString('utf8')) : entry]));
      expect(await readFile(pageSourcesFile(elsewhere), 'utf8'), what).toBe(asWritten(pages));
    }
  });

  it('are carried over by the next build as each entry’s text, split from the file unparsed; a file of another layout gives none', async () => {
    const text = await readFile(pageSourcesFile(out), 'utf8');
    const built = JSON.parse(text) as PageSources;
    const previous = await previousPageSources(out);
    expect([...previous.keys()]).toEqual(Object.keys(built.pages));
    for (const [file, entry] of previous) expect(entry.toString('utf8')).toBe(JSON.stringify(built.pages[file]));
    // Strings holding the brackets and quotes the split follows.
    const tricky = {
      'a"}/index.html': { hash: 'x', elements: [{ at: 1, file: 'pages/a/de.yaml', path: ['b}]', '{"c\\'], link: { href: '/"x"}', occurrence: 0 } }] },
      'b/index.html': { hash: 'y', elements: [] },
    };
    const split = splitEntries(Buffer.from(asWritten(tricky)));
    expect(Object.fromEntries([...split].map(([file, entry]) => [file, JSON.parse(entry.toString('utf8'))]))).toEqual(tricky);
    expect(splitEntries(Buffer.from(JSON.stringify({ version: 1, pages: {} })))).toEqual(new Map());
    // Damaged, or the same JSON in another layout (all on one line).
    for (const damaged of [
      text.slice(0, text.length / 2),
      text.slice(0, -1),
      `${text} `,
      text.replace('"version":1', '"version":2'),
      '',
      'garbage',
      JSON.stringify(built),
    ])
      expect(splitEntries(Buffer.from(damaged)).size).toBe(0);
    expect((await previousPageSources(path.join(dir, 'elsewhere'))).size).toBe(0);
  });
});
