import type { BuildCache } from './build-cache.ts';

/**
 * Large build-cache entries (the content memo, the output manifest: megabytes at 10,000 pages) as records, one JSON
 * line each, after a header line that counts them. Written in pieces, so no build holds the whole entry as one
 * string (a cold build's memory peaked there); read a line at a time, so none is decoded as one string either (text
 * with one character beyond Latin-1 is two bytes a character in V8: a 20 MB memo was a 40 MB string). JSON never
 * holds a raw line break, so a line is a record.
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

/**
 * Writes `header` (with the count of records added) and one line per record: `[name, value]`, or a line as
 * readRecords gave it (`lines`: a record that did not change is copied, not serialised again).
 */
export function writeRecords(cache: BuildCache, kind: string, key: string, header: Record<string, unknown>, records: readonly (readonly [string, unknown] | Buffer)[]): Promise<void> {
  function* lines(): Generator<string | Buffer> {
    yield `${JSON.stringify({ ...header, records: records.length })}\n`;
    for (const record of records) yield Buffer.isBuffer(record) ? record : `${JSON.stringify(record)}\n`;
  }
  return cache.write(kind, key, inChunks(lines()));
}

/**
 * The header and records of an entry, or undefined when there is none or it is damaged: a line that is no record,
 * fewer or more records than the header counts (a truncated entry, another format). `keepLines`: each record's line
 * too (line break included), for writeRecords to copy; they hold on to the whole entry's bytes.
 */
export async function readRecords(cache: BuildCache, kind: string, key: string, keepLines = false): Promise<{ header: Record<string, unknown>; records: Record<string, unknown>; lines: Map<string, Buffer> } | undefined> {
  const data = await cache.read(kind, key);
  if (!data) return undefined;
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  try {
    let end = bytes.indexOf(NEWLINE);
    const header = JSON.parse(bytes.toString('utf8', 0, end < 0 ? bytes.byteLength : end)) as Record<string, unknown>;
    if (end < 0 || typeof header !== 'object' || header === null || typeof header.records !== 'number') return undefined;
    const records: [string, unknown][] = [];
    const lines = new Map<string, Buffer>();
    for (let start = end + 1; start < bytes.byteLength; start = end + 1) {
      end = bytes.indexOf(NEWLINE, start);
      if (end < 0) return undefined;
      const record = JSON.parse(bytes.toString('utf8', start, end)) as unknown;
      if (!Array.isArray(record) || record.length !== 2 || typeof record[0] !== 'string') return undefined;
      records.push(record as [string, unknown]);
      if (keepLines) lines.set(record[0], bytes.subarray(start, end + 1));
    }
    return records.length === header.records ? { header, records: Object.fromEntries(records), lines } : undefined;
  } catch {
    return undefined;
  }
}
