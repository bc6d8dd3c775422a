import path from 'node:path';
import { packageRoot } from '../../package-root.ts';
import { closeWhenDone } from '../../process/shutdown.ts';

const ENTRY = 'src/dev/editor/client/main.tsx';

/** The editor's browser code (React, the form library, the editor's own CSS) by file name: `app.js`, `app.css`. */
export type EditorBundle = Map<string, Uint8Array>;

/**
 * Bundles the editor on first use (only `site dev` with /admin opened pays for it, and nothing of it is part
 * of the island bundle or any built page). Code edits restart `site dev`, so one bundle per process is current.
 */
export async function bundleEditor(): Promise<EditorBundle> {
  const { build, stop } = await import('esbuild');
  // esbuild's service is a child process: stopped when the command ends, not left to exit after it.
  closeWhenDone('esbuild', stop);
  const result = await build({
    absWorkingDir: packageRoot,
    entryPoints: { app: ENTRY },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    outdir: 'editor',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return new Map(result.outputFiles.map((file) => [path.basename(file.path), file.contents]));
}
