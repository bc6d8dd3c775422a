import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheKey } from '../cache/build-cache.ts';
import { packageRoot } from '../package-root.ts';

/**
 * Names the generator's code, for the page cache: a page rendered by other code is rendered again.
 * The CLI runs from a bundle in bin/.compiled/<dir>/ that bin/site.js makes afresh whenever one of its
 * source files or the installed packages change, so the bundle's folder names the code at no cost.
 * From the sources (tests, SITE_FROM_SOURCE=1) it is a digest of src/, templates/ and the installed
 * package set.
 */
export async function generatorId(): Promise<string> {
  const here = fileURLToPath(import.meta.url);
  const bundle = /[\\/]bin[\\/]\.compiled[\\/]([^\\/]+)[\\/]/.exec(here);
  if (bundle) return `bundle:${bundle[1]}`;
  const files = [...(await listFiles('src')), ...(await listFiles('templates')), 'package.json', 'node_modules/.package-lock.json'];
  const contents = await Promise.all(files.map((file) => readFile(path.join(packageRoot, file)).catch(() => new Uint8Array())));
  return `source:${cacheKey(...files, ...contents)}`;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(packageRoot, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(packageRoot, path.join(entry.parentPath, entry.name)))
    .sort();
}
