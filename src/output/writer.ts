import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildCache } from '../cache/build-cache.ts';
import { outputThread } from './output-thread.ts';
import { assetEncoding, gzipSizeOnThreadPool, isCompressible } from './precompress.ts';
import { sameBytes } from './same-bytes.ts';

/** A page's entry in the build cache (page-cache.ts pageCacheEntry), stored as the page is written. */
export interface PageCacheEntry {
  /** The entry's file, when the cache keeps entries as files: the output thread writes it (output-thread.ts). */
  file?: string;
  /** Its header line, around the HTML's digest and gzip size. */
  head: readonly [string, string, string];
  /** Stores it through the build cache, where the output thread does not. */
  store(htmlGzip: number): Promise<void>;
}

/** Files written at once: enough to keep the zlib threads and the disk busy, few enough to bound memory. */
const CONCURRENCY = 16;

/**
 * Writes built files under the output directory. Assets get `.gz` and `.br` copies; pages are written
 * as they are (see precompress.ts). Writes beyond CONCURRENCY wait; `ready()` lets a producer wait
 * before making the next file, so a build holds a bounded number of pages in memory.
 */
export class OutputWriter {
  private readonly dirs = new Map<string, Promise<unknown>>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private freed: (() => void)[] = [];
  private readonly encoding: Promise<unknown>[] = [];

  /**
   * `intoEarlierBuild`: the folder holds the last build's output, so a page or file that holds the same bytes already is
   * left as it is (its stamp, which the next build compares, stays); else every file is written.
   */
  constructor(
    private readonly outDir: string,
    private readonly options: { intoEarlierBuild?: boolean } = {},
  ) {}

  /**
   * Writes an asset and, when it compresses, its encodings; resolves to its gzip size (its own size when not
   * compressible) once the file and its `.gz` are written. Its `.br` (brotli 11, slow) is written after that, outside
   * the write slots: the build renders meanwhile and awaits `encoded()` at its end. Into a folder that already holds a
   * build, files that hold the same bytes are left as they are; `written` gets each file's output-relative path.
   */
  asset(url: string, data: Uint8Array, cache?: BuildCache, written?: Set<string>): Promise<number> {
    const put = (target: string, bytes: Uint8Array, suffix = '') => {
      written?.add(`${url.slice(1)}${suffix}`);
      return written ? writeIfChanged(target, bytes) : writeFile(target, bytes).then(() => true);
    };
    return this.limited(async (target) => {
      await this.directory(path.dirname(target));
      if (!isCompressible(url)) {
        await put(target, data);
        return data.byteLength;
      }
      // Each encoding only when it is smaller than the file itself.
      const brotli = assetEncoding(data, 'br', cache).then((br) => br.byteLength < data.byteLength && put(`${target}.br`, br, '.br'));
      // A build that fails before its end does not await it: its failure is reported by encoded(), never unhandled.
      brotli.catch(() => {});
      this.encoding.push(brotli);
      const [gzip] = await Promise.all([assetEncoding(data, 'gzip', cache), put(target, data)]);
      if (gzip.byteLength < data.byteLength) await put(`${target}.gz`, gzip, '.gz');
      return gzip.byteLength;
    }, url);
  }

  /** Resolves when every asset's `.br` is written (see asset()). */
  async encoded(): Promise<void> {
    await Promise.all(this.encoding);
  }

  /**
   * Writes a page as it is (into an earlier build: unless the file holds these bytes already); resolves to its gzip -9
   * size, which budgets count, or to `known` without compressing it (page-weight.ts needsHtmlGzip). `entry` stores it in the build cache too: the output thread writes a file entry beside the page,
   * else `entry.store` runs in the same write slot with that size, so the pages held in memory stay bounded however
   * slow that is.
   */
  page(url: string, data: Uint8Array, entry?: PageCacheEntry, known?: number): Promise<number> {
    const ifChanged = this.options.intoEarlierBuild === true;
    return this.limited(async (target) => {
      const file = entry?.file;
      const threaded = outputThread.writePage(target, data, ifChanged, file === undefined || !entry ? undefined : { file, head: entry.head }, known);
      const gzip = (await threaded) ?? (await this.writeHere(target, data, ifChanged, known));
      if (entry && !(threaded && file !== undefined)) await entry.store(gzip);
      return gzip;
    }, url);
  }

  /** Writes a file as it is (into an earlier build: unless it holds these bytes already). */
  file(url: string, data: Uint8Array): Promise<void> {
    const ifChanged = this.options.intoEarlierBuild === true;
    return this.limited(async (target) => {
      await this.directory(path.dirname(target));
      await (ifChanged ? writeIfChanged(target, data) : writeFile(target, data));
    }, url);
  }

  /** A page written and sized on the thread pool, as before the output thread runs (output-thread.ts). */
  private async writeHere(target: string, data: Uint8Array, ifChanged: boolean, known: number | undefined): Promise<number> {
    await this.directory(path.dirname(target));
    const [gzip] = await Promise.all([known ?? gzipSizeOnThreadPool(data), ifChanged ? writeIfChanged(target, data) : writeFile(target, data)]);
    return gzip;
  }

  /**
   * Resolves when a write could start at once. Through the event loop first: writes end (and the output thread answers)
   * there, and a producer whose every await resolves at once never reaches it. A cold build rendered all its pages before
   * the first was written: 240 MB of them held at 10,000 pages, and no writing while it rendered.
   */
  async ready(): Promise<void> {
    await new Promise(setImmediate);
    while (this.active >= CONCURRENCY) await new Promise<void>((resolve) => this.freed.push(resolve));
  }

  private async limited<T>(work: (target: string) => Promise<T>, url: string): Promise<T> {
    await this.slot();
    try {
      return await work(path.join(this.outDir, ...url.split('/').filter(Boolean)));
    } finally {
      this.release();
    }
  }

  private directory(dir: string): Promise<unknown> {
    let made = this.dirs.get(dir);
    if (!made) {
      made = mkdir(dir, { recursive: true });
      this.dirs.set(dir, made);
    }
    return made;
  }

  private async slot(): Promise<void> {
    if (this.active < CONCURRENCY) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
    const freed = this.freed;
    this.freed = [];
    for (const resolve of freed) resolve();
  }
}

/** Writes a file unless it already holds exactly these bytes (its mtime then stays: deploy tools sync only what changed). */
export async function writeIfChanged(target: string, data: Uint8Array): Promise<boolean> {
  if (sameBytes(data, await readFile(target).catch(() => undefined))) return false;
  await writeFile(target, data);
  return true;
}
