import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { cacheKey, noCache, type BuildCache } from '../cache/build-cache.ts';
import { outputThread } from './output-thread.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|xml|txt)$/;

export function isCompressible(url: string): boolean {
  return COMPRESSIBLE.test(url);
}

/**
 * How hard to compress. Hashed assets never change under their name, so they get the maximum once at
 * build time (then come from the cache). Pages are not precompressed: they change with every content
 * edit, hosts compress HTML themselves, and `site serve` compresses it on request (ON_REQUEST_EFFORT first).
 */
export interface Effort {
  gzipLevel: number;
  brotliQuality: number;
}

export const ASSET_EFFORT: Effort = { gzipLevel: 9, brotliQuality: 11 };
/**
 * Brotli 5 costs ~2 ms on the home page for 90 % of quality 11's saving: what a page's first request gets from
 * `site serve`, which then encodes it at ASSET_EFFORT in the background for the requests after it.
 */
export const ON_REQUEST_EFFORT: Effort = { gzipLevel: 6, brotliQuality: 5 };

export type Encoding = 'br' | 'gzip';

/** One encoding of a file. */
export async function encode(data: Uint8Array, encoding: Encoding, effort: Effort): Promise<Uint8Array> {
  if (encoding === 'gzip') return gzipAsync(data, { level: effort.gzipLevel });
  return brotliAsync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort.brotliQuality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
    },
  });
}

/** The size budgets count: gzip -9 bytes (on the output thread once a build sizes many pages: output-thread.ts). */
export function gzipSize(data: Uint8Array): Promise<number> {
  return outputThread.gzipSize(data) ?? gzipSizeOnThreadPool(data);
}

/** gzipSize without asking the output thread: for a caller the output thread already turned down (not asked twice). */
export function gzipSizeOnThreadPool(data: Uint8Array): Promise<number> {
  return gzipAsync(data, { level: 9 }).then((gz) => gz.byteLength);
}

/**
 * One encoding of an asset at ASSET_EFFORT, kept in the cache under the file's content hash. A build asks for each
 * script's brotli encoding twice, from `encodeAhead` and from the writer: the second gets the first's, by the bytes'
 * identity (a WeakMap: held no longer than the bytes).
 */
export function assetEncoding(data: Uint8Array, encoding: Encoding, cache: BuildCache = noCache): Promise<Uint8Array> {
  const started = ahead[encoding].get(data);
  if (started) return started;
  const kind = encoding === 'gzip' ? 'gz' : 'br';
  const key = cacheKey(`gz${ASSET_EFFORT.gzipLevel}br${ASSET_EFFORT.brotliQuality}`, data);
  const made = cache.read(kind, key).then(async (cached) => {
    if (cached) return cached;
    const bytes = await encode(data, encoding, ASSET_EFFORT);
    await cache.write(kind, key, bytes);
    return bytes;
  });
  ahead[encoding].set(data, made);
  return made;
}

const ahead = { gzip: new WeakMap<Uint8Array, Promise<Uint8Array>>(), br: new WeakMap<Uint8Array, Promise<Uint8Array>>() };

/**
 * Starts the brotli encoding of the compressible files on the thread pool, for the writer to take when it writes
 * them (assetEncoding). Quality 11 is ~0.3 CPU-s for each of the two largest scripts (React, the backend client): a
 * build with an empty cache started them only once the fonts were subset, and rendered no page until they ended.
 */
export function encodeAhead(files: ReadonlyMap<string, Uint8Array>, cache: BuildCache): void {
  for (const [url, data] of files) if (isCompressible(url)) assetEncoding(data, 'br', cache).catch(() => {});
}
