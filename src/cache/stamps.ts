import { statSync } from 'node:fs';

/**
 * File times advance by clock ticks: a file written less than this before it is looked at may change again within the
 * same tick and keep its size and mtime (git's "racily clean" files). Such a file's stamp is not trusted.
 */
export const RACY_MS = 1000;

/** Whether a file last modified at `mtimeMs` is too recent, at `now`, for its stamp to be trusted. */
export const isRacy = (mtimeMs: number, now: number): boolean => now - mtimeMs < RACY_MS;

/** Size, modification time and inode: a file whose stamp is unchanged was not written since (stat-first change detection). */
export function fileStamp(stats: { size: number; mtimeMs: number; ino: number }): string {
  return `${stats.size}:${stats.mtimeMs}:${stats.ino}`;
}

/** The stamp of `file`, undefined when it cannot be stated. */
export function fileStampSync(file: string): string | undefined {
  try {
    return fileStamp(statSync(file));
  } catch {
    return undefined;
  }
}
