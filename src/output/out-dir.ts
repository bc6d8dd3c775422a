import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../errors/site-error.ts';
import { packageRoot } from '../package-root.ts';
import { pageSourcesFile } from './page-sources.ts';

/** Refuses an output directory whose emptying would delete the project, its content or the working directory. */
export function guardOutDir(outDir: string, contentDir: string): SiteError | undefined {
  const out = path.resolve(outDir);
  const unsafe = [path.parse(out).root, process.cwd(), packageRoot, path.resolve(contentDir)];
  if (unsafe.some((dir) => dir === out || dir.startsWith(out + path.sep))) {
    return new SiteError({
      code: 'unsafe-out-dir',
      message: `refusing to empty ${out}: it contains the project or its content`,
      hint: 'choose an output directory of its own, e.g. dist',
    });
  }
  return undefined;
}

/**
 * Refuses an output path the build would destroy without being asked: an existing file, or a folder that holds
 * files and has no `.<name>.sources.json` beside it, the file every build leaves there (page-sources.ts), so no
 * build wrote it. `emptyAnyway` is `site build --empty-out` (the user says the folder's files may go) or the page
 * cache's record of a build into the folder.
 */
export async function claimOutDir(outDir: string, emptyAnyway: boolean): Promise<SiteError | undefined> {
  const out = path.resolve(outDir);
  try {
    if (!(await stat(out)).isDirectory()) {
      return new SiteError({
        code: 'out-not-a-folder',
        message: `refusing to write the site into ${out}: it is a file, not a folder`,
        hint: 'pass a folder path (it is created if missing), e.g. --out dist',
      });
    }
    const names = await readdir(out);
    if (names.length === 0 || emptyAnyway || (await exists(pageSourcesFile(out)))) return undefined;
    const shown = names.sort().slice(0, 3).join(', ') + (names.length > 3 ? `, … (${names.length} entries)` : '');
    return new SiteError({
      code: 'out-dir-not-ours',
      message: `refusing to empty ${out}: it holds files no site build wrote (${shown})`,
      hint: 'choose a new or empty folder, or pass --empty-out to delete what it holds',
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    return unwritableOutDir(error, out) ?? Promise.reject(error as Error);
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

const PERMISSION = new Map([
  ['EACCES', 'permission denied'],
  ['EPERM', 'operation not permitted'],
  ['EROFS', 'read-only file system'],
]);

/**
 * A failed file operation of the build as an error the user can act on, when it is one of permission: the
 * output folder or a parent cannot be written. Anything else is undefined (a bug, reported with its stack).
 */
export function unwritableOutDir(error: unknown, outDir: string): SiteError | undefined {
  const { code, path: where } = error as NodeJS.ErrnoException;
  const reason = code === undefined ? undefined : PERMISSION.get(code);
  if (!reason) return undefined;
  const out = path.resolve(outDir);
  const at = where === undefined ? out : path.resolve(where);
  // mkdir reports the parent it could not write into; a file outside the output (the cache, a generated project file) is named as itself.
  const inOutput = at === out || out.startsWith(at + path.sep) || at.startsWith(out + path.sep);
  return new SiteError({
    code: 'out-dir-unwritable',
    message: inOutput
      ? `cannot write the output folder ${out}: ${reason} (${code})${at === out ? '' : ` at ${at}`}`
      : `cannot write ${at}: ${reason} (${code})`,
    hint: inOutput ? 'choose a folder you can write to with --out, or give your user write permission on it' : 'give your user write permission on it',
  });
}

const trashPrefix = (out: string) => `.${path.basename(out)}.old-`;

/**
 * Empties the output directory at once by renaming it aside. The returned function deletes the old
 * files (and any left beside it by a build that was killed); the build calls it once its own files are
 * written: on this machine's disk, deleting thousands of files while writing others slowed the writes
 * several times over (the assets of a 1,000-page rebuild took 0.5–1 s to write instead of 15 ms).
 */
export async function emptyOutDir(outDir: string): Promise<() => Promise<void>> {
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
  return async () => {
    const siblings = await readdir(parent).catch(() => []);
    await Promise.all(siblings.filter((name) => name.startsWith(prefix)).map((name) => rm(path.join(parent, name), { recursive: true, force: true })));
  };
}
