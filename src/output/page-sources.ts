import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inChunks } from '../cache/records.ts';
import type { MarkedElement } from '../render/source-marks.tsx';
import { shortDigest } from '../cache/digest.ts';
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
  return [page.entry.file, { hash: shortDigest(page.bytes), elements: page.elements }];
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
 * Writes the file from its entries, each an object or its text (entryText): the JSON of the whole, one page's entry a
 * line (JSON.stringify never writes a raw line break), so the next build splits it by lines (splitEntries). Entries
 * that lie one after the other in memory with what would be written between them there already (a reused page's entry
 * is a piece of the last file, previousPageSources, and the pages keep their order) go as one piece: a one-page build
 * of 10,000 pages hands on a few pieces, not 20,000.
 */
export async function writePageSources(outDir: string, entries: Iterable<[string, PageSourcesEntry | Buffer]>): Promise<void> {
  function* parts(): Generator<string | Buffer> {
    yield HEAD;
    let first = true;
    /** Entries and separators written as one piece of memory, until the next entry does not follow on. */
    let run: Buffer | undefined;
    for (const [file, entry] of entries) {
      const separator = `${first ? '\n' : ',\n'}${JSON.stringify(file)}:`;
      first = false;
      const text = Buffer.isBuffer(entry) ? entry : entryText(entry);
      const end = run && run.byteOffset + run.byteLength;
      const gap =
        run && end! + Buffer.byteLength(separator) === text.byteOffset && run.buffer === text.buffer
          ? Buffer.from(text.buffer, end, text.byteOffset - end!)
          : undefined;
      if (run && gap?.toString('utf8') === separator) {
        run = Buffer.from(run.buffer, run.byteOffset, text.byteOffset + text.byteLength - run.byteOffset);
        continue;
      }
      if (run) yield run;
      yield separator;
      run = text;
    }
    if (run) yield run;
    yield first ? '}}' : '\n}}';
  }
  // In pieces of a megabyte: one write per entry was 20,000 round trips to the thread pool at 10,000 pages.
  await writeFile(pageSourcesFile(outDir), inChunks(parts()));
}

const HEAD = '{"version":1,"pages":{';
const [QUOTE, BACKSLASH, COLON, COMMA, OPEN, CLOSE] = [...'"\\:,{}'].map((c) => c.charCodeAt(0));
const NEWLINE = 10;

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

/** The file's entries by page, a line each (writePageSources); empty for anything but that layout. */
export function splitEntries(bytes: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const none = new Map<string, Buffer>();
  if (bytes.toString('utf8', 0, HEAD.length) !== HEAD) return none;
  if (bytes.length === HEAD.length + 2) return bytes[HEAD.length] === CLOSE && bytes[HEAD.length + 1] === CLOSE ? entries : none;
  for (let at = HEAD.length; ;) {
    if (bytes[at] !== NEWLINE) return none;
    const end = bytes.indexOf(NEWLINE, at + 1);
    if (end < 0) return none;
    const last = bytes[end - 1] !== COMMA;
    const line = bytes.subarray(at + 1, last ? end : end - 1);
    // `"name":{…}`: the name is a JSON string, whose first unescaped quote ends it.
    let close = 1;
    while (close < line.length && line[close] !== QUOTE) close += line[close] === BACKSLASH ? 2 : 1;
    if (line[0] !== QUOTE || line[close + 1] !== COLON || line[close + 2] !== OPEN || line[line.length - 1] !== CLOSE) return none;
    entries.set(JSON.parse(line.toString('utf8', 0, close + 1)) as string, line.subarray(close + 2));
    at = end;
    // The line after the last entry (no comma after it) closes the file: `}}` and nothing more.
    if (last) return bytes.length === end + 3 && bytes[end + 1] === CLOSE && bytes[end + 2] === CLOSE ? entries : none;
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
    return page && page.hash === shortDigest(html) ? page.elements : undefined;
  };
}
