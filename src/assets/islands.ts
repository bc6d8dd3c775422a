import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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

/**
 * Bundles the island loader and, through its dynamic imports, one chunk per island plus shared chunks
 * (React once), minified, production React, content-hashed names. Nothing is written: the build does.
 */
export async function bundleIslands(): Promise<IslandBundle> {
  const result = await build({
    absWorkingDir: projectRoot,
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
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const url = (output: string) => `/${path.relative(projectRoot, path.resolve(projectRoot, output)).split(path.sep).join('/')}`;
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
  return { loader, files, graph };
}
