import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildCache } from '../cache/build-cache.ts';
import { compress, isCompressible, type Effort } from './precompress.ts';

/** Files compressed and written at once: enough to keep the zlib threads and the disk busy, bounded in memory. */
const CONCURRENCY = 16;

/** Writes built files under the output directory, each with its `.gz` and `.br` copies. */
export class OutputWriter {
  private readonly dirs = new Map<string, Promise<unknown>>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly outDir: string) {}

  /**
   * Writes `url`'s file (given, or made on demand) and, when compressible, its encodings. Resolves to the size budgets count:
   * gzip bytes for compressible files, the file's own size for the rest.
   */
  async write(url: string, content: Uint8Array | (() => Uint8Array), effort: Effort, cache?: BuildCache): Promise<number> {
    await this.slot();
    try {
      // A function is called only once a slot is free, so thousands of queued pages are not all finalised at once.
      const data = typeof content === 'function' ? content() : content;
      const target = path.join(this.outDir, ...url.split('/').filter(Boolean));
      await this.directory(path.dirname(target));
      if (!isCompressible(url)) {
        await writeFile(target, data);
        return data.byteLength;
      }
      const [encoded] = await Promise.all([compress(data, effort, cache), writeFile(target, data)]);
      await Promise.all([
        encoded.gzip && writeFile(`${target}.gz`, encoded.gzip),
        encoded.brotli && writeFile(`${target}.br`, encoded.brotli),
      ]);
      return encoded.gzipSize;
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
  }
}
