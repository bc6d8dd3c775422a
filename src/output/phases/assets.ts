import { buildImages } from '../../assets/images.ts';
import type { BuildCache } from '../../cache/build-cache.ts';
import type { Result } from '../../errors/site-error.ts';
import { writeFunctionLocales } from '../function-locales.ts';
import { writeLeadNotificationTexts } from '../lead-notification-texts.ts';
import { codeAssets, type CodeAssets } from '../site-render.ts';
import { planCard } from '../social-cards.ts';
import type { BuildStart, LoadedSite, SiteAssets } from './types.ts';

/** A recorded page's card plan: its card file is kept as the last build wrote it (incremental/scope.ts). */
const NO_CARD: SiteAssets['cards'][number] = {};

/**
 * Started first: on a cache miss the islands are bundled (esbuild's own process) and the stylesheet compiled while the
 * content is stamped and loaded; the scripts' encodings start once they are bundled (encodeAhead).
 */
export function startCodeAssets(cache: BuildCache): Promise<CodeAssets> {
  const pending = codeAssets(cache, { encodeAhead: true });
  // A content error returns before the code assets are awaited: their failure must not go unhandled.
  pending.catch(() => {});
  return pending;
}

/**
 * The images built, each page's social card planned (planning reads nothing but an author's own image; drawing waits
 * until its page is written) and the code assets awaited; with `projectFiles: 'write'`, the files generated into the
 * project beside the output are written.
 */
export async function buildAssets(start: BuildStart, site: LoadedSite, code: Promise<CodeAssets>): Promise<Result<SiteAssets>> {
  const { options, cache } = start;
  const images = await buildImages(site.model, options.contentDir, cache);
  const cards = await Promise.all(site.pages.map((page) => (page.kind === 'recorded' ? NO_CARD : planCard(site.view, page.entry))));
  const errors = [...images.errors, ...cards.flatMap((c) => (c.error ? [c.error] : []))];
  if (errors.length) return { ok: false, errors };
  const assets = { code: await code, images, cards };
  if (options.projectFiles === 'write') {
    await writeFunctionLocales(options.contentDir, site.model);
    await writeLeadNotificationTexts(options.contentDir, site.model);
  }
  return { ok: true, value: assets };
}
