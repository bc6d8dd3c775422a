import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

/** Writes the file from its entries, each an object or its text (entryText); the same bytes as JSON.stringify of the whole. */
export async function writePageSources(outDir: string, entries: Iterable<[string, PageSourcesEntry | Buffer]>): Promise<void> {
  function* parts(): Generator<Buffer> {
    yield Buffer.from('{"version":1,"pages":{');
    let first = true;
    for (const [file, entry] of entries) {
      yield Buffer.from(`${first ? '' : ','}${JSON.stringify(file)}:`);
      yield Buffer.isBuffer(entry) ? entry : entryText(entry);
      first = false;
    }
    yield Buffer.from('}}');
  }
  await writeFile(pageSourcesFile(outDir), parts());
}

/** The entries the last build wrote (empty when there are none): a page the page cache reuses keeps its entry. */
export async function previousPageSources(outDir: string): Promise<PageSources['pages']> {
  try {
    const parsed = JSON.parse(await readFile(pageSourcesFile(outDir), 'utf8')) as PageSources;
    return parsed.version === 1 ? parsed.pages : {};
  } catch {
    return {};
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
