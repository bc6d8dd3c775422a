import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cacheKey, noCache, readJsonEntry, stampsKey, type BuildCache } from '../cache/build-cache.ts';
import { packageRoot } from '../package-root.ts';

const stylesDir = path.join(packageRoot, 'src/assets');
const tailwindVersion = (createRequire(import.meta.url)('tailwindcss/package.json') as { version: string }).version;

/**
 * Where class names can come from: the page and island components and the document template.
 * Content cannot add classes (it picks components and icons by name), so every class a page can
 * carry is in these files; the unit tests hold the real site to that.
 */
export const STYLE_SOURCES = [
  { base: path.join(packageRoot, 'src/render'), pattern: '**/*.{ts,tsx}', negated: false },
  { base: path.join(packageRoot, 'src/islands'), pattern: '**/*.{ts,tsx}', negated: false },
  { base: path.join(packageRoot, 'templates'), pattern: '*.html', negated: false },
];

/** Tailwind class candidates in the style sources, sorted. */
export async function styleCandidates(): Promise<string[]> {
  // Loaded only when the sources changed (see cachedCandidates): importing it and scanning cost ~45 ms of every build.
  const { Scanner } = await import('@tailwindcss/oxide');
  return new Scanner({ sources: STYLE_SOURCES }).scan().sort();
}

/** Every file in the style sources' folders (a superset of what the scanner reads), relative to the package. */
async function styleSourceFiles(): Promise<string[]> {
  const lists = await Promise.all(
    STYLE_SOURCES.map(async ({ base }) =>
      (await readdir(base, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(packageRoot, path.join(e.parentPath, e.name))),
    ),
  );
  return lists.flat().sort();
}

/**
 * The candidates, stat-first: under the stamps of every file in the style sources' folders the cache keeps the
 * last scan's result, so a build after no code change stats some hundred files instead of scanning them.
 */
async function cachedCandidates(cache: BuildCache): Promise<string[]> {
  const key = await stampsKey(packageRoot, await styleSourceFiles());
  const stored = key && (await readJsonEntry(cache, 'css-candidates', key));
  // A damaged entry is no entry: scan again.
  if (Array.isArray(stored) && stored.every((c) => typeof c === 'string')) return stored;
  const candidates = await styleCandidates();
  if (key) await cache.write('css-candidates', key, JSON.stringify(candidates));
  return candidates;
}

/**
 * The site's stylesheet: Tailwind v4 compiled from the candidates in the components, minified.
 * It depends on code only, never on content, so it is built beside content loading and cached
 * under its inputs (stylesheet, candidates, Tailwind version).
 */
export async function buildStyles(cache: BuildCache = noCache): Promise<string> {
  const input = await readFile(path.join(stylesDir, 'styles.css'), 'utf8');
  const candidates = await cachedCandidates(cache);
  const key = cacheKey(tailwindVersion, input, candidates.join('\n'));
  const cached = await cache.read('css', key);
  if (cached) return new TextDecoder().decode(cached);
  // Loaded only on a cache miss: the compiler and its CSS optimiser take a tenth of a second to import.
  const { compileStylesheet } = await import('./tailwind.ts');
  const css = await compileStylesheet(input, stylesDir, candidates);
  await cache.write('css', key, css);
  return css;
}
