import { shortDigest } from '../../cache/digest.ts';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { validateSource } from '../../content/validate.ts';
import { parseYaml, type YamlSource } from '../../content/yaml-source.ts';
import type { SiteError } from '../../errors/site-error.ts';

/**
 * content/translations.lock.yaml: for each translation file and each of its strings (by document path), a hash
 * of the default-locale text it was translated from. A translation is stale when its source's hash today is
 * not the recorded one. Written by `site translations --accept`, committed, never edited by hand: it makes the
 * staleness deterministic and independent of git history (a shallow CI clone gives the same answer).
 */
export const LOCK_FILE = 'translations.lock.yaml';

const HASH_LENGTH = 12;

export const TranslationLock = z
  .record(
    z.string().regex(/^(locales\/[a-z0-9-]+|pages\/[^/\s]+\/[a-z0-9-]+)\.yaml$/, {
      message: 'expected a translation file such as pages/home/fr.yaml or locales/fr.yaml',
    }),
    z.record(
      z.string().min(1),
      z
        .string()
        .regex(new RegExp(`^[0-9a-f]{${HASH_LENGTH}}$`), { message: `expected a ${HASH_LENGTH}-digit hex hash written by \`site translations --accept\`` }),
    ),
  )
  .describe('Per translation file, per string path: the hash of the default-locale text it was translated from.');

export type TranslationLock = z.infer<typeof TranslationLock>;

/** The hash recorded for a source text: the text as written (references unresolved, so a figure change in site.yaml stales nothing). */
export function sourceHash(text: string): string {
  return shortDigest(text, { length: HASH_LENGTH });
}

export interface LoadedLock {
  /** Undefined when there is no lock file (staleness is not tracked) or it does not validate. */
  lock?: TranslationLock;
  source?: YamlSource;
  errors: SiteError[];
  /** Whether the file exists. */
  present: boolean;
}

export async function loadTranslationLock(contentDir: string): Promise<LoadedLock> {
  let text: string;
  try {
    text = await readFile(path.join(contentDir, LOCK_FILE), 'utf8');
  } catch {
    return { errors: [], present: false };
  }
  const parsed = parseYaml(LOCK_FILE, text);
  if (!parsed.source) return { errors: parsed.errors, present: true };
  // An empty file is an empty lock.
  if (parsed.source.data === null) return { lock: {}, source: parsed.source, errors: [], present: true };
  const checked = validateSource(TranslationLock, parsed.source);
  return { lock: checked.value, source: parsed.source, errors: checked.errors, present: true };
}

const HEADER = `# Written by \`site translations --accept\`: for each translated string, a hash of the German (default-locale)
# text it was translated from. A translation whose source text changed since is reported as stale.
# Commit this file; do not edit it by hand.
`;

/** The lock as YAML, sorted, so accepting the same content twice writes the same bytes. */
export function formatLock(lock: TranslationLock): string {
  const lines = [HEADER.trimEnd()];
  for (const file of Object.keys(lock).sort()) {
    const entries = Object.entries(lock[file]!).sort(([a], [b]) => a.localeCompare(b, 'en'));
    if (!entries.length) continue;
    lines.push(`${file}:`);
    for (const [key, hash] of entries) lines.push(`  ${JSON.stringify(key)}: "${hash}"`);
  }
  return `${lines.join('\n')}\n`;
}

export async function writeTranslationLock(contentDir: string, lock: TranslationLock): Promise<string> {
  const file = path.join(contentDir, LOCK_FILE);
  await writeFile(file, formatLock(lock));
  return file;
}
