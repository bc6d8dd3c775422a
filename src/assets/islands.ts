import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cacheKey, isCacheKey, noCache, readJsonEntry, stampsKey, type BuildCache } from '../cache/build-cache.ts';
import { packageRoot } from '../package-root.ts';
import { closeWhenDone } from '../process/shutdown.ts';
import { withoutInjectedCss } from './injected-styles.ts';

const LOADER_SOURCE = 'src/islands/client.ts';

/** One emitted script and the scripts it imports. */
export interface ScriptNode {
  /** Imports evaluated with it (`import … from`): downloaded together. */
  static: string[];
  /** `import()` targets: downloaded only when that code runs. */
  dynamic: string[];
  /** The source module this chunk is the entry of (islands, lazily loaded modules), relative to the project. */
  entry?: string;
}

export interface IslandBundle {
  /** URL of the page-load module (relative to the site root). */
  loader: string;
  /** Every emitted file: URL → bytes. */
  files: Map<string, Uint8Array>;
  /** The import graph of the emitted scripts, by URL (from esbuild's metafile, exact). */
  graph: Map<string, ScriptNode>;
}

/** Bumped when the bundling below changes in a way the inputs do not show (options, output shape). */
const BUNDLE_FORMAT = 2;
// The version from the package file: esbuild itself is imported only on a cache miss (~0.1 s of start-up).
const esbuildVersion = (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version;
const INPUTS_KEY = cacheKey('island inputs', esbuildVersion, String(BUNDLE_FORMAT));

/** What the cache keeps of a bundle: files as base64, the graph as entries. */
interface StoredBundle {
  loader: string;
  files: [string, string][];
  graph: [string, ScriptNode][];
}

/** A key over the contents of every file the last bundle was made from (sources and packages alike). */
async function inputsKey(inputs: readonly string[]): Promise<string | undefined> {
  try {
    return cacheKey(INPUTS_KEY, ...inputs, ...(await Promise.all(inputs.map((file) => readFile(path.resolve(packageRoot, file))))));
  } catch {
    return undefined;
  }
}

/**
 * Bundles the island loader and, through its dynamic imports, one chunk per island plus shared chunks
 * (React once), minified, production React, content-hashed names. Nothing is written: the build does.
 * Cached under the contents of every input file of the previous bundle: the set of inputs can only
 * change through an edit to one of them (an import) or to the installed packages, which changes the key.
 */
export async function bundleIslands(cache: BuildCache = noCache): Promise<IslandBundle> {
  const key = await lastInputsKey(cache);
  const stored = key ? ((await readJsonEntry(cache, 'islands', key)) as StoredBundle | undefined) : undefined;
  // A damaged entry is no entry: bundle again.
  if (stored && typeof stored.loader === 'string' && Array.isArray(stored.files) && Array.isArray(stored.graph)) {
    return { loader: stored.loader, files: new Map(stored.files.map(([url, data]) => [url, Buffer.from(data, 'base64')])), graph: new Map(stored.graph) };
  }
  const { bundle, inputs } = await bundleFresh();
  const freshKey = await inputsKey(inputs);
  if (freshKey) {
    const value: StoredBundle = {
      loader: bundle.loader,
      files: [...bundle.files].map(([url, data]) => [url, Buffer.from(data).toString('base64')]),
      graph: [...bundle.graph],
    };
    await cache.write('islands', freshKey, JSON.stringify(value));
    await cache.write('islands-inputs', INPUTS_KEY, JSON.stringify(inputs));
  }
  return bundle;
}

/**
 * The contents key of the last bundle's inputs, stat-first: under the stamps of the inputs (some 170 files,
 * 2.5 MB of sources and packages) the cache keeps their contents key, so an unchanged tree is not read and hashed.
 */
async function lastInputsKey(cache: BuildCache): Promise<string | undefined> {
  const inputs = await readJsonEntry(cache, 'islands-inputs', INPUTS_KEY);
  if (!Array.isArray(inputs) || !inputs.every((file) => typeof file === 'string')) return undefined;
  const stamps = await stampsKey(packageRoot, inputs);
  const stored = stamps && (await cache.read('islands-stamps', cacheKey(INPUTS_KEY, stamps)));
  const known = stored && new TextDecoder().decode(stored);
  if (isCacheKey(known)) return known;
  const key = await inputsKey(inputs);
  if (key && stamps) await cache.write('islands-stamps', cacheKey(INPUTS_KEY, stamps), key);
  return key;
}

async function bundleFresh(): Promise<{ bundle: IslandBundle; inputs: string[] }> {
  const { build, stop } = await import('esbuild');
  // esbuild's service is a child process: stopped when the command ends, not left to exit after it.
  closeWhenDone('esbuild', stop);
  const result = await build({
    absWorkingDir: packageRoot,
    entryPoints: { islands: LOADER_SOURCE },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    outdir: 'assets',
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    plugins: [withoutInjectedCss],
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const url = (output: string) => `/${path.relative(packageRoot, path.resolve(packageRoot, output)).split(path.sep).join('/')}`;
  const files = new Map(result.outputFiles.map((file) => [url(file.path), file.contents]));
  const graph = new Map<string, ScriptNode>();
  let loader: string | undefined;
  for (const [output, meta] of Object.entries(result.metafile.outputs)) {
    if (!output.endsWith('.js')) continue;
    const imports = (kind: string) => meta.imports.filter((i) => i.kind === kind && !i.external).map((i) => url(i.path));
    graph.set(url(output), { static: imports('import-statement'), dynamic: imports('dynamic-import'), entry: meta.entryPoint });
    if (meta.entryPoint === LOADER_SOURCE) loader = url(output);
  }
  if (!loader) throw new Error('esbuild produced no entry output for the island loader');
  // Packages' files are inputs too: a reinstall that moves or changes one changes the key or fails the read.
  return { bundle: { loader, files, graph }, inputs: Object.keys(result.metafile.inputs) };
}
