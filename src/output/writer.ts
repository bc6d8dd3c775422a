import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildCache } from '../cache/build-cache.ts';
import { ASSET_EFFORT, compress, gzipSize, isCompressible } from './precompress.ts';

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

  constructor(private readonly outDir: string) {}

  /** Writes an asset and, when it compresses, its encodings; resolves to its gzip size (its own size when not compressible). */
  asset(url: string, data: Uint8Array, cache?: BuildCache): Promise<number> {
    return this.limited(async (target) => {
      if (!isCompressible(url)) {
        await writeFile(target, data);
        return data.byteLength;
      }
      const [encoded] = await Promise.all([compress(data, ASSET_EFFORT, cache), writeFile(target, data)]);
      await Promise.all([encoded.gzip && writeFile(`${target}.gz`, encoded.gzip), encoded.brotli && writeFile(`${target}.br`, encoded.brotli)]);
      return encoded.gzipSize;
    }, url);
  }

  /** Writes a page as it is; resolves to its gzip -9 size, which budgets count. */
  page(url: string, data: Uint8Array): Promise<number> {
    return this.limited(async (target) => (await Promise.all([gzipSize(data), writeFile(target, data)]))[0], url);
  }

  /** Writes a file as it is. */
  file(url: string, data: Uint8Array): Promise<void> {
    return this.limited((target) => writeFile(target, data), url);
  }

  /** Resolves when a write could start at once. */
  async ready(): Promise<void> {
    while (this.active >= CONCURRENCY) await new Promise<void>((resolve) => this.freed.push(resolve));
  }

  private async limited<T>(work: (target: string) => Promise<T>, url: string): Promise<T> {
    await this.slot();
    try {
      const target = path.join(this.outDir, ...url.split('/').filter(Boolean));
      await this.directory(path.dirname(target));
      return await work(target);
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
