import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as LightningCss from 'lightningcss';

/**
 * Tailwind's compile and optimise steps as `@tailwindcss/node` runs them, without importing that package: on Node 20
 * its import registers a module-loader hook (`module.register`), which starts a hooks thread that every later import
 * of the build waits on, and it loads jiti, enhanced-resolve and source-map code the build never uses (~0.15-0.2
 * CPU-s of an empty-cache build). The stylesheet is the same bytes: a unit test holds it equal to the package's.
 */

const require = createRequire(import.meta.url);
// The optimiser `@tailwindcss/node` itself would load (it pins its version): the CSS it writes depends on it.
const lightningcss = () => createRequire(require.resolve('@tailwindcss/node'))('lightningcss') as typeof LightningCss;

/**
 * A stylesheet `@import`ed by styles.css: a path relative to the importing file, or a package's stylesheet (its
 * `style` entry: `@import "tailwindcss"`).
 */
async function loadStylesheet(id: string, base: string): Promise<{ path: string; base: string; content: string }> {
  let file: string;
  if (id.startsWith('.')) file = path.resolve(base, id);
  else {
    const manifest = require.resolve(`${id}/package.json`, { paths: [base] });
    const { style } = require(manifest) as { style?: string };
    if (!style) throw new Error(`@import "${id}": the package has no stylesheet (no "style" entry in its package.json)`);
    file = path.join(path.dirname(manifest), style);
  }
  return { path: file, base: path.dirname(file), content: await readFile(file, 'utf8') };
}

/** The minified stylesheet for `candidates`, from `input` (a Tailwind v4 stylesheet in the folder `base`). */
export async function compileStylesheet(input: string, base: string, candidates: readonly string[]): Promise<string> {
  const { compile } = await import('tailwindcss');
  const compiler = await compile(input, {
    base,
    loadStylesheet,
    loadModule: (id) => Promise.reject(new Error(`${id}: styles.css loads no plugins or configs (@plugin, @config)`)),
  });
  return optimize(compiler.build([...candidates]));
}

/** `@tailwindcss/node`'s `optimize(css, { minify: true })`: two passes of lightningcss with its targets, then its one rewrite. */
function optimize(css: string): string {
  const { transform, Features } = lightningcss();
  const pass = (code: Uint8Array) =>
    transform({
      filename: 'input.css',
      code,
      minify: true,
      drafts: { customMedia: true },
      nonStandard: { deepSelectorCombinator: true },
      include: Features.Nesting | Features.MediaQueries,
      exclude: Features.LogicalProperties | Features.DirSelector | Features.LightDark,
      targets: { safari: (16 << 16) | (4 << 8), ios_saf: (16 << 16) | (4 << 8), firefox: 128 << 16, chrome: 111 << 16 },
      errorRecovery: true,
    });
  const first = pass(Buffer.from(css));
  // What lightningcss dropped (errorRecovery) is said, as the package says it; not its warnings about framework pseudo-classes.
  for (const warning of first.warnings)
    if (!/'(deep|slotted|global|ng-deep|host-context)' is not recognized as a valid pseudo-/.test(warning.message))
      console.warn(`optimizing the stylesheet, line ${warning.loc.line}: ${warning.message}`);
  return Buffer.from(pass(first.code).code).toString('utf8').replaceAll('@media not (', '@media not all and (');
}
