import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { cacheKey, noCache, type BuildCache } from '../cache/build-cache.ts';

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

/** The size budgets count: gzip -9 bytes. */
export function gzipSize(data: Uint8Array): Promise<number> {
  return sizer.size(data);
}

/**
 * What the gzip worker runs (code in a string: the CLI runs bundled and the tests from source, and a worker file
 * would need a form for each). Synchronous zlib is there ~2.3× cheaper in CPU than zlib's asynchronous calls on the
 * thread pool, whose streams, hops and promises cost more than the compression of a 20 KB page itself (1,000
 * synthetic pages: 207 against 486 CPU ms), and it keeps that work off the main thread, which renders.
 */
const GZIP_WORKER = `
const { parentPort } = require('node:worker_threads');
const { gzipSync } = require('node:zlib');
parentPort.on('message', ([id, data]) => parentPort.postMessage([id, gzipSync(data, { level: 9 }).byteLength]));
`;

/** Pages a process sizes on the thread pool before it starts the worker: a build of a few pages never pays for one. */
const BEFORE_WORKER = 16;

/**
 * gzip -9 sizes, from one worker thread per process once more than BEFORE_WORKER were asked for; until the worker
 * runs (and should it fail), on the thread pool. The worker keeps the process alive only while it has work.
 */
class GzipSizer {
  private asked = 0;
  private worker: Worker | undefined;
  private online = false;
  /** A worker that failed is not started again: the thread pool sizes the rest. */
  private failed = false;
  private next = 0;
  private readonly pending = new Map<number, { resolve: (size: number) => void; reject: (error: Error) => void }>();

  size(data: Uint8Array): Promise<number> {
    if (++this.asked > BEFORE_WORKER && !this.worker && !this.failed) this.start();
    if (!this.worker || !this.online) return gzipAsync(data, { level: 9 }).then((gz) => gz.byteLength);
    const worker = this.worker;
    if (this.pending.size === 0) worker.ref();
    const id = this.next++;
    return new Promise<number>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage([id, data]);
    });
  }

  private start(): void {
    const worker = new Worker(GZIP_WORKER, { eval: true });
    worker.unref();
    worker.once('online', () => (this.online = true));
    worker.on('message', ([id, size]: [number, number]) => {
      this.pending.get(id)?.resolve(size);
      this.pending.delete(id);
      if (this.pending.size === 0) worker.unref();
    });
    const fail = (error: Error) => {
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
      this.worker = undefined;
      this.online = false;
      this.failed = true;
    };
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the gzip worker exited (${code})`)));
    this.worker = worker;
  }
}

const sizer = new GzipSizer();

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
