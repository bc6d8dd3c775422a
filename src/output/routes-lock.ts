import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isNotFound } from '../content/routes.ts';

/**
 * `routes.lock`: every URL the site has published, committed beside the content folder (the repository root),
 * so `site check` can tell when one vanished without a redirect, in CI and without any build cache. `site build`
 * adds the routes it publishes and never removes one: a URL leaves the lock only when someone deletes its line
 * (it is gone for good) — a page deleted or renamed keeps failing `site check` until it gets a redirect.
 */

export const ROUTES_LOCK = 'routes.lock';

const HEADER = `# Every URL this site has published: \`site build\` adds new ones, \`site check\` reports one that is neither a page
# nor redirected in content/redirects.yaml. Commit it. Delete a line only for a URL that is gone for good.
`;

/** Where the lock of a content folder lives: beside it (for this project, the repository root). */
export function routesLockPath(contentDir: string): string {
  return path.join(path.dirname(path.resolve(contentDir)), ROUTES_LOCK);
}

/** The routes in a lock with their line numbers; undefined when there is no lock. */
export async function readRoutesLock(file: string): Promise<{ route: string; line: number }[] | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  return text
    .split('\n')
    .map((raw, i) => ({ route: raw.trim(), line: i + 1 }))
    .filter(({ route }) => route.startsWith('/'));
}

/**
 * Adds the routes a build wrote (its report's: every live page) to the lock beside `contentDir`, but the not-found
 * page's, which has no URL. It is created only in a project folder (a
 * package.json beside the content folder), so fixture and temporary builds leave none behind. Resolves to the
 * file when it changed.
 */
export async function updateRoutesLock(contentDir: string, built: readonly string[]): Promise<string | undefined> {
  const file = routesLockPath(contentDir);
  const locked = await readRoutesLock(file);
  if (!locked && !existsSync(path.join(path.dirname(file), 'package.json'))) return undefined;
  const known = new Set(locked?.map((l) => l.route));
  const added = built.filter((route) => !isNotFound(route) && !known.has(route));
  if (locked && added.length === 0) return undefined;
  const routes = [...known, ...added].sort();
  await writeFile(file, `${HEADER}${routes.join('\n')}\n`);
  return file;
}
