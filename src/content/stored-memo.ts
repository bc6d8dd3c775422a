import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildCache } from '../cache/build-cache.ts';
import { parseRecord, readRecordLines, readRecords, recordsOf, writeRecords, type WrittenRecord } from '../cache/records.ts';
import type { SourceLocation } from '../errors/site-error.ts';
import { ContentMemo, type Remembered } from './memo.ts';
import { textDigest } from '../cache/digest.ts';
import { fileStampSync } from '../cache/stamps.ts';
import type { PageEntry, Placeholder } from './model.ts';
import { pageShell, sectionFacts, unparsedSections, withSectionsLater, type SectionFacts } from './section-facts.ts';
import { locate, parseYaml, type YamlSource } from './yaml-source.ts';

/**
 * The content memo kept between builds (in the build cache): each file's validated value under its
 * stamp (size, mtime, inode), the digest of its text and the digest of its inputs. A build asks it
 * before reading a file: same stamp and inputs give last build's value without reading the file
 * (a warm build with nothing changed parses no YAML); a changed stamp reads the file, and the same
 * text digest still gives the value back (a touched file is not parsed again). A build that changed few files
 * stores only those (`StoredMemo.changes`, on top of the whole snapshot it loaded), so editing one page of
 * 10,000 does not write the other 9,999 values again. A page's sections are stored apart from the rest of its value
 * and parsed only when read (section-facts.ts), so such a build parses the sections of the pages it renders only.
 * The snapshot's records are kept as their lines and parsed when the memo is first asked about their file, so a build
 * that asks about a few files (one that loads only the page families an edit changed) parses those only; a record
 * damaged within its line is no entry for its file, which is then read as if never stored.
 */

/** Bumped when what is stored changes shape. */
const FORMAT = 4;
/** Page files whose replaced entry a load keeps (previousValue): an edit's few, not a whole site's rewrite. */
const KEEP_REPLACED = 64;

interface StoredFile {
  stamp: string;
  /** Digest of `inputs \0 text` (the in-memory memo's key). */
  key: string;
  /** Digest of the inputs alone (stat-first recall knows no text). */
  inputs: string;
  value: unknown;
  /** Located when a finding is printed, in the file's source (materialize): locating parses its document. */
  placeholders: Pick<Placeholder, 'value' | 'path'>[];
  verbatim: string[];
  /** site.yaml only: its text and data, which the loader reads to check every other file (small). */
  text?: string;
  data?: unknown;
}

interface Snapshot {
  format: number;
  /** Names this snapshot for the changes stored on top of it. */
  id?: string;
  /** A file's record as its line (line break included) until the memo parses it. */
  files: ReadonlyMap<string, StoredFile | Buffer>;
}

/** Files changed and removed since the snapshot `base`. */
interface Changes {
  format: number;
  base: string;
  files: Record<string, StoredFile | Buffer>;
  removed: string[];
}

/** The memo as a build stores it: a whole snapshot, and the changes made on top of it since; either may be undefined. */
export interface StoredMemo {
  snapshot?: unknown;
  changes?: unknown;
}

const SNAPSHOT_KIND = 'content-memo';
const CHANGES_KIND = 'content-memo-changes';
/** The build-cache kinds a stored memo's entries are kept under, both under the memo's key. */
export const MEMO_KINDS = [SNAPSHOT_KIND, CHANGES_KIND] as const;

/**
 * The memo as the last build stored it under `key`: each file a record (cache/records.ts), so a 10,000-file memo is
 * read and written a file at a time, never as one string. The snapshot's records are handed on as their lines,
 * unparsed; the changes (a few files) are parsed. A damaged entry reads as none.
 */
