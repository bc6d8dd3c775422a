import type { Worker } from 'node:worker_threads';
import { closeWhenDone } from '../process/shutdown.ts';
import { startThread } from './thread-entry.ts';

/**
 * One worker thread per process (output-worker.ts) that writes pages and sizes them (gzip -9), with synchronous fs and
 * zlib calls. Measured on 1,000 synthetic pages, 16 at a time as the writer asks (load 13-19, medians of 5 alternated
 * runs): zlib's asynchronous gzip on the thread pool took 466 CPU ms, 251 of them on the main thread; the worker 310 and
 * 101. A folder and a file per page with fs/promises took 1,265 CPU ms, 645 on the main thread; the worker 903 and 168.
 * The thread pool's hops, streams and promises cost more than the work itself, and they ran on the main thread, which
 * renders. Stored there too, a page costs the main thread no copy, digest or round trips to the thread pool (a cold
 * build of 10,000 pages made 30,000).
 */

/**
 * `[id, data]` sizes `data`; `[id, data, file, ifChanged]` also writes it to `file` (its folder made first, unless the
 * thread made it; with `ifChanged`, not when the file holds these bytes); `[…, entry, head]` then stores the page in
 * the build cache's file `entry` (page-cache.ts pageCacheEntry: `head` around the HTML's digest and gzip size); with
 * `known`, that figure stands for the gzip size and the page is not compressed (page-weight.ts needsHtmlGzip).
 */
export type OutputRequest = [number, ...OutputWork];
type OutputWork = [Uint8Array, string?, boolean?, string?, (readonly [string, string, string])?, number?];
/** `[id, gzip size]`, or `[id, undefined, error]`. */
export type OutputReply = [number, number] | [number, undefined, { message: string; code: string | undefined }];

/** Requests a process serves on the thread pool before it starts the worker: a build of a few pages never pays for one. */
const BEFORE_WORKER = 16;

interface Pending {
  resolve: (size: number) => void;
  reject: (error: Error) => void;
}

/**
 * The worker, started once more than BEFORE_WORKER requests came; until it runs (and should it fail) each method
 * returns undefined and the caller does the work on the thread pool. It lives until `close()`, which the command that
 * started it calls when its work ends (process/shutdown.ts): a process never depends on a thread's ref count to exit.
 */
class OutputThread {
  private asked = 0;
  private worker: Worker | undefined;
  private online = false;
  /** A worker that failed is not started again. */
  private failed = false;
  private next = 0;
  private readonly pending = new Map<number, Pending>();
  /** Resolved when the worker started last comes online (true) or fails first (false). */
  private started: Promise<boolean> = Promise.resolve(false);

  /** gzip -9 size of `data`. */
  gzipSize(data: Uint8Array): Promise<number> | undefined {
    return this.ask([data]);
  }

  /**
   * Writes `data` to `file` (`ifChanged`: unless it holds these bytes) and resolves to its gzip -9 size, or to `known`
   * without compressing; with `entry`, stores the page in the build cache's file `entry.file` too.
   */
  writePage(
    file: string,
    data: Uint8Array,
    ifChanged: boolean,
    entry?: { file: string; head: readonly [string, string, string] },
    known?: number,
  ): Promise<number> | undefined {
    return this.ask([data, file, ifChanged, entry?.file, entry?.head, known]);
  }

  /**
   * Whether the worker serves requests now, once the one started last is up (false: none was started, or it failed):
   * a caller that must know which side did the work waits for this instead of for time to pass.
   */
  whenOnline(): Promise<boolean> {
    return this.worker ? this.started : Promise.resolve(false);
  }

  private ask(message: OutputWork): Promise<number> | undefined {
    if (++this.asked > BEFORE_WORKER && !this.worker && !this.failed) this.start();
    const worker = this.worker;
    if (!worker || !this.online) return undefined;
    const id = this.next++;
    return new Promise<number>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage([id, ...message] satisfies OutputRequest);
    });
  }

  private start(): void {
    // A young generation of 1 MB: the thread's objects are few and small, but each page it is sent is a copy outside its
    // heap that only a collection frees, and with the default size none came for hundreds of pages (a 1,000-page build
    // held 12 MB of dead copies at its 500th page; at 1 MB, at most 5 MB).
    const worker = startThread('output-worker', { resourceLimits: { maxYoungGenerationSizeMb: 1 } });
    closeWhenDone('output thread', () => this.close());
    this.started = new Promise<boolean>((resolve) => {
      worker.once('online', () => resolve((this.online = true)));
      worker.once('error', () => resolve(false));
      worker.once('exit', () => resolve(false));
    });
    worker.on('message', ([id, size, error]: OutputReply) => {
      const pending = this.pending.get(id);
      this.pending.delete(id);
      if (size !== undefined) pending?.resolve(size);
      else pending?.reject(Object.assign(new Error(error?.message ?? 'the output worker failed'), { code: error?.code }));
    });
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.rejectPending(error);
      this.worker = undefined;
      this.online = false;
      this.failed = true;
    };
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the output worker exited (${code})`)));
    this.worker = worker;
  }

  /**
   * Ends the worker, if one was started, and waits until it has exited; the next request starts counting afresh.
   * Work still pending is refused: a caller closes once its writes were awaited (or failed).
   */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.online = false;
    this.failed = false;
    this.asked = 0;
    this.rejectPending(new Error('the output worker was closed'));
    await worker?.terminate();
  }

  private rejectPending(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}

export const outputThread = new OutputThread();
