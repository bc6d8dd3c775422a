#!/usr/bin/env node
// The CLI is TypeScript (src/cli/main.ts). It runs compiled into an ESM bundle in bin/.compiled/
// (git-ignored), made by esbuild on first use and again whenever one of its source files or the
// installed packages change: `site build` then starts in ~0.1 s instead of ~0.7 s of compiling and
// loading some 300 modules one by one (measured: `npm run bench`). SITE_FROM_SOURCE=1 runs the
// sources through tsx instead, as the unit tests do.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Pages are rendered for production: React's development build checks every element and renders
// several times slower. Tests that import the stages directly keep their own NODE_ENV.
process.env.NODE_ENV ??= 'production';
// Node 22.1+ keeps V8's compiled code of the bundle and the packages it loads (the hyphenation patterns, React) in
// the system's temporary folder, so the next command does not parse and compile them again (Node 20 has no compile
// cache and starts as before).
module.enableCompileCache?.();
// `site leads | head` closes the pipe early: that ends the output, it is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiledDir = path.join(root, 'bin/.compiled');
// Packages with native code, WebAssembly or files of their own stay in node_modules.
const EXTERNAL = [
  'esbuild',
  '@electric-sql/pglite',
  '@tailwindcss/*',
  'tailwindcss',
  'lightningcss',
  'pg',
  'html-validate',
  'tsx',
  '@supabase/*',
  'subset-font',
  'sharp',
  'satori',
  '@resvg/*',
  // hyphenation patterns (up to 750 KB a language), loaded on first use by render/hyphenation.ts
  'hyphen',
];

/** Size and mtime of each file the bundle was made from, and of the installed package set. */
function stamp(files) {
  return files.map((file) => {
    try {
      const { size, mtimeMs } = statSync(path.join(root, file));
      return `${file}:${size}:${mtimeMs}`;
    } catch {
      return `${file}:missing`;
    }
  });
}

/** The current bundle's entry, or undefined when any input changed since it was made. */
function currentBundle() {
  try {
    const { dir, inputs, stamps } = JSON.parse(readFileSync(path.join(compiledDir, 'current.json'), 'utf8'));
    const now = stamp(inputs);
    return now.length === stamps.length && now.every((s, i) => s === stamps[i]) ? path.join(compiledDir, dir, 'main.js') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * zod's namespace of error-message locales (`z.locales`, 64 languages, 360 KB of the CLI's 750 KB zod chunk) is
 * reduced to English, which zod registers by default and the only one the CLI uses: every `site` command that
 * loads content parses and compiles that code at start-up.
 */
const englishOnlyZod = {
  name: 'english-only-zod',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'english-only-zod' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'english-only-zod' }, () => ({
      contents: `export { default as en } from ${JSON.stringify(path.join(root, 'node_modules/zod/v4/locales/en.js'))};`,
      resolveDir: root,
    }));
  },
};

async function compile() {
  const { build, stop } = await import('esbuild');
  const dir = `cli-${process.pid}-${Date.now()}`;
  try {
    return await compileWith(build, dir);
  } finally {
    // esbuild's service is a child process: the command would otherwise leave it to exit after the CLI.
    await stop();
  }
}

async function compileWith(build, dir) {
  const result = await build({
    // The worker threads' entries (src/output/thread-entry.ts) are bundles of their own beside main.js, sharing its chunks.
    entryPoints: {
      main: path.join(root, 'src/cli/main.ts'),
      'render-worker': path.join(root, 'src/output/render-worker.ts'),
      'output-worker': path.join(root, 'src/output/output-worker.ts'),
    },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir: path.join(compiledDir, dir),
    external: EXTERNAL,
    define: { 'process.env.NODE_ENV': '"production"' },
    // Bundled CommonJS packages (commander) require Node built-ins.
    banner: { js: "import { createRequire as __siteRequire } from 'node:module'; const require = __siteRequire(import.meta.url);" },
    plugins: [englishOnlyZod],
    metafile: true,
    // Input paths in the metafile are relative to this: the project, whatever folder the CLI runs in.
    absWorkingDir: root,
    logLevel: 'error',
  });
  // The bundle's folder names the generator's code (output/generator-id.ts), and a build that finds nothing changed
  // since the last one under that name reuses its output whole. So the inputs are every file of src/ and templates/,
  // not only what the CLI imports: the browser's island loader, the stylesheet's source and the page shell are read
  // by a build without being part of the bundle, and an edit to one of them must not leave the old output in place.
  const bundled = Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules/') && !file.includes(':'));
  const inputs = [...new Set([...bundled, ...sourceFiles('src'), ...sourceFiles('templates')])].concat(
    'node_modules/.package-lock.json',
    'package.json',
    'bin/site.js',
  );
  // Written under a fresh name and switched to in one rename: CLIs starting at once never read a half-written bundle.
  const next = path.join(compiledDir, `current-${process.pid}.json`);
  writeFileSync(next, JSON.stringify({ dir, inputs, stamps: stamp(inputs) }));
  renameSync(next, path.join(compiledDir, 'current.json'));
  return path.join(compiledDir, dir, 'main.js');
}

/** Every file under `dir` (relative to the project), as the sources' generator id lists them. */
function sourceFiles(dir) {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Bundles older than a minute that are not current (a running CLI may still be loading a recent one). */
function removeStale(keep) {
  for (const entry of readdirSync(compiledDir)) {
    const full = path.join(compiledDir, entry);
    // Another CLI starting at the same moment may have removed it already: a bundle gone is a bundle cleaned up.
    const modified = entry.startsWith('cli-') && full !== keep ? statSync(full, { throwIfNoEntry: false })?.mtimeMs : undefined;
    if (modified !== undefined && Date.now() - modified > 60_000) rmSync(full, { recursive: true, force: true });
  }
}

let entry;
if (process.env.SITE_FROM_SOURCE === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  entry = path.join(root, 'src/cli/main.ts');
} else {
  mkdirSync(compiledDir, { recursive: true });
  entry = currentBundle() ?? (await compile());
  removeStale(path.dirname(entry));
}
const { main } = await import(pathToFileURL(entry).href);
process.exitCode = await main(process.argv);
