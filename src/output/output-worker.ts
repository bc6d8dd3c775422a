import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync, writevSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { cacheKey } from '../cache/build-cache.ts';
import type { OutputReply, OutputRequest } from './output-thread.ts';
import { sameBytes } from './same-bytes.ts';

/** The output thread's entry (output-thread.ts): writes pages, sizes them and stores them, with synchronous fs and zlib. */
const port = parentPort!;

/** Whether `file` holds exactly `data` (a file that cannot be read does not). */
function holds(file: string, data: Uint8Array): boolean {
  try {
    return sameBytes(data, readFileSync(file));
  } catch {
    return false;
  }
}

// Folders this thread made: a page's folder is made once, not asked for again for each file in it.
const made = new Set<string>();
function write(file: string, data: Uint8Array): void {
  const dir = path.dirname(file);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  try {
    writeFileSync(file, data);
  } catch (error) {
    // Removed since this thread made it (the output folder emptied for a cold build).
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, data);
  }
}

/** The page's build-cache entry: its header line (page-cache.ts entryHead, around the HTML's digest and gzip size), then the HTML. */
function store(entry: string, head: readonly [string, string, string], data: Uint8Array, gzip: number): void {
  let fd: number | undefined;
  try {
    // `wx`, as the cache writes checked entries: an entry already there is this page.
    fd = openSync(entry, 'wx');
    writevSync(fd, [Buffer.from(`${head[0]}${cacheKey(data)}${head[1]}${gzip}${head[2]}`), data]);
  } catch {
    // There already (the same page) or the cache cannot be written: a build is then slower, never wrong.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

port.on('message', ([id, data, file, ifChanged, entry, head, known]: OutputRequest) => {
  try {
    if (file !== undefined && !(ifChanged && holds(file, data))) write(file, data);
    const gzip = known ?? gzipSync(data, { level: 9 }).byteLength;
    if (entry !== undefined) store(entry, head!, data, gzip);
    port.postMessage([id, gzip] satisfies OutputReply);
  } catch (error) {
    const { message, code } = error as NodeJS.ErrnoException;
    port.postMessage([id, undefined, { message, code }] satisfies OutputReply);
  }
});
