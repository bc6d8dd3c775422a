import { ON_REQUEST_EFFORT, encode, type Encoding } from '../output/precompress.ts';

/** Encoded files kept in memory, at most this many bytes: every page of a large site, compressed. */
const CAPACITY = 64 * 1024 * 1024;

/**
 * Encodings of files the build does not precompress (pages, SEO files), made on first request and
 * kept while the file is unchanged (keyed by path, size and mtime), as a host's edge cache would.
 */
export class OnRequestEncoding {
  private readonly entries = new Map<string, Promise<Uint8Array>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  /** `read` gives the file's bytes (from the descriptor the answer holds, so a rebuild cannot swap them). */
  get(file: { file: string; size: number; mtimeMs: number }, encoding: Encoding, read: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const key = `${encoding}:${file.size}:${file.mtimeMs}:${file.file}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = read().then((data) => encode(data, encoding, ON_REQUEST_EFFORT));
      this.entries.set(key, entry);
      entry.then(
        (encoded) => this.account(key, encoded.byteLength),
        () => this.entries.delete(key),
      );
    }
    return entry;
  }

  private account(key: string, size: number): void {
    if (!this.entries.has(key)) return;
    this.sizes.set(key, size);
    this.bytes += size;
    // Oldest first: a Map iterates in insertion order.
    for (const [old, oldSize] of this.sizes) {
      if (this.bytes <= CAPACITY) break;
      this.sizes.delete(old);
      this.entries.delete(old);
      this.bytes -= oldSize;
    }
  }
}
