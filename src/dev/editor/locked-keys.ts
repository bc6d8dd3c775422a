import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentFiles } from './content-files.ts';

type DocPath = (string | number)[];

const REFERENCE = /\{\{\s*([\w.-]+)/g;
/** Top-level keys of site.yaml a `{{…}}` reference names directly; every other reference is a constant. */
const SCOPE_ROOTS = new Set(['brand', 'company', 'email', 'baseUrl']);

/** Every string value in a parsed tree (the offer names plans, features and constants by key and path). */
function strings(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
}

/** Every key path of an object tree (records and their entries alike), deepest last. */
function keyPaths(value: unknown, at: DocPath, out: DocPath[]): DocPath[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [key, item] of Object.entries(value)) {
    out.push([...at, key]);
    keyPaths(item, [...at, key], out);
  }
  return out;
}

/**
 * The entries of site.yaml other content depends on, which the form offers neither to remove nor to rename:
 * every constant a `{{…}}` in any content file reads (and the groups it sits in), every key site.yaml's own
 * values name (the offer's plans and features, the savings' comparisons, `services.transcriptionAddon`), and
 * every entry of `offer` and of the plans and savings pages pick from. Over-locking an entry costs an author
 * nothing they need; removing a plan a price table prints would break the site.
 */
export async function lockedKeys(contentDir: string, site: unknown): Promise<DocPath[]> {
  const files = await contentFiles(contentDir);
  const names = [
    'site.yaml',
    ...files.locales.map((l) => `locales/${l}.yaml`),
    ...Object.entries(files.pages).flatMap(([family, langs]) => langs.map((l) => `pages/${family}/${l}.yaml`)),
  ];
  const used = strings(site, new Set<string>());
  for (const name of names) {
    const text = await readFile(path.join(contentDir, name), 'utf8').catch(() => '');
    for (const match of text.matchAll(REFERENCE)) {
      const parts = (match[1] as string).split('.');
      for (let i = 1; i <= parts.length; i++) used.add(parts.slice(0, i).join('.'));
    }
  }
  const isUsed = (p: DocPath) => {
    const dotted = (p[0] === 'constants' ? p.slice(1) : p).join('.');
    return used.has(dotted) || used.has(String(p[p.length - 1]));
  };
  const always = (p: DocPath) => p[0] === 'offer' || (p[0] === 'constants' && (p[1] === 'plans' || p[1] === 'savings') && p.length === 3);
  return keyPaths(site, [], []).filter((p) => (p[0] === 'constants' && isUsed(p)) || always(p) || (SCOPE_ROOTS.has(String(p[0])) && isUsed(p)));
}
