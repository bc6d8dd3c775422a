import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileStampSync } from '../cache/stamps.ts';
import { ContentMemo, type Remembered } from '../content/memo.ts';

/**
 * The dev build's memo: a file remembered with a stamp (size, mtime, inode from the descriptor its text was read
 * from) and the same inputs is recalled after one stat, unread. Reading and comparing every file's text was most of
 * a one-page edit's rebuild at 10,000 pages. A file read within its mtime's tick, or an unsaved edit of the
 * /admin editor, has no stamp and is read and compared by its text as before. Once the watcher is ready, a file whose
 * stamp was confirmed since and that the watcher has not named since is recalled without the stat: 10,000 stats were
 * a fifth of a one-page edit's rebuild.
 */
export class DevMemo extends ContentMemo {
  private readonly entries = new Map<string, Remembered<unknown>>();
  /** Each file's stamp when its text was last read and found the same as the remembered one's (or remembered). */
  private readonly stamps = new Map<string, string>();

  constructor(private readonly root: string) {
    super();
  }

  override recallUnread<T>(file: string, inputs: string): Remembered<T> | undefined {
    const entry = this.entries.get(file);
    const stamp = this.stamps.get(file);
    if (!entry || !stamp || entry.inputs !== inputs) return undefined;
    if (!this.unchanged.has(file)) {
      if (fileStampSync(path.join(this.root, file)) !== stamp) return undefined;
      this.confirmed(file);
    }
    return entry as Remembered<T>;
  }

  /**
   * Files whose stamp was confirmed (by a stat, or by reading them) after the watcher was ready, and that it has not
   * named since: any write after that confirmation raises an event, so they are unchanged until `changed` names them.
   */
  private readonly unchanged = new Set<string>();

  private confirmed(file: string): void {
    if (this.watched) this.unchanged.add(file);
  }

  override recall<T>(file: string, key: string, stamp?: string): Remembered<T> | undefined {
    const entry = super.recall<T>(file, key, stamp);
    // A file saved again with the same text (a touch, a checkout) is recalled by stat from now on.
    if (entry) this.stampOf(file, stamp);
    return entry;
  }

  override remember<T>(file: string, entry: Remembered<T>): void {
    super.remember(file, entry);
    this.entries.set(file, entry);
    this.stampOf(file, entry.stamp);
  }

  override forget(file: string): void {
    super.forget(file);
    this.entries.delete(file);
    this.stamps.delete(file);
    this.unchanged.delete(file);
  }

  /** Folder listings (content-relative folder → names), kept while the watcher has seen nothing added or removed in them. */
  private readonly listings = new Map<string, string[]>();
  private watched = false;

  /** From when the watcher is ready: listings read from then on are kept until `changed` names something in them. */
  watching(): void {
    this.watched = true;
  }

  /**
   * The watcher's burst (content-relative files and folders, `/`): each one's folder is listed again (a file or
   * folder added or removed there), and a folder's own listing and those below it go too.
   */
  changed(files: readonly string[]): void {
    for (const file of files) {
      this.unchanged.delete(file);
      // A folder renamed or removed: the files under it are stat-ed again.
      if (!/\.ya?ml$/.test(file)) for (const known of this.unchanged) if (known.startsWith(`${file}/`)) this.unchanged.delete(known);
      const folder = path.posix.dirname(file);
      this.listings.delete(folder === '' ? '.' : folder);
      for (const listed of this.listings.keys()) if (listed === file || listed.startsWith(`${file}/`)) this.listings.delete(listed);
    }
  }

  override listing(folder: string): string[] | undefined {
    if (!this.watched) return undefined;
    let names = this.listings.get(folder);
    if (!names) this.listings.set(folder, (names = readdirSync(path.join(this.root, folder))));
    return [...names];
  }

  private stampOf(file: string, stamp: string | undefined): void {
    this.unchanged.delete(file);
    if (stamp) {
      this.stamps.set(file, stamp);
      this.confirmed(file);
    } else this.stamps.delete(file);
  }
}
