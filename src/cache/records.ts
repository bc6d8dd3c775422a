import { crc32 } from 'node:zlib';
import type { BuildCache } from './build-cache.ts';

/**
 * Large build-cache entries (the content memo, the output manifest: megabytes at 10,000 pages) as records, one JSON
 * line each, after a header line that counts them. Written in pieces, so no build holds the whole entry as one
 * string (a cold build's memory peaked there); read a line at a time, so none is decoded as one string either (text
 * with one character beyond Latin-1 is two bytes a character in V8: a 20 MB memo was a 40 MB string). JSON never
 * holds a raw line break, so a line is a record.
 *
 * A record may carry a deferred part: JSON text after a tab on its line (JSON.stringify never writes a raw tab), handed
 * back as bytes, not parsed, so a build parses only what it asks for (the content memo's page sections: two thirds of
 * its 20 MB at 10,000 pages, of which a one-page build renders one). The record holds the part's CRC-32, checked when
 * the record is parsed, so a damaged part fails its record, not later when the part is parsed. A reader may also take
 * the lines unparsed (readRecordLines) and parse only the records it needs (parseRecord): a damaged record then fails
 * only itself, where readRecords, which parses every record, fails the whole entry.
 */

/** Bytes handed to the file system at once: each write is a round trip to the thread pool, so not one per record. */
const CHUNK = 1 << 20;

/** `parts` joined into pieces of about CHUNK bytes. */
export function* inChunks(parts: Iterable<string | Uint8Array>): Generator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    pending.push(bytes);
    size += bytes.byteLength;
    if (size < CHUNK) continue;
    yield Buffer.concat(pending, size);
    pending = [];
    size = 0;
  }
  if (size) yield Buffer.concat(pending, size);
}

const NEWLINE = 10;
const TAB = 9;

/** A record to write: name and value, with a deferred part (JSON text) or without; or a line as readRecords gave it. */
export type WrittenRecord = readonly [name: string, value: unknown] | readonly [name: string, value: unknown, deferred: string | Uint8Array] | Buffer;

/**
 * Records to write and how many there are (the header counts them first): an array, or records made one at a time as they
 * are written (recordsOf), so an entry's records and their JSON are never all held at once.
 */
export type WrittenRecords = Iterable<WrittenRecord> & { readonly length: number };

/** `make` of each of `items`, made as the records are written. */
export function recordsOf<T>(items: readonly T[], make: (item: T) => WrittenRecord): WrittenRecords {
  return {
    length: items.length,
    *[Symbol.iterator]() {
      for (const item of items) yield make(item);
    },
  };
}

/**
 * Writes `header` (with the count of records added) and one line per record: `[name, value]`, `[name, value, crc]`
 * and its deferred part after a tab, or a line as readRecords gave it (`lines`: a record that did not change is
 * copied, not serialised again).
 */
export function writeRecords(cache: BuildCache, kind: string, key: string, header: Record<string, unknown>, records: WrittenRecords): Promise<void> {
  function* lines(): Generator<string | Uint8Array> {
    yield `${JSON.stringify({ ...header, records: records.length })}\n`;
    for (const record of records) {
      if (Buffer.isBuffer(record)) yield record;
      else if (record.length === 2) yield `${JSON.stringify(record)}\n`;
      else {
        const deferred = typeof record[2] === 'string' ? Buffer.from(record[2], 'utf8') : record[2];
        yield `${JSON.stringify([record[0], record[1], crc32(deferred)])}\t`;
        yield deferred;
        yield '\n';
      }
    }
  }
  return cache.write(kind, key, inChunks(lines()));
}

/** What readRecordLines gives back of an entry: its header and each record's line (line break included), unparsed. */
export interface RecordLines {
  header: Record<string, unknown>;
  lines: Map<string, Buffer>;
}

const OPEN_BRACKET = 91;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;

/**
 * The header and each record's line of an entry, without parsing the records: an entry whose reader needs a few of
 * thousands (the content memo of a build that loads a few page files) parses those only (parseRecord). Undefined when
 * there is none or what is cheap to check is wrong: the header, a line not ended by a line break, a line whose name
 * cannot be read, fewer or more records than the header counts (a truncated entry, another format). A record damaged
 * within its line shows only when it is parsed. Lines hold on to the whole entry's bytes.
 */
