import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { CUSTOM_TAGS, documentStrings, locateMissing, parseYaml, type ScalarString } from '../../../src/content/yaml-source.ts';

describe('YAML syntax errors', () => {
  it('carry the line and column of the problem', () => {
    const text = 'title: ok\npoints: [Eins, Ziel {{terms.availabilityPercent}} % laut AGB]\n';
    const { errors } = parseYaml('pages/x/de.yaml', text);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error.code).toBe('yaml-syntax');
      expect(error.location).toMatchObject({ file: 'pages/x/de.yaml', line: 2 });
      expect(error.location?.column).toBeGreaterThan(0);
    }
  });

  it('report the first structural error of a file, not the errors that follow from it', () => {
    const text = ['sections:', '  - type: hero', '   title: Eins', '    lead: Zwei', '  - type: cta', '    title: Drei', ''].join('\n');
    const { source, errors } = parseYaml('pages/x/de.yaml', text);
    expect(source).toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'yaml-syntax', location: { file: 'pages/x/de.yaml', line: 3, column: 1 }, found: 'the line "   title: Eins"' });
    expect(errors[0]!.hint).toMatch(/\(\d+ further parser errors? after this line left out/);
  });

  it('name a duplicate key with its document path and the line of the first one', () => {
    const text = ['header:', '  start: Los', '  about: Über uns', '  start: Start', 'footer:', '  note: x', ''].join('\n');
    const { errors } = parseYaml('locales/de.yaml', text);
    expect(errors.map((e) => e.toJSON())).toEqual([
      {
        code: 'yaml-syntax',
        message: "key 'start' appears twice in the same mapping",
        location: { file: 'locales/de.yaml', line: 4, column: 3, path: 'header.start' },
        expected: 'each key once per mapping',
        found: "'start' also on line 2",
        hint: 'remove one of them, or check the indentation: a key indented too little lands in the mapping above',
      },
    ]);
  });

  it('keep duplicate keys before a structural error and drop what comes after it', () => {
    const text = ['a: 1', 'a: 2', 'b: [1, 2', 'c: 3', 'c: 4', ''].join('\n');
    const { errors } = parseYaml('site.yaml', text);
    expect(errors.map((e) => [e.location?.line, e.location?.path, e.message.split(' ')[0]])).toEqual([
      [2, 'a', 'key'],
      [3, undefined, 'a'],
    ]);
  });
});

describe('locateMissing', () => {
  const { source } = parseYaml('locales/en.yaml', ['name: English', 'header:', '  start: Los', 'sections:', '  - type: hero', ''].join('\n'));

  it('points a key missing from a mapping at its parent key, not at the first sibling', () => {
    expect(locateMissing(source!, ['header', 'navLabel'])).toEqual({ file: 'locales/en.yaml', line: 2, column: 1, path: 'header.navLabel' });
  });

  it('points a key missing from a list item at the item', () => {
    expect(locateMissing(source!, ['sections', 0, 'title'])).toEqual({ file: 'locales/en.yaml', line: 5, column: 5, path: 'sections[0].title' });
  });
});

describe('the fast reading (js-yaml) and the located one (yaml) agree', () => {
  const repo = path.resolve(import.meta.dirname, '../../..');
  const files = ['content', 'tests/fixtures'].flatMap((dir) =>
    readdirSync(path.join(repo, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => path.join(dir, f)),
  );

  it.each(files)('%s', (file) => {
    const text = readFileSync(path.join(repo, file), 'utf8');
    const { source } = parseYaml(file, text);
    const located = parseDocument(text, { customTags: CUSTOM_TAGS, uniqueKeys: true });
    if (!source) {
      expect(located.errors.length).toBeGreaterThan(0);
      return;
    }
    expect(source.data).toEqual(located.toJS());
    const strings = (list: readonly ScalarString[]) => list.map(({ path: at, value, tag }) => ({ at, value, tag }));
    expect(strings(source.strings)).toEqual(strings(documentStrings(source)));
  });

  it('keeps the !placeholder tag, and locates a string only when asked', () => {
    const { source } = parseYaml('site.yaml', 'company:\n  street: !placeholder Musterweg 1\n  city: Bayreuth\n');
    expect(source!.strings.map((s) => [s.path.join('.'), s.value, s.tag])).toEqual([
      ['company.street', 'Musterweg 1', '!placeholder'],
      ['company.city', 'Bayreuth', undefined],
    ]);
    expect(source!.strings[1]!.location).toMatchObject({ file: 'site.yaml', line: 3, column: 9, path: 'company.city' });
  });
});

/** Nine levels of nine aliases each: 9^9 strings with every alias expanded, from 10 lines. */
function billionLaughs(): string {
  const names = 'abcdefghi';
  const lines = ['title: Lachen', `${names[0]}: &${names[0]} [lol, lol, lol, lol, lol, lol, lol, lol, lol]`];
  for (let i = 1; i < names.length; i++)
    lines.push(
      `${names[i]}: &${names[i]} [${Array(9)
        .fill(`*${names[i - 1]}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

describe('YAML aliases', () => {
  it('a billion laughs (nine levels of nine aliases) is refused at its first alias, without being expanded', () => {
    const { source, errors } = parseYaml('pages/lachen/de.yaml', billionLaughs());
    expect(source).toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'yaml-alias', location: { file: 'pages/lachen/de.yaml', line: 3, column: 8 }, found: 'the alias *a' });
    expect(errors[0]!.message).toBe('the aliases in this file expand it to 490,329,056 values, more than the 100,000 allowed');
    // Nothing was expanded on the way: the process holds far less than the 1.8 GB it took.
    expect(process.memoryUsage().rss).toBeLessThan(1024 * 1024 * 1024);
  });

  it('an alias inside its own anchor is refused as endless', () => {
    const { errors } = parseYaml('pages/x/de.yaml', 'title: x\nloop: &loop [1, *loop]\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      code: 'yaml-alias',
      location: { file: 'pages/x/de.yaml', line: 2, column: 17 },
      message: 'an alias refers to the anchor it sits in: the file would be endless',
    });
  });

  it('a few aliases within the limit still read as the values they name', () => {
    const { source, errors } = parseYaml('pages/x/de.yaml', 'base: &b { label: Los, href: "#a" }\nother: *b\nnote: "**fett**"\n');
    expect(errors).toEqual([]);
    expect(source!.data).toEqual({ base: { label: 'Los', href: '#a' }, other: { label: 'Los', href: '#a' }, note: '**fett**' });
  });
});
