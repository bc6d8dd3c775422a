import module, { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The build's worker threads, each a module beside this one and an entry of the CLI's bundle (bin/site.js). */
export type ThreadEntry = 'render-worker' | 'output-worker';

/**
 * A worker running the module `name` beside this one: bundled as JavaScript by bin/site.js, or TypeScript run from
 * source (tests, SITE_FROM_SOURCE) through tsx's ESM hooks, which a worker must register itself (`--import` in its
 * execArgv is not applied to a worker's own entry). The hooks' module is the ESM form of `tsx/esm/api` (its exports
 * map: index.mjs beside the index.cjs that `require.resolve` names).
 */
export function startThread(name: ThreadEntry, options?: WorkerOptions): Worker {
  const withCache = threadOptions(options);
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, import.meta.url), withCache);
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL(`./${name}.ts`, import.meta.url).href;
  const boot = `const { register } = await import(${JSON.stringify(tsx)}); register(); await import(${JSON.stringify(entry)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), withCache);
}

/** `module.getCompileCacheDir`, Node 22.1+ (the installed @types/node are Node 20's). */
const compileCacheDir = (module as { getCompileCacheDir?: () => string | undefined }).getCompileCacheDir;

/**
 * A thread's options with the process's compile cache (bin/site.js enables it, Node 22.1+): a worker does not inherit
 * it but reads NODE_COMPILE_CACHE from its environment as it starts, so without this every render thread compiled the
 * renderer's modules afresh on every build.
 */
export function threadOptions(options: WorkerOptions = {}, cacheDir = compileCacheDir?.()): WorkerOptions {
  const env = options.env ?? process.env;
  if (!cacheDir || typeof env !== 'object' || (env as NodeJS.ProcessEnv).NODE_COMPILE_CACHE) return options;
  return { ...options, env: { ...env, NODE_COMPILE_CACHE: cacheDir } };
}