export async function readStoredMemo(cache: BuildCache, key: string): Promise<StoredMemo> {
  const [snapshot, changes] = await Promise.all([readRecordLines(cache, SNAPSHOT_KIND, key), readRecords(cache, CHANGES_KIND, key)]);
  const changedFiles = changes?.header.format === FORMAT ? storedFiles(changes.records, changes.deferred) : undefined;
  return {
    snapshot: snapshot?.header.format === FORMAT ? { ...snapshot.header, files: snapshot.lines } : undefined,
    changes: changes && changedFiles && { ...changes.header, files: changedFiles },
  };
}

/** A page file as its record holds it: its value's page without sections (they are the record's deferred part) and their facts. */
interface StoredPageFile extends StoredFile {
  value: PageEntry;
  facts: SectionFacts[];
}

/** Every record as a stored file (storedFile), or undefined when one is not in that shape. */
function storedFiles(records: Record<string, unknown>, deferred: ReadonlyMap<string, Buffer>): Record<string, StoredFile> | undefined {
  const files: [string, StoredFile][] = [];
  for (const [file, value] of Object.entries(records)) {
    const stored = storedFile(value, deferred.get(file));
    if (!stored) return undefined;
    files.push([file, stored]);
  }
  return Object.fromEntries(files);
}

/**
 * A record's value as the stored file the memo reads, a page's sections (`sections`, the deferred part) parsed when
 * first read; undefined when it is not in that shape.
 */
function storedFile(value: unknown, sections: Buffer | undefined): StoredFile | undefined {
  const stored = value as Partial<StoredPageFile> | null;
  if (typeof stored !== 'object' || stored === null || typeof stored.stamp !== 'string' || typeof stored.key !== 'string' || typeof stored.inputs !== 'string')
    return undefined;
  if (!Array.isArray(stored.placeholders) || !Array.isArray(stored.verbatim)) return undefined;
  if (!sections) return stored as StoredFile;
  const { facts, ...file } = stored as StoredPageFile;
  const page = file.value?.page as unknown;
  if (!page || typeof page !== 'object' || !Array.isArray(facts)) return undefined;
  file.value.page = withSectionsLater(page as Record<string, unknown>, sections, facts);
  return file;
}

/**
 * A file's record: a page's sections apart, as JSON text (the text read, while they are not parsed), with their facts;
 * a record never parsed is copied as its line.
 */
function fileRecord(file: string, stored: StoredFile | Buffer): WrittenRecord {
  if (Buffer.isBuffer(stored)) return stored;
  const page = file.startsWith('pages/') ? (stored.value as Partial<PageEntry> | undefined)?.page : undefined;
  if (!page || !Object.hasOwn(page, 'sections')) return [file, stored];
  const record: StoredPageFile = {
    ...stored,
    value: { ...(stored.value as PageEntry), page: pageShell(page) as unknown as PageEntry['page'] },
    facts: [...sectionFacts(page)],
  };
  return [file, record, unparsedSections(page) ?? JSON.stringify(page.sections)];
}

/** Stores what `toStore()` gave: a new snapshot replaces the last one and the changes on it, changes go on top of it. */
export async function writeStoredMemo(cache: BuildCache, key: string, memo: StoredMemo): Promise<void> {
  const snapshot = memo.snapshot as Snapshot | undefined;
  const changes = memo.changes as Changes | undefined;
  // The changes on the last snapshot name it, so stale ones are ignored, but they need not be read.
  // Made as they are written: a page's record holds its sections' JSON, 20 MB for 10,000 pages.
  const records = (files: Iterable<[string, StoredFile | Buffer]>) => recordsOf([...files], ([file, stored]) => fileRecord(file, stored));
  if (snapshot)
    await writeRecords(cache, SNAPSHOT_KIND, key, { format: snapshot.format, id: snapshot.id }, records(snapshot.files)).then(() =>
      cache.remove?.(CHANGES_KIND, key),
    );
  if (changes)
    await writeRecords(
      cache,
      CHANGES_KIND,
      key,
      { format: changes.format, base: changes.base, removed: changes.removed },
      records(Object.entries(changes.files)),
    );
}

