import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Compiles the site's CSS once per build from the class names actually used: those in the rendered
 * pages plus those in island sources (classes that only appear after interaction).
 */
export async function buildStyles(renderedHtml: readonly string[]): Promise<string> {
  const input = await readFile(path.join(here, 'styles.css'), 'utf8');
  const compiler = await compile(input, { base: here, onDependency: () => {} });
  const scanner = new Scanner({ sources: [{ base: path.join(here, '../islands'), pattern: '**/*.{ts,tsx}', negated: false }] });
  const candidates = new Set(scanner.scan());
  for (const candidate of scanner.scanFiles(renderedHtml.map((content) => ({ content, extension: 'html' })))) candidates.add(candidate);
  return optimize(compiler.build([...candidates]), { minify: true }).code;
}
