import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteView } from '../../content/model.ts';
import { hostFiles } from '../host-files.ts';
import type { OutputManifest } from '../page-cache.ts';
import { redirectFiles } from '../redirects.ts';
import { SEO_FILES, seoFiles, siteFacts, type InlineCode } from '../seo-files.ts';
import { sitePolicy } from '../site-render.ts';
import { stillAsRecorded, type LastPages } from '../unchanged-build.ts';
import type { BuildRun, WrittenPages } from './types.ts';

const encoder = new TextEncoder();

/**
 * The sitemap, robots.txt and _headers (with the site-wide policy, the union of every page's inline code), the
 * redirects and the host files, written once every page is. A small edit leaves the sitemap, robots.txt and _headers
 * as the last build wrote them (sameSiteFiles): they stay.
 */
export async function writeSiteFiles(run: BuildRun, pages: WrittenPages): Promise<void> {
  const { outDir, recorded } = run.start;
  const { last } = run.content;
  const { view, redirects } = run.site;
  const { code } = run.assets;
  const { lastLines, keys } = run.plan;
  const { keep, inline, writer } = pages;
  const keptSeo =
    lastLines &&
    last &&
    recorded &&
    sameSiteFiles(view, keys, inline, lastLines, last) &&
    stillAsRecorded(
      recorded,
      outDir,
      SEO_FILES.map((url) => url.slice(1)),
    );
  if (keptSeo) for (const url of SEO_FILES) keep.add(url.slice(1));
  const seo = keptSeo ? undefined : seoFiles(view, sitePolicy(view, inline, code));
  // vercel.json and the nginx include carry _headers' rules: a kept _headers is read back (a few KB) rather than made.
  const headersText = seo?.get('/_headers') ?? (await readFile(path.join(outDir, '_headers'), 'utf8'));
  const siteFiles = [...(seo ?? []), ...redirectFiles(view, redirects.redirects, code.cssUrl), ...hostFiles(view, headersText, redirects.redirects)];
  await Promise.all(
    siteFiles.map(([url, text]) => {
      keep.add(url.slice(1));
      return writer.file(url, encoder.encode(text));
    }),
  );
}

/**
 * Whether the sitemap, robots.txt and _headers would come out as the last build (its record `lastLines`, its manifest
 * `last`) made them: the same files with the same routes, each page built under the key it had then or with the facts
 * (siteFacts) and inline code it had then. Checked before making them, so a one-page edit of 10,000 pages does not
 * make megabytes of text to find them unchanged.
 */
function sameSiteFiles(model: SiteView, keys: readonly string[], inline: readonly InlineCode[], lastLines: LastPages, last: OutputManifest): boolean {
  if (model.pages.length !== lastLines.size) return false;
  return model.pages.every((entry, index) => {
    const { file } = entry;
    if (lastLines.route(file) !== entry.route) return false;
    const key = lastLines.key(file);
    if (key === keys[index]) return true;
    // The manifest's inline code is the last build's when its record has the key the last build's line has.
    const record = last.pages[file];
    return (
      record !== undefined &&
      record.key === key &&
      lastLines.facts(file) === siteFacts(entry) &&
      JSON.stringify(record.inline) === JSON.stringify(inline[index])
    );
  });
}
