import type { Placeholder } from './model.ts';
import type { YamlSource } from './yaml-source.ts';

/** One file's validated result from an earlier load, and the key of everything it was made from. */
export interface Remembered<T> {
  key: string;
  source: YamlSource;
  value: T;
  placeholders: Placeholder[];
  verbatim: string[];
}

/**
 * Validated files from the previous load (`site dev` keeps one across rebuilds). A file whose text and
 * inputs (site.yaml, the environment, its locale's UI strings) are unchanged gives back the very objects
 * of last time, so the dev build can tell by identity which pages an edit touched. Only files that loaded
 * without an error are remembered: a fixed file is always read afresh.
 */
export class ContentMemo {
  private readonly files = new Map<string, Remembered<unknown>>();

  recall<T>(file: string, key: string): Remembered<T> | undefined {
    const entry = this.files.get(file);
    return entry?.key === key ? (entry as Remembered<T>) : undefined;
  }

  remember<T>(file: string, entry: Remembered<T>): void {
    this.files.set(file, entry);
  }

  forget(file: string): void {
    this.files.delete(file);
  }
}
