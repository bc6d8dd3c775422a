import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inChunks } from '../cache/records.ts';
import type { MarkedElement } from '../render/source-marks.tsx';
import { contentHash } from './hash.ts';
import type { RenderedPage } from './site-render.ts';

/**
 * Where each built page's content links are written in the content (the render's element sources), kept
 * beside the output directory, never in it: `dist/` is what visitors get, this file is for `site check
 * --out dist`, which reads it to place a finding at the YAML value that wrote the element. Each page's
 * entry carries the hash of the HTML it describes, so a page changed after the build is not mis-mapped.
 */
export interface PageSources {
  version: 1;
  pages: Record<string, { hash: string; elements: MarkedElement[] }>;
}

/** `dist` → `.dist.sources.json` in the same parent folder. */
export function pageSourcesFile(outDir: string): string {
  const out = path.resolve(outDir);
  return path.join(path.dirname(out), `.${path.basename(out)}.sources.json`);
}

type PageSourcesEntry = PageSources['pages'][string];

export function pageSourcesEntry(page: RenderedPage): [string, PageSourcesEntry] {
  return [page.entry.file, { hash: contentHash(page.bytes), elements: page.elements }];
}

/**
 * An entry as the file holds it (its JSON), made as its page is rendered: a build keeps every page's entry until
 * it writes the file at its end, which is where a cold build's memory peaks (10,000 pages: ~17 MB of objects,
 * ~8 MB as text, which is also not copied again into one string to be written).
 */
export function entryText(entry: PageSourcesEntry): Buffer {
  return Buffer.from(JSON.stringify(entry));
}

/**
 * Writes the file from its entries, each an object or its text (entryText); the same bytes as JSON.stringify of the whole.
 * Entries that lie one after the other in memory with what would be written between them there already (a reused
 * page's entry is a piece of the last file, previousPageSources, and the pages keep their order) go as one piece: a
 * one-page build of 10,000 pages hands on a few pieces, not 20,000.
 */
export async function writePageSources(outDir: string, entries: Iterable<[string, PageSourcesEntry | Buffer]>): Promise<void> {
  function* parts(): Generator<string | Buffer> {
    yield HEAD;
    let first = true;
    /** Entries and separators written as one piece of memory, until the next entry does not follow on. */
    let run: Buffer | undefined;
    for (const [file, entry] of entries) {
      const separator = `${first ? '' : ','}${JSON.stringify(file)}:`;
      first = false;
      const text = Buffer.isBuffer(entry) ? entry : entryText(entry);
      const end = run && run.byteOffset + run.byteLength;
      const gap = run && end! + Buffer.byteLength(separator) === text.byteOffset && run.buffer === text.buffer ? Buffer.from(text.buffer, end, text.byteOffset - end!) : undefined;
      if (run && gap?.toString('utf8') === separator) {
        run = Buffer.from(run.buffer, run.byteOffset, text.byteOffset + text.byteLength - run.byteOffset);
        continue;
      }
      if (run) yield run;
      yield separator;
      run = text;
    }
    if (run) yield run;
    yield '}}';
  }
  // In pieces of a megabyte: one write per entry was 20,000 round trips to the thread pool at 10,000 pages.
  await writeFile(pageSourcesFile(outDir), inChunks(parts()));
}

const HEAD = '{"version":1,"pages":{';
const [QUOTE, BACKSLASH, COLON, COMMA, OPEN, CLOSE, OPEN_LIST, CLOSE_LIST] = [...'"\\:,{}[]'].map((c) => c.charCodeAt(0));

/**
 * The entries the last build wrote, each as its JSON text (empty when there is no file, or it is not one this
 * generator wrote): a page the page cache reuses keeps its entry, copied as it is. The file is only split, not
 * parsed: at 10,000 pages parsing it and writing it again took megabytes of objects for one changed entry.
 */
export async function previousPageSources(outDir: string): Promise<Map<string, Buffer>> {
  try {
    return splitEntries(await readFile(pageSourcesFile(outDir)));
  } catch {
    return new Map();
  }
}

/** The file's entries by page, found by following its strings and brackets; empty for anything but writePageSources' layout. */
export function splitEntries(bytes: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const none = new Map<string, Buffer>();
  if (bytes.toString('utf8', 0, HEAD.length) !== HEAD) return none;
  /** The end (after the closing quote) of the string starting at `at`. */
  const stringEnd = (at: number): number => {
    for (let i = at + 1; i < bytes.length; i++) {
      if (bytes[i] === BACKSLASH) i++;
      else if (bytes[i] === QUOTE) return i + 1;
    }
    return -1;
  };
  let at = HEAD.length;
  if (bytes[at] === CLOSE) return bytes.length === at + 2 && bytes[at + 1] === CLOSE ? entries : none;
  for (;;) {
    if (bytes[at] !== QUOTE) return none;
    const keyEnd = stringEnd(at);
    if (keyEnd < 0 || bytes[keyEnd] !== COLON || bytes[keyEnd + 1] !== OPEN) return none;
    const file = JSON.parse(bytes.toString('utf8', at, keyEnd)) as string;
    let depth = 0;
    let end = keyEnd + 1;
    for (; end < bytes.length; end++) {
      const byte = bytes[end];
      if (byte === QUOTE) end = stringEnd(end) - 1;
      else if (byte === OPEN || byte === OPEN_LIST) depth++;
      else if ((byte === CLOSE || byte === CLOSE_LIST) && --depth === 0) break;
      if (end < 0) return none;
    }
    if (depth !== 0) return none;
    entries.set(file, bytes.subarray(keyEnd + 1, end + 1));
    at = end + 1;
    if (bytes[at] === COMMA) at++;
    else return bytes[at] === CLOSE && bytes[at + 1] === CLOSE && bytes.length === at + 2 ? entries : none;
  }
}

export async function removePageSources(outDir: string): Promise<void> {
  await rm(pageSourcesFile(outDir), { force: true });
}

/**
 * The element sources of the page written at `file` whose HTML is `html`, from the file beside `outDir`;
 * undefined without that file (a build by another tool) or when the HTML is not the one it describes.
 */
export async function readPageSources(outDir: string): Promise<(file: string, html: string) => MarkedElement[] | undefined> {
  let sources: PageSources | undefined;
  try {
    const parsed = JSON.parse(await readFile(pageSourcesFile(outDir), 'utf8')) as PageSources;
    if (parsed.version === 1) sources = parsed;
  } catch {
    sources = undefined;
  }
  return (file, html) => {
    const page = sources?.pages[file];
    return page && page.hash === contentHash(html) ? page.elements : undefined;
  };
}
