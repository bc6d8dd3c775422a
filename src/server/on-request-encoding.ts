import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { ASSET_EFFORT, ON_REQUEST_EFFORT, encode, type Effort, type Encoding } from '../output/precompress.ts';

const decode = { br: promisify(brotliDecompress), gzip: promisify(gunzip) };

/** Encoded files kept in memory, at most this many bytes: every page of a large site, compressed. */
const CAPACITY = 64 * 1024 * 1024;

/** One encoding of a file as served: its bytes and a tag naming how it was made, for the ETag (two encodings, two tags). */
export interface EncodedFile {
  bytes: Uint8Array;
  tag: string;
}

const tagOf = (encoding: Encoding, effort: Effort) => (encoding === 'br' ? `br${effort.brotliQuality}` : `gzip${effort.gzipLevel}`);

/**
 * Encodings of files the build does not precompress (pages, SEO files), made on first request and
 * kept while the file is unchanged (keyed by path, size and mtime), as a host's edge cache would.
 * The first request gets a fast encoding (ON_REQUEST_EFFORT, ~2 ms for a page), so nobody waits; then the
 * file is encoded again at the assets' effort (brotli 11: ~90 ms on a quiet machine, and on the home page
 * 12.5 KB against brotli 5's 13.8 KB, which decides whether it fits the first round trip of 14.6 KB) and later
 * requests get that one. That work runs on zlib's thread pool, one file at a time, and only for files that
 * were asked for.
 */
export class OnRequestEncoding {
  private readonly entries = new Map<string, Promise<EncodedFile>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  /** Keys waiting for the best encoding, oldest first; `running` while one is being encoded. */
  private readonly waiting = new Set<string>();
  private running = false;

  /** `read` gives the file's bytes (from the descriptor the answer holds, so a rebuild cannot swap them). */
  get(file: { file: string; size: number; mtimeMs: number }, encoding: Encoding, read: () => Promise<Uint8Array>): Promise<EncodedFile> {
    const key = `${encoding}:${file.size}:${file.mtimeMs}:${file.file}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = read().then(async (data) => ({ bytes: await encode(data, encoding, ON_REQUEST_EFFORT), tag: tagOf(encoding, ON_REQUEST_EFFORT) }));
      this.entries.set(key, entry);
      entry.then(
        (encoded) => {
          this.account(key, encoded.bytes.byteLength);
          this.waiting.add(key);
          this.next();
        },
        () => this.entries.delete(key),
      );
    }
    return entry;
  }

  /** Encodes the oldest waiting file at the best effort from its fast encoding (no file read, no copy kept meanwhile). */
  private next(): void {
    if (this.running) return;
    const key = this.waiting.values().next().value;
    if (key === undefined) return;
    this.waiting.delete(key);
    const fast = this.entries.get(key);
    // Evicted since it was requested: nobody is asking for it now.
    if (!fast) return this.next();
    this.running = true;
    const encoding = key.slice(0, key.indexOf(':')) as Encoding;
    void fast
      .then(async ({ bytes }) => {
        const best = await encode(await decode[encoding](bytes), encoding, ASSET_EFFORT);
        // Only over the entry it was made from, and only when smaller: an evicted entry stays evicted.
        if (this.entries.get(key) !== fast || best.byteLength >= bytes.byteLength) return;
        this.entries.set(key, Promise.resolve({ bytes: best, tag: tagOf(encoding, ASSET_EFFORT) }));
        this.account(key, best.byteLength);
      })
      .catch(() => {})
      .finally(() => {
        this.running = false;
        this.next();
      });
  }

  private account(key: string, size: number): void {
    if (!this.entries.has(key)) return;
    this.bytes += size - (this.sizes.get(key) ?? 0);
    this.sizes.set(key, size);
    // Oldest first: a Map iterates in insertion order.
    for (const [old, oldSize] of this.sizes) {
      if (this.bytes <= CAPACITY) break;
      this.sizes.delete(old);
      this.entries.delete(old);
      this.waiting.delete(old);
      this.bytes -= oldSize;
    }
  }
}
