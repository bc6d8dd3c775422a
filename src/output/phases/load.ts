import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadCheckConfig } from '../../content/check-config.ts';
import { loadContent } from '../../content/load.ts';
import { fileStampSync, textDigest } from '../../content/memo.ts';
import { publishedModel } from '../../content/publishing.ts';
import { loadRedirects } from '../../content/redirects.ts';
import { StoredContentMemo } from '../../content/stored-memo.ts';
import type { Result, SiteError } from '../../errors/site-error.ts';
import { loadedPages, siteView } from '../incremental/pages.ts';
import type { Look } from '../incremental/plan.ts';
import { familiesToLoad, scopedPages } from '../incremental/scope.ts';
import { propsText, readBuildState, writeBuildState } from '../page-cache.ts';
import { pageSourcesFile, previousPageSources } from '../page-sources.ts';
import type { CodeAssets } from '../site-render.ts';
import { stampsByPath, treeStamps } from '../tree-stamps.ts';
import { stillBeside } from '../unchanged-build.ts';
import type { BuildStart, LoadedSite, OpenedContent } from './types.ts';

/**
 * The content memo opened with what the last build stored. The page cache's entries (megabytes at 10,000 pages) are
 * read from disk while the content folder is stamped.
 */
export async function openContent(start: BuildStart): Promise<OpenedContent> {
  const { options, cache, cached, outDir, generator, recorded, inputs, publication } = start;
  const previousPending = cached && !options.fresh ? readBuildState(cache, options.contentDir, outDir, generator) : undefined;
  // Stamped before any content is read: a file written while this build runs is looked at again by the next.
  const contentStamps = cached ? treeStamps(path.resolve(options.contentDir), { racy: true, earlier: recorded?.content }) : undefined;
  const previous = (await previousPending) ?? {};
  const memo = new StoredContentMemo(path.resolve(options.contentDir), previous.content, contentStamps && stampsByPath(contentStamps));
  // The page cache describes the files it wrote: with no output there, or none recorded, the build starts from an empty folder.
  const last = previous.output && existsSync(outDir) ? previous.output : undefined;
  // Only page files changed: only their families and the site's are loaded, the other pages are recorded (incremental/scope.ts).
  const scope = recorded && contentStamps && last ? familiesToLoad(recorded, inputs, publication.at, contentStamps) : undefined;
  memo.limitTo(scope);
  return { memo, contentStamps, last, scope };
}

/** A build that stops at an error keeps what did load: the next build reads only the files being fixed. */
export async function failBuild<T>(start: BuildStart, content: OpenedContent, errors: SiteError[]): Promise<Result<T>> {
  if (start.cached) await writeBuildState(start.cache, start.options.contentDir, start.outDir, start.generator, { content: content.memo.toStore() });
  return { ok: false, errors };
}

/**
 * The content, check.yaml and redirects loaded, with what is not live at the build's moment left out (publishedModel)
 * before anything reads the pages. A scoped build loads only its families and goes on if its loaded pages, without an
 * error, leave every other page as its line has it; else the whole site loads (after an error in a loaded page too, so
 * every error is reported at once: a route another page has, say).
 */
export async function loadSite(start: BuildStart, content: OpenedContent, code: Promise<CodeAssets>): Promise<Result<LoadedSite>> {
  const { options, cached, outDir, recorded, inputs, generator, publication } = start;
  const { memo, scope, last } = content;
  let [loaded, checkConfig] = await Promise.all([loadContent(options.contentDir, options.env, memo), loadCheckConfig(options.contentDir, memo)]);
  const budgets = textDigest(JSON.stringify(checkConfig.config.budgets));
  const known = (value: object) => memo.digestOf(value);
  const propsFile = propsInFolder(outDir);
  // A reused page's HTML is the one the last build wrote, so its element sources are the last build's too: a page whose
  // entry that file lacks (deleted, damaged) is not reused, so the file written at the end has every page's entry. The
  // file is the last build's only while it has the stamp that build recorded: one put back from an earlier build
  // holds entries of HTML the pages no longer have.
  const sourcesAsWritten = !recorded || stillBeside(recorded, pageSourcesFile(outDir));
  const previousSources = cached && sourcesAsWritten ? await previousPageSources(options.outDir) : new Map<string, Buffer>();
  // The output folder as the plan sees it (incremental/plan.ts).
  const look: Look = {
    stamp: (file) => fileStampSync(path.join(outDir, file)),
    propsPresent: (url) => propsFile(url) !== undefined,
    sourcesPresent: (file) => previousSources.has(file),
  };
  const scoped =
    scope && recorded && last && loaded.ok && !checkConfig.errors.length
      ? await scopedPages(publishedModel(loaded.value, publication), scope, { recorded, inputs, last, outDir, generator, budgets, code, known, look })
      : undefined;
  if (scope && !scoped) {
    memo.limitTo(undefined);
    loaded = await loadContent(options.contentDir, options.env, memo);
  }
  if (!loaded.ok || checkConfig.errors.length) return { ok: false, errors: [...(loaded.ok ? [] : loaded.errors), ...checkConfig.errors] };
  const model = publishedModel(loaded.value, publication);
  const pages = scoped ?? loadedPages(model);
  const view = siteView(model, pages);
  const redirects = await loadRedirects(options.contentDir, model.site, memo);
  if (redirects.errors.length) return { ok: false, errors: redirects.errors };
  const { config, source } = checkConfig;
  const site = {
    loaded: loaded.value,
    model,
    pages,
    view,
    checkConfig: config,
    checkSource: source,
    budgets,
    redirects,
    known,
    look,
    propsFile,
    previousSources,
  };
  return { ok: true, value: site };
}

/**
 * Each islands' props file in the output folder, read once a build: its text if it is the file its name says (named by
 * its content), else undefined (not there, or changed since it was written). A page is reused only with its files there.
 */
function propsInFolder(outDir: string): (url: string) => string | undefined {
  const read = new Map<string, string | undefined>();
  return (url) => {
    if (!read.has(url)) read.set(url, propsText(path.join(outDir, url), url));
    return read.get(url);
  };
}