/** Changes up to this share of the files are stored as changes; more, and the whole snapshot is written again. */
const CHANGES_SHARE = 1 / 8;

export class StoredContentMemo extends ContentMemo {
  /** A snapshot's file as its record's line until the memo is asked about it (entry). */
  private readonly stored: Map<string, StoredFile | Buffer>;
  private readonly recalled = new Map<string, Remembered<unknown>>();
  /** Files this load asked about: the others were deleted and are dropped when saved (unless left out: limitTo). */
  private readonly seen = new Set<string>();
  private changed = false;
  /** The id of the whole snapshot loaded, and the files whose entries differ from it (changed, or removed). */
  private readonly base: string | undefined;
  private readonly differ = new Set<string>();

  /**
   * From what an earlier build stored (`toStore()`); anything not in the expected shape starts empty, and changes on
   * top of another snapshot are ignored. `stamps`: the content files' stamps as the build already took them
   * (relative path → stamp, empty for one it does not trust), so no file is stated twice; a file not in it is stated here.
   */
  constructor(
    private readonly root: string,
    stored: StoredMemo = {},
    private readonly stamps?: ReadonlyMap<string, string>,
  ) {
    super();
    const snapshot = stored.snapshot as Snapshot | undefined;
    const files = snapshot?.format === FORMAT && snapshot.files instanceof Map ? snapshot.files : undefined;
    this.stored = new Map(files);
    this.base = files && typeof snapshot!.id === 'string' ? snapshot!.id : undefined;
    const changes = stored.changes as Changes | undefined;
    if (
      this.base === undefined ||
      changes?.format !== FORMAT ||
      changes.base !== this.base ||
      !changes.files ||
      typeof changes.files !== 'object' ||
      !Array.isArray(changes.removed)
    )
      return;
    for (const [file, entry] of Object.entries(changes.files)) this.stored.set(file, entry);
    for (const file of changes.removed) this.stored.delete(String(file));
    for (const file of [...Object.keys(changes.files), ...changes.removed]) this.differ.add(String(file));
  }

  /**
   * A file's stored entry, its record parsed on first use. A damaged record (not JSON, another shape, a deferred part
   * whose checksum differs) is no entry: the file is read as if never stored, and the record is dropped.
   */
  private entry(file: string): StoredFile | undefined {
    const stored = this.stored.get(file);
    if (!Buffer.isBuffer(stored)) return stored;
    const record = parseRecord(stored);
    const entry = record?.name === file ? storedFile(record.value, record.deferred) : undefined;
    if (entry) this.stored.set(file, entry);
    else this.drop(file);
    return entry;
  }

  private drop(file: string): void {
    this.stored.delete(file);
    this.changed = true;
    this.differ.add(file);
  }

  override recall<T>(file: string, key: string, stamp?: string): Remembered<T> | undefined {
    this.seen.add(file);
    const entry = this.entry(file);
    if (!entry || entry.key !== textDigest(key)) return undefined;
    // Same text under a new stamp (touched, or no longer racy): the next build recalls it without reading.
    if (stamp !== undefined && stamp !== entry.stamp) {
      entry.stamp = stamp;
      this.changed = true;
      this.differ.add(file);
    }
    return this.materialize<T>(file, entry);
  }

  override recallUnread<T>(file: string, inputs: string): Remembered<T> | undefined {
    this.seen.add(file);
    const entry = this.entry(file);
    if (
      !entry ||
      !entry.stamp ||
      entry.inputs !== this.inputsDigest(inputs) ||
      entry.stamp !== (this.stamps?.get(file) ?? fileStampSync(path.join(this.root, file)))
    )
      return undefined;
    return this.materialize<T>(file, entry);
  }

  /** Each walked folder's names, made from the walk's stamps on first use. */
  private folders: Map<string, string[]> | undefined;

