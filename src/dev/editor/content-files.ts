import { readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { EditableKind } from './form-schema.ts';

/** What the editor may open and write: site.yaml, locales/<lang>.yaml, pages/<family>/<lang>.yaml. */
const EDITABLE = /^(?:site\.yaml|locales\/[a-z]{2}(?:-[A-Za-z0-9]+)*\.yaml|pages\/[a-z0-9][a-z0-9-]*\/[a-z]{2}(?:-[A-Za-z0-9]+)*\.yaml)$/;

export function kindOf(relative: string): EditableKind {
  return relative === 'site.yaml' ? 'site' : relative.startsWith('locales/') ? 'locale' : 'page';
}

/**
 * The absolute path of an editable content file named by the browser, or undefined. The name must be one of
 * the three content file forms (no `..`, no absolute path, no other extension), the path must stay inside the
 * content folder, and so must the real file a symlink leads to.
 */
export async function editablePath(contentDir: string, relative: unknown): Promise<string | undefined> {
  if (typeof relative !== 'string' || !EDITABLE.test(relative)) return undefined;
  const root = path.resolve(contentDir);
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return undefined;
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]);
    if (!realFile.startsWith(realRoot + path.sep)) return undefined;
  } catch {
    return undefined;
  }
  return file;
}

async function list(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}

/** The editable files by kind: the navigation's locales → pages, shared strings and constants. */
export async function contentFiles(contentDir: string): Promise<{ site: boolean; locales: string[]; pages: Record<string, string[]> }> {
  const locales = (await list(path.join(contentDir, 'locales'))).filter((f) => EDITABLE.test(`locales/${f}`)).map((f) => f.replace(/\.yaml$/, ''));
  const pages: Record<string, string[]> = {};
  for (const family of await list(path.join(contentDir, 'pages'))) {
    const files = (await list(path.join(contentDir, 'pages', family))).filter((f) => EDITABLE.test(`pages/${family}/${f}`));
    if (files.length) pages[family] = files.map((f) => f.replace(/\.yaml$/, ''));
  }
  return { site: (await list(contentDir)).includes('site.yaml'), locales, pages };
}
