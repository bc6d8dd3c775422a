import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const entry = path.join(here, '../islands/client.ts');

export interface IslandBundle {
  /** URL of the page-load module (relative to the site root). */
  loader: string;
  /** Every emitted file: URL → bytes. */
  files: Map<string, Uint8Array>;
}

/**
 * Bundles the island loader and, through its dynamic imports, one chunk per island plus shared chunks
 * (React once), minified, production React, content-hashed names.
 */
export async function bundleIslands(outDir: string): Promise<IslandBundle> {
  const assetsDir = path.join(outDir, 'assets');
  const result = await build({
    entryPoints: { islands: entry },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    outdir: assetsDir,
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const files = new Map<string, Uint8Array>();
  for (const file of result.outputFiles) files.set(`/${path.relative(outDir, file.path).split(path.sep).join('/')}`, file.contents);
  const loaderOutput = Object.entries(result.metafile.outputs).find(([, meta]) => meta.entryPoint !== undefined);
  if (!loaderOutput) throw new Error('esbuild produced no entry output for the island loader');
  const loader = `/${path.relative(outDir, path.resolve(loaderOutput[0])).split(path.sep).join('/')}`;
  return { loader, files };
}
