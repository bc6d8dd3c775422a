import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The generator's own folder (templates/, src/, supabase/, .htmlvalidate.json), found from this module
 * upwards: the same answer from the sources and from the CLI bundle in bin/.compiled/.
 */
function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) || !existsSync(path.join(dir, 'templates'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package root above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

export const packageRoot = findPackageRoot();
