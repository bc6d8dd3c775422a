/**
 * A build cache for a test that asserts on its own entries (pages, images, social cards) but not on the code
 * assets: the island bundle, the CSS and the fonts come from the run's shared build cache (SITE_CACHE_DIR, else the
 * repository's), everything else from `own`. The code assets do not depend on content (STYLE_SOURCES: content adds
 * no classes), and made afresh they cost each such test file about 2.3 CPU-s (esbuild, Tailwind, font subsetting).
 */
import { defaultBuildCache, type BuildCache } from '../../src/cache/build-cache.ts';

const CODE_ASSET_KINDS = new Set(['islands', 'islands-inputs', 'islands-stamps', 'css', 'css-candidates', 'font']);

export function withSharedCodeAssets(own: BuildCache): BuildCache {
  const shared = defaultBuildCache();
  const of = (kind: string) => (CODE_ASSET_KINDS.has(kind) ? shared : own);
  return {
    read: (kind, key) => of(kind).read(kind, key),
    write: (kind, key, data, options) => of(kind).write(kind, key, data, options),
    remove: async (kind, key) => of(kind).remove?.(kind, key),
  };
}
