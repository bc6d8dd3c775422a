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

export function pageSourcesEntry(page: RenderedPage): [string, PageSources['pages'][string]] {
  return [page.entry.file, { hash: contentHash(page.bytes), elements: page.elements }];
}

export async function writePageSources(outDir: string, entries: Iterable<[string, PageSources['pages'][string]]>): Promise<void> {
  const sources: PageSources = { version: 1, pages: Object.fromEntries(entries) };
  await writeFile(pageSourcesFile(outDir), JSON.stringify(sources));
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
