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

export interface Compressed {
  /** Encodings worth serving: absent when not smaller than the file. */
  gzip?: Uint8Array;
  brotli?: Uint8Array;
  /** gzip size even when not worth serving: what size budgets count. */
  gzipSize: number;
}

/**
 * gzip and brotli encodings of an asset; each only when it is smaller than the file itself, kept in
 * the cache under the file's content hash.
 */
export async function compress(data: Uint8Array, effort: Effort, cache: BuildCache = noCache): Promise<Compressed> {
  const key = cacheKey(`gz${effort.gzipLevel}br${effort.brotliQuality}`, data);
  const [cachedGzip, cachedBrotli] = await Promise.all([cache.read('gz', key), cache.read('br', key)]);
  const [gz, br] = await Promise.all([cachedGzip ?? encode(data, 'gzip', effort), cachedBrotli ?? encode(data, 'br', effort)]);
  await Promise.all([cachedGzip ? undefined : cache.write('gz', key, gz), cachedBrotli ? undefined : cache.write('br', key, br)]);
  return {
    gzipSize: gz.byteLength,
    ...(gz.byteLength < data.byteLength ? { gzip: gz } : {}),
    ...(br.byteLength < data.byteLength ? { brotli: br } : {}),
  };
}
