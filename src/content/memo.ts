import type { Placeholder } from './model.ts';
import type { YamlSource } from './yaml-source.ts';

/** One file's validated result from an earlier load, and the key of everything it was made from. */
export interface Remembered<T> {
  key: string;
  source: YamlSource;
  value: T;
  placeholders: Placeholder[];
  verbatim: string[];
  /** What besides its text the file was checked against (site.yaml's digest, the environment, the locale's number format). */
  inputs?: string;
  /** The file's stamp (fileStamp) from the same descriptor its text was read from, so a later write always shows. */
  stamp?: string;
}

/**
 * Validated files from the previous load (`site dev` keeps one across rebuilds). A file whose text and
 * inputs (site.yaml, the environment, its locale's UI strings) are unchanged gives back the very objects
 * of last time, so the dev build can tell by identity which pages an edit touched. Only files that loaded
 * without an error are remembered: a fixed file is always read afresh.
 */
export class ContentMemo {
  private readonly files = new Map<string, Remembered<unknown>>();

  /** `stamp`: the file's stamp as just read (the stored memo keeps it for the next stat-first recall). */
  recall<T>(file: string, key: string, _stamp?: string): Remembered<T> | undefined {
    const entry = this.files.get(file);
    return entry?.key === key ? (entry as Remembered<T>) : undefined;
  }

  /**
   * Last load's result for a file whose stamp and inputs are unchanged, without reading it. The memo in
   * memory compares texts instead (an editor may keep a file's size and second); the stored memo
   * (stored-memo.ts) answers from its stamps.
   */
  recallUnread<T>(_file: string, _inputs: string): Remembered<T> | undefined {
    return undefined;
  }

  /**
   * The names in a content folder (relative path, `.` for the content folder) as the build's walk of the content
   * folder listed it before loading, or undefined: the loader lists it. The stored memo knows the walk.
   */
  listing(_folder: string): string[] | undefined {
    return undefined;
  }

  remember<T>(file: string, entry: Remembered<T>): void {
    this.files.set(file, entry);
  }

  /** A digest of everything a remembered value was made from (file, inputs, text), when the memo keeps one. */
  digestOf(_value: object): string | undefined {
    return undefined;
  }

  forget(file: string): void {
    this.files.delete(file);
  }
}
