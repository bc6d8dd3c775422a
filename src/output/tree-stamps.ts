import { readdirSync, statSync } from 'node:fs';
import { isRacy } from '../cache/stamps.ts';
import { fileStamp } from '../cache/stamps.ts';

/**
 * Stamps (size, mtime, inode) of every file and folder under a folder, for the record of the last build
 * (unchanged-build.ts). A folder's stamp changes when an entry is added to it, removed or renamed, so with the
 * stamps of an earlier walk only the folders whose stamp changed are listed again: everything is stated, little
 * is listed (listing the 10,000 folders of a 10,000-page output took longer than stating every entry).
 */

/** Relative path (`/`-separated; a folder's ends with `/`, the root is `./`) and stamp, flat: [path, stamp, path, stamp, …]. */
export type TreeStamps = string[];

/** The stamp of `file`, `missing` when there is none, `unreadable` when a folder on the way is not one or cannot be read. */
export function stampOf(file: string): string {
  try {
    const stats = statSync(file, { throwIfNoEntry: false });
    return stats ? fileStamp(stats) : 'missing';
  } catch {
    return 'unreadable';
  }
}

/** The entries of each folder an earlier walk listed, by folder, with the folder's stamp then. */
function foldersOf(stamps: TreeStamps): Map<string, { stamp: string; entries: string[] }> {
  const folders = new Map<string, { stamp: string; entries: string[] }>();
  const folder = (name: string) => {
    let known = folders.get(name);
    if (!known) folders.set(name, (known = { stamp: '', entries: [] }));
    return known;
  };
  for (let i = 0; i < stamps.length; i += 2) {
    const entry = stamps[i]!;
    if (entry.endsWith('/')) folder(entry).stamp = stamps[i + 1]!;
    if (entry === './') continue;
    const end = entry.lastIndexOf('/', entry.length - 2);
    folder(end < 0 ? './' : entry.slice(0, end + 1)).entries.push(end < 0 ? entry : entry.slice(end + 1));
  }
  return folders;
}

/** How treeStamps walks (see there): each field optional. */
export interface TreeWalk {
  racy?: boolean;
  earlier?: TreeStamps;
  stated?: (relative: string) => string | undefined;
  written?: Iterable<string> | false;
}

/**
 * Every file and folder under `root` with its stamp, or undefined when there is no such folder. `earlier`: the
 * stamps of the last walk of the same folder; a folder that still has its stamp there is not listed again. With
 * `racy`, an entry written within the last second gets an empty stamp (a write in the same clock tick could keep
 * size and mtime), so it never matches and its folder is listed next time; a symbolic link to a folder always gets
 * an empty stamp (its entries are not walked). Synchronous: tens of thousands of stats through the thread pool cost
 * several times the CPU (measured on the no-change build's profile). `stated`: a file's stamp the caller already has,
 * taken instead of stating it again (the output's page files as the manifest records them). `written`: every file under
 * `root`, when the caller wrote them all into a folder it had emptied (a cold build): the folders' entries are taken from
 * it instead of listed (listing the 10,000 folders of a 10,000-page output was three quarters of the walk).
 */
export function treeStamps(root: string, walk: TreeWalk = {}): TreeStamps | undefined {
  const { racy = false, earlier, stated, written } = walk;
  const now = Date.now();
  const known = earlier && foldersOf(earlier);
  const wrote = written && writtenFolders(written);
  const stamps: TreeStamps = [];
  const stamp = (full: string, kind: 'folder' | 'file'): string => {
    let stats;
    try {
      stats = statSync(full, { throwIfNoEntry: false });
    } catch {
      // Gone or unreadable since it was listed: no stamp, so it never matches.
    }
    // A file that is a folder: a symbolic link to one (listings say link, not folder).
    if (!stats || stats.isDirectory() !== (kind === 'folder') || (racy && isRacy(stats.mtimeMs, now))) return '';
    return fileStamp(stats);
  };
  const visit = (folder: string, full: string): boolean => {
    const own = stamp(full, 'folder');
    const last = known?.get(folder);
    let entries: string[];
    if (own !== '' && last?.stamp === own) entries = last.entries;
    else if (wrote && own !== '') entries = wrote.get(folder) ?? [];
    else {
      try {
        entries = readdirSync(full, { withFileTypes: true }).map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
      } catch {
        return false;
      }
    }
    stamps.push(folder, own);
    const prefix = folder === './' ? '' : folder;
    // Joined as strings: entries are names (no separators, no dot segments), and path.join's normalising was a
    // measurable part of a walk of 10,000 entries.
    for (const entry of entries) {
      const relative = prefix + entry;
      if (entry.endsWith('/')) visit(relative, `${full}/${entry.slice(0, -1)}`);
      else stamps.push(relative, stated?.(relative) ?? stamp(`${full}/${entry}`, 'file'));
    }
    return true;
  };
  return visit('./', root) ? stamps : undefined;
}

/** The entries of each folder above the files of `written` (relative paths, `/`-separated), as a listing gives them, by folder. */
function writtenFolders(written: Iterable<string>): Map<string, string[]> {
  const folders = new Map<string, string[]>([['./', []]]);
  for (const file of written) {
    // Up from the file until a folder seen before, which has its own place in its parent already.
    for (let entry = file; ;) {
      const end = entry.lastIndexOf('/', entry.length - 2);
      const folder = end < 0 ? './' : entry.slice(0, end + 1);
      const name = end < 0 ? entry : entry.slice(end + 1);
      const entries = folders.get(folder);
      if (entries) {
        entries.push(name);
        break;
      }
      folders.set(folder, [name]);
      entry = folder;
    }
  }
  return folders;
}

/** The stamps by path (a folder's without its trailing `/`). */
export function stampsByPath(stamps: TreeStamps): Map<string, string> {
  const byPath = new Map<string, string>();
  for (let i = 0; i < stamps.length; i += 2) {
    const entry = stamps[i]!;
    byPath.set(entry.endsWith('/') ? entry.slice(0, -1) : entry, stamps[i + 1]!);
  }
  return byPath;
}