  /**
   * A folder the walk stamped (its names are as listed then: the build reads content as of its walk); not one it gave
   * no stamp (written within the last second, or a link to a folder, whose names it did not walk). `pages` of a load
   * limited to some families (limitTo) lists those only, read from disk if the walk did not stamp it.
   */
  override listing(folder: string): string[] | undefined {
    const families = this.families;
    if (folder === 'pages' && families) return (this.walked(folder) ?? readdirSync(path.join(this.root, folder))).filter((family) => families.has(family));
    return this.walked(folder);
  }

  /** The page families a scoped build loads (output/incremental/scope.ts); undefined: all. */
  private families: ReadonlySet<string> | undefined;

  /**
   * Shows the loader only these page families (undefined: all again). The records of the others are kept as they are
   * when stored (leftOut): their files were not asked about on purpose, not deleted.
   */
  limitTo(families: ReadonlySet<string> | undefined): void {
    this.families = families;
  }

  /** Whether `file` is in a page family this load does not show (limitTo): toStore keeps it unasked, not as deleted. */
  private leftOut(file: string): boolean {
    const folder = path.posix.dirname(file);
    return this.families !== undefined && folder.startsWith('pages/') && !this.families.has(folder.split('/')[1]!);
  }

  /** Whether a file this build loaded carries `!verbatim` strings. */
  hasVerbatim(file: string): boolean {
    return (this.entry(file)?.verbatim.length ?? 0) > 0;
  }

  private walked(folder: string): string[] | undefined {
    if (!this.stamps?.get(folder)) return undefined;
    if (!this.folders) {
      this.folders = new Map();
      for (const entry of this.stamps.keys()) {
        if (entry === '.') continue;
        const slash = entry.lastIndexOf('/');
        const parent = slash < 0 ? '.' : entry.slice(0, slash);
        const names = this.folders.get(parent);
        if (names) names.push(entry.slice(slash + 1));
        else this.folders.set(parent, [entry.slice(slash + 1)]);
      }
    }
    return [...(this.folders.get(folder) ?? [])];
  }

  /** Values by identity → `file \0 key digest`: the page cache keys pages by these instead of hashing each value again. */
  private readonly digests = new WeakMap<object, string>();

  override digestOf(value: object): string | undefined {
    return this.digests.get(value);
  }

  /** Every page of a locale has the same inputs: digested once. */
  private readonly inputDigests = new Map<string, string>();

  private inputsDigest(inputs: string): string {
    let digest = this.inputDigests.get(inputs);
    if (digest === undefined) this.inputDigests.set(inputs, (digest = textDigest(inputs)));
    return digest;
  }

  override remember<T>(file: string, entry: Remembered<T>): void {
    this.seen.add(file);
    if (entry.inputs === undefined) return;
    this.changed = true;
    this.differ.add(file);
    this.recalled.delete(file);
    const key = textDigest(entry.key);
    if (entry.value && typeof entry.value === 'object') this.digests.set(entry.value, `${file}\u0000${key}`);
    this.stored.set(file, {
      // Empty (no stat-first recall) when the loader could not trust it (cache/stamps.ts).
      stamp: entry.stamp ?? '',
      key,
      inputs: this.inputsDigest(entry.inputs),
      // Stored as JSON when saved: the values are plain data (zod's output of parsed YAML).
      value: entry.value,
      // Their paths, not their locations: locating parses the file's document (loading yaml, 0.18 s of a cold build).
      placeholders: entry.placeholders.map((p) => ({ value: p.value, path: p.path })),
      verbatim: entry.verbatim,
      ...(file === 'site.yaml' ? { text: entry.source.text, data: entry.source.data } : {}),
    });
  }

  /** Page files' stored entries this load forgot (read again: changed), kept so a build can tell what changed (previousValue). */
  private readonly replaced = new Map<string, StoredFile | Buffer>();

