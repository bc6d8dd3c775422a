import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../errors/site-error.ts';
import { packageRoot } from '../package-root.ts';

/** Refuses an output directory whose emptying would delete the project, its content or the working directory. */
export function guardOutDir(outDir: string, contentDir: string): SiteError | undefined {
  const out = path.resolve(outDir);
  const unsafe = [path.parse(out).root, process.cwd(), packageRoot, path.resolve(contentDir)];
  if (unsafe.some((dir) => dir === out || dir.startsWith(out + path.sep))) {
    return new SiteError({ code: 'unsafe-out-dir', message: `refusing to empty ${out}: it contains the project or its content`, hint: 'choose an output directory of its own, e.g. dist' });
  }
  return undefined;
}

const trashPrefix = (out: string) => `.${path.basename(out)}.old-`;

/**
 * Empties the output directory at once by renaming it aside; the returned promise deletes the old
 * files (and any left by a build that was killed) while the build goes on: deleting thousands of
 * pages takes as long as writing them, and needs no CPU the build needs.
 */
export async function emptyOutDir(outDir: string): Promise<Promise<void>> {
  const out = path.resolve(outDir);
  const parent = path.dirname(out);
  const prefix = trashPrefix(out);
  try {
    await rename(out, path.join(parent, `${prefix}${process.pid}-${Date.now()}`));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A mount point cannot be renamed: it is emptied in place before anything is written.
    if (code !== 'ENOENT') await Promise.all((await readdir(out)).map((name) => rm(path.join(out, name), { recursive: true, force: true })));
  }
  const siblings = await readdir(parent).catch(() => []);
  return Promise.all(siblings.filter((name) => name.startsWith(prefix)).map((name) => rm(path.join(parent, name), { recursive: true, force: true }))).then(() => undefined);
}
