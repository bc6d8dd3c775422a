import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SourceLocation } from '../errors/site-error.ts';
import { ContentMemo, fileStampSync, textDigest, type Remembered } from './memo.ts';
import type { Placeholder } from './model.ts';
import { parseYaml, type YamlSource } from './yaml-source.ts';

/**
 * The content memo kept between builds (in the build cache): each file's validated value under its
 * stamp (size, mtime, inode), the digest of its text and the digest of its inputs. A build asks it
 * before reading a file: same stamp and inputs give last build's value without reading the file
 * (a warm build with nothing changed parses no YAML); a changed stamp reads the file, and the same
 * text digest still gives the value back (a touched file is not parsed again).
 */

/** Bumped when what is stored changes shape. */
const FORMAT = 1;

interface StoredFile {
  stamp: string;
  /** Digest of `inputs \0 text` (the in-memory memo's key). */
  key: string;
  /** Digest of the inputs alone (stat-first recall knows no text). */
  inputs: string;
  value: unknown;
  placeholders: { value: string; location: SourceLocation }[];
  verbatim: string[];
  /** site.yaml only: its text and data, which the loader reads to check every other file (small). */
  text?: string;
  data?: unknown;
}

interface Snapshot {
  format: number;
  files: Record<string, StoredFile>;
}

export class StoredContentMemo extends ContentMemo {
  private readonly stored: Map<string, StoredFile>;
  private readonly recalled = new Map<string, Remembered<unknown>>();
  /** Files this load asked about: the others were deleted and are dropped when saved. */
  private readonly seen = new Set<string>();
  private changed = false;

  /**
   * From a snapshot (`snapshot()` of an earlier build); anything not in the expected shape starts empty. `stamps`: the
   * content files' stamps as the build already took them (relative path → stamp, empty for one it does not trust), so
   * no file is stated twice; a file not in it is stated here.
   */
  constructor(
    private readonly root: string,
    snapshot?: unknown,
    private readonly stamps?: ReadonlyMap<string, string>,
  ) {
    super();
    const files = (snapshot as Snapshot | undefined)?.format === FORMAT ? (snapshot as Snapshot).files : undefined;
    this.stored = new Map(files && typeof files === 'object' ? Object.entries(files) : []);
  }

  override recall<T>(file: string, key: string, stamp?: string): Remembered<T> | undefined {
    this.seen.add(file);
    const entry = this.stored.get(file);
    if (!entry || entry.key !== textDigest(key)) return undefined;
    // Same text under a new stamp (touched, or no longer racy): the next build recalls it without reading.
    if (stamp !== undefined && stamp !== entry.stamp) {
      entry.stamp = stamp;
      this.changed = true;
    }
    return this.materialize<T>(file, entry);
  }

  override recallUnread<T>(file: string, inputs: string, full: string): Remembered<T> | undefined {
    this.seen.add(file);
    const entry = this.stored.get(file);
    if (!entry || !entry.stamp || entry.inputs !== this.inputsDigest(inputs) || entry.stamp !== (this.stamps?.get(file) ?? fileStampSync(full))) return undefined;
    return this.materialize<T>(file, entry);
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
    this.recalled.delete(file);
    const key = textDigest(entry.key);
    if (entry.value && typeof entry.value === 'object') this.digests.set(entry.value, `${file}\u0000${key}`);
    this.stored.set(file, {
      // Empty (no stat-first recall) when the loader could not trust it (see RACY_MS in load.ts).
      stamp: entry.stamp ?? '',
      key,
      inputs: this.inputsDigest(entry.inputs),
      // Stored as JSON when saved: the values are plain data (zod's output of parsed YAML).
      value: entry.value,
      // Locating a placeholder parses the file's document: done here, once, for the few values that carry the tag.
      placeholders: entry.placeholders.map((p) => ({ value: p.value, location: p.location })),
      verbatim: entry.verbatim,
      ...(file === 'site.yaml' ? { text: entry.source.text, data: entry.source.data } : {}),
    });
  }

  override forget(file: string): void {
    this.seen.add(file);
    if (this.stored.delete(file)) this.changed = true;
    this.recalled.delete(file);
  }

  /** What to store for the next build, or undefined when it would be what was loaded (nothing to write). */
  snapshot(): Snapshot | undefined {
    for (const file of this.stored.keys()) {
      if (this.seen.has(file)) continue;
      this.stored.delete(file);
      this.changed = true;
    }
    return this.changed ? { format: FORMAT, files: Object.fromEntries(this.stored) } : undefined;
  }

  /** A stored file as the loader expects it; its source is parsed only if something must be located in it. */
  private materialize<T>(file: string, entry: StoredFile): Remembered<T> {
    let remembered = this.recalled.get(file);
    if (!remembered) {
      const source = file === 'site.yaml' && entry.text !== undefined ? storedSource(file, entry.text, entry.data) : lazySource(file, () => readFileSync(path.join(this.root, file), 'utf8'));
      remembered = { key: entry.key, source, value: entry.value, placeholders: entry.placeholders as Placeholder[], verbatim: entry.verbatim };
      if (entry.value && typeof entry.value === 'object') this.digests.set(entry.value, `${file}\u0000${entry.key}`);
      this.recalled.set(file, remembered);
    }
    return remembered as Remembered<T>;
  }
}

/** A source whose text is known and whose data the loader needs (site.yaml): parsed again only to locate. */
function storedSource(file: string, text: string, data: unknown): YamlSource {
  const lazy = lazySource(file, () => text);
  Object.defineProperty(lazy, 'text', { value: text, enumerable: true });
  return Object.defineProperty(lazy, 'data', { value: data, enumerable: true, writable: true });
}

/** A source parsed from its file on first use: the loader only locates in it (another file's duplicate route). */
function lazySource(file: string, text: () => string): YamlSource {
  let parsed: YamlSource | undefined;
  const source = () => (parsed ??= parseYaml(file, text()).source ?? parseYaml(file, '{}').source!);
  return {
    file,
    get text() {
      return source().text;
    },
    get data() {
      return source().data;
    },
    get strings() {
      return source().strings;
    },
    get doc() {
      return source().doc;
    },
    get lines() {
      return source().lines;
    },
  };
}