export async function readRecordLines(cache: BuildCache, kind: string, key: string): Promise<RecordLines | undefined> {
  const data = await cache.read(kind, key);
  if (!data) return undefined;
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let end = bytes.indexOf(NEWLINE);
  let header: unknown;
  try {
    header = JSON.parse(bytes.toString('utf8', 0, end < 0 ? bytes.byteLength : end));
  } catch {
    return undefined;
  }
  if (end < 0 || typeof header !== 'object' || header === null || typeof (header as { records?: unknown }).records !== 'number') return undefined;
  const lines = new Map<string, Buffer>();
  let count = 0;
  for (let start = end + 1; start < bytes.byteLength; start = end + 1) {
    end = bytes.indexOf(NEWLINE, start);
    if (end < 0) return undefined;
    const line = bytes.subarray(start, end + 1);
    const name = recordName(line);
    if (name === undefined) return undefined;
    lines.set(name, line);
    count++;
  }
  return count === (header as { records: number }).records ? { header: header as Record<string, unknown>, lines } : undefined;
}

/**
 * A record line's name, read without parsing the record: the line starts with `["name",`, and JSON.stringify writes a
 * name without a quote, backslash or control character as its bytes (content paths; the output's file names). A name
 * with an escape is read by parsing the line; undefined when the line is no record.
 */
function recordName(line: Buffer): string | undefined {
  const close = line[0] === OPEN_BRACKET && line[1] === QUOTE ? line.indexOf(QUOTE, 2) : -1;
  if (close > 0 && line[close + 1] === COMMA) {
    const name = line.subarray(2, close);
    if (!name.includes(BACKSLASH)) return name.toString('utf8');
  }
  return parseRecord(line)?.name;
}

/** A record as parseRecord gives it back: its name, value and deferred part (JSON text, unparsed). */
export interface ParsedRecord {
  name: string;
  value: unknown;
  deferred?: Buffer;
}

/**
 * A record's line (as readRecordLines gave it) parsed, or undefined when it is damaged: not JSON, not `[name, value]`
 * or `[name, value, crc]` with its deferred part after a tab, or a deferred part whose CRC-32 differs.
 */
export function parseRecord(line: Buffer): ParsedRecord | undefined {
  const end = line[line.byteLength - 1] === NEWLINE ? line.byteLength - 1 : line.byteLength;
  const tab = line.indexOf(TAB);
  let record: unknown;
  try {
    record = JSON.parse(line.toString('utf8', 0, tab < 0 ? end : tab));
  } catch {
    return undefined;
  }
  if (!Array.isArray(record) || record.length !== (tab < 0 ? 2 : 3) || typeof record[0] !== 'string') return undefined;
  if (tab < 0) return { name: record[0], value: record[1] };
  const deferred = line.subarray(tab + 1, end);
  return record[2] === crc32(deferred) ? { name: record[0], value: record[1], deferred } : undefined;
}

/** What readRecords gives back of an entry. */
export interface ReadRecords {
  header: Record<string, unknown>;
  records: Record<string, unknown>;
  /** Each record's line (line break included), when asked for (`keepLines`). */
  lines: Map<string, Buffer>;
  /** The deferred part of each record that has one: JSON text, unparsed. */
  deferred: Map<string, Buffer>;
}

/**
 * The header and records of an entry, every record parsed, or undefined when there is none or it is damaged
 * (readRecordLines), or any record is (parseRecord). `keepLines`: each record's line too, for writeRecords to copy.
 * Lines and deferred parts hold on to the whole entry's bytes.
 */
export async function readRecords(cache: BuildCache, kind: string, key: string, options: { keepLines?: boolean } = {}): Promise<ReadRecords | undefined> {
  const read = await readRecordLines(cache, kind, key);
  if (!read) return undefined;
  const records: [string, unknown][] = [];
  const deferred = new Map<string, Buffer>();
  for (const line of read.lines.values()) {
    const record = parseRecord(line);
    if (!record) return undefined;
    records.push([record.name, record.value]);
    if (record.deferred) deferred.set(record.name, record.deferred);
  }
  return { header: read.header, records: Object.fromEntries(records), lines: options.keepLines ? read.lines : new Map(), deferred };
}
