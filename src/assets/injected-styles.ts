import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Plugin } from 'esbuild';

/**
 * Libraries that insert a <style> element from their code at run time (sonner does, on import). A CSP
 * without 'unsafe-inline' must allow that CSS by hash: the empty element it appends first, then its text.
 */
const STYLE_INJECTORS = ['sonner'] as const;
const INSERT_CSS = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/;

const require = createRequire(import.meta.url);

/** The CSS a library injects, read from its installed package; undefined if it is not installed or injects none. */
export async function libraryInjectedCss(name: string): Promise<string | undefined> {
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    return undefined;
  }
  const literal = INSERT_CSS.exec(await readFile(entry, 'utf8'))?.[1];
  return literal ? (JSON.parse(literal) as string) : undefined;
}

/** The style texts the built bundles will inject: only for libraries whose CSS actually ships in a bundle. */
export async function injectedStyles(bundles: ReadonlyMap<string, Uint8Array>): Promise<string[]> {
  const texts = [...bundles.values()].map((bytes) => new TextDecoder().decode(bytes));
  const out: string[] = [];
  for (const name of STYLE_INJECTORS) {
    const css = await libraryInjectedCss(name);
    if (css && texts.some((text) => text.includes(css))) out.push('', css);
  }
  return out;
}

/**
 * An esbuild plugin that leaves the injected CSS out of the libraries' code: their rules the islands use are
 * in styles.css (the toaster's positions and motion), which every page has loaded already, so the CSS is not
 * downloaded a second time inside the script (sonner's is 19 KB, 3.6 KB gzipped) and needs no hash in the CSP.
 */
export const withoutInjectedCss: Plugin = {
  name: 'without-injected-css',
  setup(build) {
    const entries = new RegExp(`[\\\\/]node_modules[\\\\/](?:${STYLE_INJECTORS.join('|')})[\\\\/]dist[\\\\/][^\\\\/]+\\.m?js$`);
    build.onLoad({ filter: entries }, async (args) => ({ contents: (await readFile(args.path, 'utf8')).replace(INSERT_CSS, ''), loader: 'js' }));
  },
};
