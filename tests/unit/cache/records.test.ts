/** Large build-cache entries as records, one JSON line each: written in pieces, read a line at a time, refused when damaged. */
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryCache, type BuildCache } from '../../../src/cache/build-cache.ts';
import { inChunks, parseRecord, readRecordLines, readRecords, recordsOf, writeRecords } from '../../../src/cache/records.ts';

let dir: string;
let cache: BuildCache;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-records-'));
  cache = directoryCache(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const records: [string, unknown][] = [
  ['pages/a/de.yaml', { title: 'Fragen – Antworten für 17 €', lines: 'one\ntwo' }],
  ['b/index.html', [1, 2, { c: null }]],
  ['"quoted"\n', 'text'],
];
const entry = async () => path.join(dir, 'memo', (await readdir(path.join(dir, 'memo')))[0]!);

describe('cache records', () => {
  it('reads back the header and every record as written, one line each', async () => {
    await writeRecords(cache, 'memo', 'k', { format: 3, id: 'x' }, records);
    expect(await readRecords(cache, 'memo', 'k')).toEqual({
      header: { format: 3, id: 'x', records: 3 },
      records: Object.fromEntries(records),
      lines: new Map(),
      deferred: new Map(),
    });
    expect((await readFile(await entry(), 'utf8')).split('\n')).toHaveLength(records.length + 2);
    await writeRecords(cache, 'memo', 'k', { format: 3 }, []);
    expect(await readRecords(cache, 'memo', 'k')).toEqual({ header: { format: 3, records: 0 }, records: {}, lines: new Map(), deferred: new Map() });
    expect(await readRecords(cache, 'memo', 'none')).toBeUndefined();
  });

  it('writes records made one at a time as they are written (recordsOf) as it writes an array of them', async () => {
    await writeRecords(cache, 'memo', 'k', { format: 3 }, records);
    const asArray = await readFile(await entry());
    const made: string[] = [];
    const lazy = recordsOf(records, (record) => (made.push(record[0]), record));
    expect(made).toEqual([]);
    await writeRecords(cache, 'memo', 'k', { format: 3 }, lazy);
    expect(made).toEqual(records.map((r) => r[0]));
    expect(await readFile(await entry())).toEqual(asArray);
  });

  it('reads a truncated, lengthened or garbled entry as none', async () => {
    await writeRecords(cache, 'memo', 'k', { format: 3 }, records);
    const text = await readFile(await entry(), 'utf8');
    const damaged = [
      text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1), // a whole record lost
      text.slice(0, -1), // the last line cut
      `${text}["extra",1]\n`,
      text.replace('"records":3', '"records":"3"'),
      text.replace('["b/index.html"', '{"b/index.html"'),
      '{"format":3,"records":0}', // no line break after the header
      'garbage\n',
    ];
    for (const bytes of damaged) {
      await writeFile(await entry(), bytes);
      expect(await readRecords(cache, 'memo', 'k')).toBeUndefined();
    }
    await writeRecords(cache, 'memo', 'k', { format: 3 }, records);
    await truncate(await entry(), 20);
    expect(await readRecords(cache, 'memo', 'k')).toBeUndefined();
  });

  it('copies a record kept as its line instead of serialising it again', async () => {
    await writeRecords(cache, 'memo', 'k', { format: 3 }, records);
    // Spaces JSON.stringify would not write: a copied line keeps them.
    await writeFile(
      await entry(),
      (await readFile(await entry(), 'utf8')).replace('["b/index.html",[1,2,{"c":null}]]', '["b/index.html", [1, 2, {"c": null}]]'),
    );
    const read = (await readRecords(cache, 'memo', 'k', { keepLines: true }))!;
    expect(read.records).toEqual(Object.fromEntries(records));
    expect([...read.lines.keys()]).toEqual(records.map(([name]) => name));
    await writeRecords(cache, 'memo', 'k', { format: 3 }, [read.lines.get('b/index.html')!, ['new', 1]]);
    expect(await readFile(await entry(), 'utf8')).toBe('{"format":3,"records":2}\n["b/index.html", [1, 2, {"c": null}]]\n["new",1]\n');
    expect((await readRecords(cache, 'memo', 'k'))!.lines.size).toBe(0);
  });

  it('hands back a deferred part as its bytes, unparsed, and reads an entry whose part is damaged as none', async () => {
    const sections = JSON.stringify([{ type: 'hero', title: 'Fragen – 17 €', lead: 'eins\tzwei' }]);
    await writeRecords(cache, 'memo', 'k', { format: 3 }, [
      ['pages/a/de.yaml', { title: 'A' }, sections],
      ['b', 2],
      ['c', null, Buffer.from('[1]')],
    ]);
    const read = (await readRecords(cache, 'memo', 'k', { keepLines: true }))!;
    expect(read.records).toEqual({ 'pages/a/de.yaml': { title: 'A' }, b: 2, c: null });
    expect(Object.fromEntries([...read.deferred].map(([name, part]) => [name, part.toString('utf8')]))).toEqual({ 'pages/a/de.yaml': sections, c: '[1]' });
    // A copied line keeps its deferred part.
    await writeRecords(cache, 'memo', 'k', { format: 3 }, [read.lines.get('pages/a/de.yaml')!]);
    expect((await readRecords(cache, 'memo', 'k'))!.deferred.get('pages/a/de.yaml')!.toString('utf8')).toBe(sections);

    await writeRecords(cache, 'memo', 'k', { format: 3 }, [
      ['pages/a/de.yaml', { title: 'A' }, sections],
      ['b', 2],
    ]);
    const text = await readFile(await entry(), 'utf8');
    const damaged = [
      text.replace('Fragen', 'Fragen!'), // the part lengthened
      text.replace('hero', 'herx'), // the part altered, still JSON
      text.replace(/,\d+\]\t/, ']\t'), // no checksum before the part
      text.replace('["b",2]', '["b",2]\t[]'), // a part where the record has none
    ];
    for (const bytes of damaged) {
      expect(bytes).not.toBe(text);
      await writeFile(await entry(), bytes);
      expect(await readRecords(cache, 'memo', 'k')).toBeUndefined();
    }
  });

  it('hands back each record as its line, unparsed, and parses one record damaged within its line as none, the others as written', async () => {
    const sections = JSON.stringify([{ type: 'hero', title: 'Fragen – 17 €' }]);
    const written: [string, unknown, string?][] = [
      ['pages/über/de.yaml', { title: 'Ü' }, sections],
      ...records,
      ['pages/faq/de.yaml', { title: 'F' }, sections],
      ['last', 3],
    ];
    await writeRecords(
      cache,
      'memo',
      'k',
      { format: 3 },
      written.map((r) => (r[2] === undefined ? [r[0], r[1]] : r) as [string, unknown]),
    );
    const text = await readFile(await entry(), 'utf8');
    const read = (await readRecordLines(cache, 'memo', 'k'))!;
    expect(read.header).toEqual({ format: 3, records: written.length });
    // Names read from the line's start, the one with a quote and a line break (escaped) by parsing the line.
    expect([...read.lines.keys()]).toEqual(written.map(([name]) => name));
    expect([...read.lines.values()].map((line) => line.toString('utf8')).join('')).toBe(text.slice(text.indexOf('\n') + 1));
    for (const [name, value, part] of written)
      expect(parseRecord(read.lines.get(name)!)).toEqual({ name, value, ...(part !== undefined && { deferred: Buffer.from(part) }) });

    const line = (name: string) => text.split('\n').find((l) => l.startsWith(`[${JSON.stringify(name)},`))!;
    const faq = line('pages/faq/de.yaml');
    const damaged = [
      ['b/index.html', '["b/index.html",[1,2,{"c":nul}]]'], // not JSON
      ['b/index.html', '["b/index.html",[1,2],3]'], // a checksum and no part
      ['pages/faq/de.yaml', faq.replace('Fragen', 'Fragen!')], // the part lengthened
      ['pages/faq/de.yaml', faq.replace('hero', 'herx')], // the part altered, still JSON
      ['pages/faq/de.yaml', faq.replace(/,\d+\]\t/, ']\t')], // no checksum before the part
    ] as const;
    for (const [name, bad] of damaged) {
      expect(bad).not.toBe(line(name));
      await writeFile(await entry(), text.replace(line(name), bad));
      const lines = (await readRecordLines(cache, 'memo', 'k'))!;
      expect([...lines.lines.keys()]).toEqual(written.map(([n]) => n));
      expect(parseRecord(lines.lines.get(name)!)).toBeUndefined();
      for (const [other, value] of written) if (other !== name) expect(parseRecord(lines.lines.get(other)!)?.value).toEqual(value);
      // Read whole, one damaged record fails the entry.
      expect(await readRecords(cache, 'memo', 'k')).toBeUndefined();
    }
    // What is cheap to check still fails the whole entry: a lost record, a cut line, a line that names no record.
    for (const bytes of [text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1), text.slice(0, -1), text.replace('["last"', '{"last"')]) {
      await writeFile(await entry(), bytes);
      expect(await readRecordLines(cache, 'memo', 'k')).toBeUndefined();
    }
  });

  it('joins parts into pieces of about a megabyte, the same bytes in the same order', () => {
    const parts = Array.from({ length: 3000 }, (_, i) => (i % 2 ? Buffer.from(`${i}é`.repeat(100)) : `${i}€`.repeat(100)));
    const pieces = [...inChunks(parts)];
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.slice(0, -1).every((p) => p.byteLength >= 1 << 20 && p.byteLength < (1 << 20) + 2000)).toBe(true);
    expect(Buffer.concat(pieces).toString('utf8')).toBe(parts.map(String).join(''));
    expect([...inChunks([])]).toEqual([]);
  });
});