  /** The value the last build stored for a page file this load read again (changed since), if the memo kept it. */
  previousValue(file: string): unknown {
    const before = this.replaced.get(file);
    if (!Buffer.isBuffer(before)) return before?.value;
    const record = parseRecord(before);
    return record?.name === file ? storedFile(record.value, record.deferred)?.value : undefined;
  }

  override forget(file: string): void {
    this.seen.add(file);
    const before = this.stored.get(file);
    if (before && file.startsWith('pages/') && this.replaced.size < KEEP_REPLACED) this.replaced.set(file, before);
    if (before) this.drop(file);
    this.recalled.delete(file);
  }

  /**
   * What to store for the next build, or undefined when it would be what was loaded (nothing to write): the changes
   * since the loaded snapshot when they are few, else a whole new snapshot (and no changes).
   */
  toStore(): StoredMemo | undefined {
    for (const file of this.stored.keys()) if (!this.seen.has(file) && !this.leftOut(file)) this.drop(file);
    if (!this.changed) return undefined;
    if (this.base !== undefined && this.differ.size <= this.stored.size * CHANGES_SHARE) {
      const files = [...this.differ].flatMap((file) => (this.stored.has(file) ? [[file, this.stored.get(file)!] as const] : []));
      const changes: Changes = {
        format: FORMAT,
        base: this.base,
        files: Object.fromEntries(files),
        removed: [...this.differ].filter((file) => !this.stored.has(file)),
      };
      return { changes };
    }
    // Records never parsed are written back as their lines.
    return { snapshot: { format: FORMAT, id: randomUUID(), files: new Map(this.stored) } satisfies Snapshot };
  }

  /** A stored file as the loader expects it; its source is parsed only if something must be located in it. */
  private materialize<T>(file: string, entry: StoredFile): Remembered<T> {
    let remembered = this.recalled.get(file);
    if (!remembered) {
      const source =
        file === 'site.yaml' && entry.text !== undefined
          ? storedSource(file, entry.text, entry.data)
          : new LazySource(file, () => readFileSync(path.join(this.root, file), 'utf8'));
      remembered = {
        key: entry.key,
        source,
        value: entry.value,
        placeholders: entry.placeholders.map((p) => placeholderIn(source, p)),
        verbatim: entry.verbatim,
      };
      if (entry.value && typeof entry.value === 'object') this.digests.set(entry.value, `${file}\u0000${entry.key}`);
      this.recalled.set(file, remembered);
    }
    return remembered as Remembered<T>;
  }
}

/** A stored placeholder, located in `source` when its location is first read. */
function placeholderIn(source: YamlSource, stored: Pick<Placeholder, 'value' | 'path'>): Placeholder {
  let location: SourceLocation | undefined;
  return {
    value: stored.value,
    path: stored.path,
    get location() {
      return (location ??= locate(source, stored.path));
    },
  };
}

/** A source whose text is known and whose data the loader needs (site.yaml): parsed again only to locate. */
function storedSource(file: string, text: string, data: unknown): YamlSource {
  const lazy = new LazySource(file, () => text);
  Object.defineProperty(lazy, 'text', { value: text, enumerable: true });
  return Object.defineProperty(lazy, 'data', { value: data, enumerable: true, writable: true });
}

/**
 * A source parsed from its file on first use: the loader only locates in it (another file's duplicate route). A class,
 * so its getters are on the prototype: an object literal with five getters each, made for every one of 10,000
 * recalled files, was a measurable part of a warm build's profile.
 */
class LazySource implements YamlSource {
  private parsed: YamlSource | undefined;

  constructor(
    readonly file: string,
    private readonly read: () => string,
  ) {}

  private source(): YamlSource {
    return (this.parsed ??= parseYaml(this.file, this.read()).source ?? parseYaml(this.file, '{}').source!);
  }

  get text() {
    return this.source().text;
  }
  get data() {
    return this.source().data;
  }
  get strings() {
    return this.source().strings;
  }
  get doc() {
    return this.source().doc;
  }
  get lines() {
    return this.source().lines;
  }
}
