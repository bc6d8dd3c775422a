import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileStamp, isRacy } from './stamps.ts';

/**
 * Results of build steps. A step's result is stored under a key that hashes every input of the step, so it never
 * needs invalidating. The page cache's records (content memo, output manifest, the last build's record) are keyed by
 * folder instead and replaced by each build (replaceEarlier): a reader checks them (their shape, digests, the stamps
 * they name) before trusting them. Deleting the directory only makes the next build slower.
 */
export interface BuildCache {
  read(kind: string, key: string): Promise<Uint8Array | undefined>;
  /**
   * `checked`: the entry carries its own length and digest, so its reader refuses a torn one: it is written in place
   * (no temporary file and rename), and not at all when an entry is already there (same key, same content; a reader
   * that refuses an entry removes it). An iterable is written piece by piece (records.ts: no one string of a large entry).
   */
  write(kind: string, key: string, data: string | Uint8Array | Iterable<Uint8Array>, options?: { checked?: boolean }): Promise<void>;
  /** Drops an entry no build will ask for again (a page's superseded HTML); optional: a cache may keep everything. */
  remove?(kind: string, key: string): Promise<void>;
  /**
   * Where a `checked` entry is kept as a file (its folder made), for a writer that writes it itself as `write` would
   * (`wx`: not over an entry already there): the output thread stores each page beside writing it. Optional.
   */
  entryFile?(kind: string, key: string): Promise<string>;
  /** The keys of the entries of `kind` (none when there are none): one listing instead of a lookup per key. Optional. */
  keys?(kind: string): Promise<string[]>;
}

export const noCache: BuildCache = {
  read: async () => undefined,
  write: async () => {},
};

/** A cache in a directory; failures to write are ignored (the build just stays uncached). */
export function directoryCache(dir: string): BuildCache {
  const file = (kind: string, key: string) => path.join(dir, kind, key);
  const made = new Map<string, Promise<unknown>>();
  const folder = (kind: string) => {
    let done = made.get(kind);
    if (!done) made.set(kind, (done = mkdir(path.join(dir, kind), { recursive: true })));
    return done;
  };
  return {
    async read(kind, key) {
      try {
        return await readFile(file(kind, key));
      } catch {
        return undefined;
      }
    },
    async write(kind, key, data, options) {
      const target = file(kind, key);
      if (options?.checked) {
        // One open (O_EXCL) instead of a file, a rename and a folder check per entry: pages are thousands of entries.
        await folder(kind)
          .then(() => writeFile(target, data, { flag: 'wx' }))
          .catch(() => {});
        return;
      }
      // Write then rename: a build killed mid-write must not leave a truncated entry under a valid key.
      const temp = `${target}.${process.pid}.tmp`;
      try {
        await folder(kind);
        await writeFile(temp, data);
        await rename(temp, target);
      } catch {
        // A read-only or full disk makes builds slower, never wrong.
      }
    },
    async remove(kind, key) {
      await rm(file(kind, key), { force: true }).catch(() => {});
    },
    async entryFile(kind, key) {
      await folder(kind).catch(() => {});
      return file(kind, key);
    },
    keys: (kind) => readdir(path.join(dir, kind)).catch(() => []),
  };
}

/**
 * Where builds keep their cache: `SITE_CACHE_DIR`, else `node_modules/.cache/site` of the nearest
 * project above `cwd` (the convention Babel, ESLint and others follow), else nothing.
 * `SITE_CACHE_DIR=off` disables it.
 */
export function defaultBuildCache(cwd: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): BuildCache {
  const configured = env.SITE_CACHE_DIR;
  if (configured === 'off') return noCache;
  if (configured) return directoryCache(path.resolve(cwd, configured));
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'node_modules'))) return directoryCache(path.join(dir, 'node_modules', '.cache', 'site'));
    if (path.dirname(dir) === dir) return noCache;
  }
}

/** A cache key: sha256 over the parts, each length-prefixed so that no two lists of parts collide. */
export function cacheKey(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
    hash.update(`${bytes.byteLength}:`);
    hash.update(bytes);
  }
  return hash.digest('hex').slice(0, 40);
}

/**
 * Whether `value` is a key cacheKey made. A key read back from an entry names a file in the cache (an entry to remove,
 * to read): a damaged entry could name any path, so only a key of this shape is followed.
 */
export function isCacheKey(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{40}$/.test(value);
}

/** Which entry is an owner's latest (replaceEarlier). */
const LATEST_KIND = 'latest';

/**
 * Notes that `key` is now the entry of `kinds` for `owner` (what the entries describe apart from the code that made
 * them: a content folder, an output folder), and removes the entries of `kinds` the owner had under another key. Entries
 * keyed by the generator (the content memo, the record of the last build) would otherwise pile up, one set per version
 * of the code that built the folder: a 10,000-page content memo is 20 MB. Only a key that is a digest is removed.
 */
export async function replaceEarlier(cache: BuildCache, kinds: readonly string[], owner: string, key: string): Promise<void> {
  const pointer = cacheKey(...kinds, owner);
  const earlier = await cache.read(LATEST_KIND, pointer);
  const was = earlier && Buffer.from(earlier.buffer, earlier.byteOffset, earlier.byteLength).toString('utf8');
  if (was === key) return;
  if (isCacheKey(was)) await Promise.all(kinds.map((kind) => cache.remove?.(kind, was)));
  await cache.write(LATEST_KIND, pointer, key);
}

/** An entry's JSON, or undefined when there is none or it is truncated or corrupt (no entry: the caller makes a good one). */
export async function readJsonEntry(cache: BuildCache, kind: string, key: string): Promise<unknown> {
  const bytes = await cache.read(kind, key);
  if (!bytes) return undefined;
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A key over the stamps (path, size, mtime, inode) of `files`, for stat-first change detection of code inputs:
 * the same key means none of them was written since. Undefined when one is missing or was written within the
 * last second (a write in the same clock tick could keep size and mtime): the caller then reads the contents.
 */
export async function stampsKey(root: string, files: readonly string[]): Promise<string | undefined> {
  try {
    const now = Date.now();
    const stats = await Promise.all(files.map((file) => stat(path.resolve(root, file))));
    if (stats.some((s) => isRacy(s.mtimeMs, now))) return undefined;
    return cacheKey('stamps', ...stats.map((s, i) => `${files[i]}:${fileStamp(s)}`));
  } catch {
    return undefined;
  }
}
