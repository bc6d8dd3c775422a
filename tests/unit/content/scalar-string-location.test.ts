import { describe, expect, it } from 'vitest';
import { locate, parseYaml, RECENT_DOCUMENTS } from '../../../src/content/yaml-source.ts';

describe("a parsed file's scalar strings (content/yaml-source.ts)", () => {
  const text = 'title: Hallo\nsections:\n  - type: hero\n    lead: !verbatim "Schneller – sicher"\n';

  it('share one location getter (the dev build keeps every page file’s strings: no closure each)', () => {
    const { source } = parseYaml('pages/home/de.yaml', text);
    const getters = new Set((source?.strings ?? []).map((s) => Object.getOwnPropertyDescriptor(s, 'location')?.get));
    expect(source?.strings.length).toBe(3);
    expect(getters.size).toBe(1);
    expect([...getters][0]).toBeTypeOf('function');
  });

  it('locate each string where it is written, and a spread copy carries its location', () => {
    const { source } = parseYaml('pages/home/de.yaml', text);
    const lead = source?.strings.find((s) => s.value === 'Schneller – sicher');
    expect(lead?.tag).toBe('!verbatim');
    expect(lead?.location).toMatchObject({ file: 'pages/home/de.yaml', line: 4 });
    const copy = { ...lead };
    expect(copy.location).toEqual(lead?.location);
    expect(source?.strings.map((s) => s.location.line)).toEqual([1, 3, 4]);
  });

  it('do not keep the yaml document that located them: it goes after RECENT_DOCUMENTS other files were located', () => {
    const { source } = parseYaml('pages/home/de.yaml', text);
    if (!source) throw new Error('the text parses');
    expect(source.strings[0]?.location.line).toBe(1);
    const made = source.doc;
    // Rules that locate several values of one file in a row find its document again.
    expect(source.doc).toBe(made);
    for (let i = 0; i < RECENT_DOCUMENTS; i++) {
      const other = parseYaml(`pages/p${i}/de.yaml`, text).source;
      expect(other && locate(other, ['title']).line).toBe(1);
    }
    // `site dev` keeps every file's source in its memo for the session: a document the source held stayed with it.
    expect(source.doc).not.toBe(made);
    expect(locate(source, ['sections', 0, 'lead'])).toMatchObject({ file: 'pages/home/de.yaml', line: 4 });
    expect(source.strings.map((s) => s.location.line)).toEqual([1, 3, 4]);
  });
});
