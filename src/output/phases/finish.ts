import { isCacheKey } from '../../cache/build-cache.ts';
import { PAGE_KIND, removeOthers, writeBuildState } from '../page-cache.ts';
import { writePageSources } from '../page-sources.ts';
import { treeStamps } from '../tree-stamps.ts';
import type { BuildRun, FinishedOutput, WrittenPages } from './types.ts';

/**
 * Everything written (the pages' report lines, the social cards, the assets' brotli copies), then what is not this
 * build's removed, the element sources written beside the folder and the page cache's state stored for the next build.
 */
export async function finishOutput(run: BuildRun, pages: WrittenPages): Promise<FinishedOutput> {
  const { cached, cache, options, outDir, generator, recorded } = run.start;
  const { last, memo } = run.content;
  const { next, keep, counts, removeOldOutput, superseded, elementSources, cardFiles } = pages;
  const routes = await Promise.all(pages.written);
  await Promise.all(pages.cardWrites);
  // The assets' brotli copies, written while the pages rendered (writer.asset).
  await pages.writer.encoded();
  for (const [file, card] of cardFiles) {
    const record = next.pages[file];
    if (record) next.pages[file] = { ...record, card: card.stamp, cardPath: card.path };
  }
  // Listed once, when everything is written: what is not this build's goes, and the rest is stamped for the next build.
  // A page file's stamp is the manifest's (checked before reuse, or taken right after writing), not stated again.
  const pageStamp = (file: string) => next.pages[file]?.stamp;
  let listed = removeOldOutput ? undefined : treeStamps(outDir, { earlier: recorded?.output, stated: pageStamp });
  if (removeOldOutput) await removeOldOutput();
  else {
    const gone = await removeOthers(
      outDir,
      keep,
      (listed ?? []).filter((_, i) => i % 2 === 0),
    );
    // Removing changed the stamps of the folders it removed from (a route vanished, a stray file went).
    if (gone.length) listed = undefined;
    const removed = gone.filter((file) => last?.pages[file]);
    counts.removed = removed.length;
    for (const file of removed) {
      // A key read from the manifest names a file in the cache: only a digest may (a damaged manifest could say anything).
      const key: unknown = last?.pages[file]?.key;
      if (isCacheKey(key)) superseded.push(key);
    }
  }
  // Stored HTML of pages this folder no longer has (another folder with the same page would render it again).
  const remove = cache.remove?.bind(cache);
  if (cached && remove) await Promise.all(superseded.map((old) => remove(PAGE_KIND, old)));
  // Nothing rendered, restored or removed: the stored manifest already says all this (10,000 records are megabytes to rewrite).
  const same =
    last &&
    counts.rendered === 0 &&
    pages.restored === 0 &&
    counts.removed === 0 &&
    pages.cardWrites.length === 0 &&
    Object.keys(last.pages).length === counts.reused;
  // The element sources beside the folder likewise: every entry came from that file (10,000 pages' are megabytes).
  if (!same || run.site.previousSources.size !== elementSources.length) await writePageSources(options.outDir, elementSources);
  if (cached)
    await writeBuildState(cache, options.contentDir, outDir, generator, { content: memo.toStore(), output: same ? undefined : next, carriedFrom: last });
  return { routes, listed };
}
