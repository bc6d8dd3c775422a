/** Large build-cache entries as records, one JSON line each: written in pieces, read a line at a time, refused when damaged. */
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryCache, type BuildCache } from '../../../src/cache/build-cache.ts';
import { inChunks, readRecords, recordsOf, writeRecords } from '../../../src/cache/records.ts';

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
    expect(await readRecords(cache, 'memo', 'k')).toEqual({ header: { format: 3, id: 'x', records: 3 }, records: Object.fromEntries(records), lines: new Map(), deferred: new Map() });
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
    await writeFile(await entry(), (await readFile(await entry(), 'utf8')).replace('["b/index.html",[1,2,{"c":null}]]', '["b/index.html", [1, 2, {"c": null}]]'));
    const read = (await readRecords(cache, 'memo', 'k', true))!;
    expect(read.records).toEqual(Object.fromEntries(records));
    expect([...read.lines.keys()]).toEqual(records.map(([name]) => name));
    await writeRecords(cache, 'memo', 'k', { format: 3 }, [read.lines.get('b/index.html')!, ['new', 1]]);
    expect(await readFile(await entry(), 'utf8')).toBe('{"format":3,"records":2}\n["b/index.html", [1, 2, {"c": null}]]\n["new",1]\n');
    expect((await readRecords(cache, 'memo', 'k'))!.lines.size).toBe(0);
  });

  it('hands back a deferred part as its bytes, unparsed, and reads an entry whose part is damaged as none', async () => {
    const sections = JSON.stringify([{ type: 'hero', title: 'Fragen – 17 €', lead: 'eins\tzwei' }]);
    await writeRecords(cache, 'memo', 'k', { format: 3 }, [['pages/a/de.yaml', { title: 'A' }, sections], ['b', 2], ['c', null, Buffer.from('[1]')]]);
    const read = (await readRecords(cache, 'memo', 'k', true))!;
    expect(read.records).toEqual({ 'pages/a/de.yaml': { title: 'A' }, b: 2, c: null });
    expect(Object.fromEntries([...read.deferred].map(([name, part]) => [name, part.toString('utf8')]))).toEqual({ 'pages/a/de.yaml': sections, c: '[1]' });
    // A copied line keeps its deferred part.
    await writeRecords(cache, 'memo', 'k', { format: 3 }, [read.lines.get('pages/a/de.yaml')!]);
    expect((await readRecords(cache, 'memo', 'k'))!.deferred.get('pages/a/de.yaml')!.toString('utf8')).toBe(sections);

    await writeRecords(cache, 'memo', 'k', { format: 3 }, [['pages/a/de.yaml', { title: 'A' }, sections], ['b', 2]]);
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

  it('joins parts into pieces of about a megabyte, the same bytes in the same order', () => {
    const parts = Array.from({ length: 3000 }, (_, i) => (i % 2 ? Buffer.from(`${i}é`.repeat(100)) : `${i}€`.repeat(100)));
    const pieces = [...inChunks(parts)];
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.slice(0, -1).every((p) => p.byteLength >= 1 << 20 && p.byteLength < (1 << 20) + 2000)).toBe(true);
    expect(Buffer.concat(pieces).toString('utf8')).toBe(parts.map(String).join(''));
    expect([...inChunks([])]).toEqual([]);
  });
});
