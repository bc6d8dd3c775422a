import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { locate, parseYaml } from '../../../src/content/yaml-source.ts';

/** A full garbage collection: the flag exposes `gc` in contexts made after it is set. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

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

  it('hold the yaml document that located them weakly, and make it again when it is needed after it went', async () => {
    const { source } = parseYaml('pages/home/de.yaml', text);
    if (!source) throw new Error('the text parses');
    expect(source.strings[0]?.location.line).toBe(1);
    const made = new WeakRef(source.doc);
    // A WeakRef's target stays until the job that reached it ends.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    // `site dev` keeps every file's source in its memo for the session: a document held by it stayed with it.
    expect(made.deref()).toBeUndefined();
    expect(locate(source, ['sections', 0, 'lead'])).toMatchObject({ file: 'pages/home/de.yaml', line: 4 });
    expect(source.strings.map((s) => s.location.line)).toEqual([1, 3, 4]);
  });
});
