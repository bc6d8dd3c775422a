import { Worker } from 'node:worker_threads';

/**
 * One worker thread per process that writes pages and sizes them (gzip -9), with synchronous fs and zlib calls.
 * Measured on 1,000 synthetic pages, 16 at a time as the writer asks (load 13-19, medians of 5 alternated runs):
 * zlib's asynchronous gzip on the thread pool took 466 CPU ms, 251 of them on the main thread; the worker 310 and
 * 101. A folder and a file per page with fs/promises took 1,265 CPU ms, 645 on the main thread; the worker 903 and
 * 168. The thread pool's hops, streams and promises cost more than the work itself, and they ran on the main
 * thread, which renders.
 *
 * The code is a string, not a module of its own: the CLI runs bundled (bin/site.js) and the tests from source, and a
 * worker file would need a form for each. Messages: `[id, data]` → `[id, size]`; `[id, data, file, ifChanged]`
 * also writes `data` to `file` (its folder made first, unless this thread made it; with `ifChanged`, not when the
 * file holds these bytes); `[…, entry, head]` then stores the page in the build cache (page-cache.ts pageCacheEntry):
 * the file `entry`, written `wx` as the cache writes checked entries, is the header line (`head` around the HTML's
 * digest, cacheKey's sha256 of `length:bytes`, and its gzip size) and the HTML. Stored here, a page costs the
 * main thread no copy, digest or round trips to the thread pool (a cold build of 10,000 pages made 30,000).
 */
const OUTPUT_WORKER = `
const { parentPort } = require('node:worker_threads');
const { closeSync, mkdirSync, openSync, readFileSync, writeFileSync, writevSync } = require('node:fs');
const { createHash } = require('node:crypto');
const path = require('node:path');
const { gzipSync } = require('node:zlib');
const sameBytes = (file, data) => {
  try {
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength).equals(readFileSync(file));
  } catch {
    return false;
  }
};
// Folders this thread made: a page's folder is made once, not asked for again for each file in it.
const made = new Set();
const write = (file, data) => {
  const dir = path.dirname(file);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  try {
    writeFileSync(file, data);
  } catch (error) {
    // Removed since this thread made it (the output folder emptied for a cold build).
    if (error.code !== 'ENOENT') throw error;
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, data);
  }
};
const store = (entry, head, data, gzip) => {
  const digest = createHash('sha256').update(data.byteLength + ':').update(data).digest('hex').slice(0, 40);
  let fd;
  try {
    fd = openSync(entry, 'wx');
    writevSync(fd, [Buffer.from(head[0] + digest + head[1] + gzip + head[2]), data]);
  } catch {
    // There already (the same page) or the cache cannot be written: a build is then slower, never wrong.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
};
parentPort.on('message', ([id, data, file, ifChanged, entry, head]) => {
  try {
    if (file !== undefined && !(ifChanged && sameBytes(file, data))) write(file, data);
    const gzip = gzipSync(data, { level: 9 }).byteLength;
    if (entry !== undefined) store(entry, head, data, gzip);
    parentPort.postMessage([id, gzip]);
  } catch (error) {
    parentPort.postMessage([id, undefined, { message: error.message, code: error.code }]);
  }
});
`;

/** Requests a process serves on the thread pool before it starts the worker: a build of a few pages never pays for one. */
const BEFORE_WORKER = 16;

interface Pending {
  resolve: (size: number) => void;
  reject: (error: Error) => void;
}

/**
 * The worker, started once more than BEFORE_WORKER requests came; until it runs (and should it fail) each method
 * returns undefined and the caller does the work on the thread pool. It keeps the process alive only while it has work.
 */
class OutputThread {
  private asked = 0;
  private worker: Worker | undefined;
  private online = false;
  /** A worker that failed is not started again. */
  private failed = false;
  private next = 0;
  private readonly pending = new Map<number, Pending>();

  /** gzip -9 size of `data`. */
  gzipSize(data: Uint8Array): Promise<number> | undefined {
    return this.ask([data]);
  }

  /**
   * Writes `data` to `file` (`ifChanged`: unless it holds these bytes) and resolves to its gzip -9 size; with `entry`,
   * stores the page in the build cache's file `entry.file` too.
   */
  writePage(file: string, data: Uint8Array, ifChanged: boolean, entry?: { file: string; head: readonly [string, string, string] }): Promise<number> | undefined {
    return this.ask(entry ? [data, file, ifChanged, entry.file, entry.head] : [data, file, ifChanged]);
  }

  private ask(message: [Uint8Array, string?, boolean?, string?, (readonly [string, string, string])?]): Promise<number> | undefined {
    if (++this.asked > BEFORE_WORKER && !this.worker && !this.failed) this.start();
    const worker = this.worker;
    if (!worker || !this.online) return undefined;
    if (this.pending.size === 0) worker.ref();
    const id = this.next++;
    return new Promise<number>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage([id, ...message]);
    });
  }

  private start(): void {
    // A young generation of 1 MB: the thread's objects are few and small, but each page it is sent is a copy outside its
    // heap that only a collection frees, and with the default size none came for hundreds of pages (a 1,000-page build
    // held 12 MB of dead copies at its 500th page; at 1 MB, at most 5 MB).
    const worker = new Worker(OUTPUT_WORKER, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 1 } });
    worker.unref();
    worker.once('online', () => (this.online = true));
    worker.on('message', ([id, size, error]: [number, number | undefined, { message: string; code?: string } | undefined]) => {
      const pending = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) worker.unref();
      if (size !== undefined) pending?.resolve(size);
      else pending?.reject(Object.assign(new Error(error?.message ?? 'the output worker failed'), { code: error?.code }));
    });
    const fail = (error: Error) => {
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
      this.worker = undefined;
      this.online = false;
      this.failed = true;
    };
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the output worker exited (${code})`)));
    this.worker = worker;
  }
}

export const outputThread = new OutputThread();
