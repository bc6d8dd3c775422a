import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { removePageSources } from '../../src/output/page-sources.ts';

const BASE = path.resolve(import.meta.dirname, '../fixtures/check/base');

export interface SiteEdit {
  file: string;
  find: string;
  replace: string;
}

/**
 * A copy of the small fixture site (tests/fixtures/check/base) with edits and new files, in a fresh temporary
 * folder: `content/` and, for builds, `dist/` beside it. `remove()` deletes both.
 */
export async function editedSite(edits: SiteEdit[] = [], files: Record<string, string> = {}): Promise<{ dir: string; content: string; out: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-edited-'));
  const content = path.join(dir, 'content');
  await cp(BASE, content, { recursive: true });
  for (const edit of edits) {
    const file = path.join(content, edit.file);
    const text = await readFile(file, 'utf8');
    // An edit that no longer applies would silently test nothing.
    if (!text.includes(edit.find)) throw new Error(`edit does not apply to ${edit.file}: ${edit.find}`);
    await writeFile(file, text.replace(edit.find, edit.replace));
  }
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(content, file)), { recursive: true });
    await writeFile(path.join(content, file), text);
  }
  const out = path.join(dir, 'dist');
  return { dir, content, out, remove: async () => void (await Promise.all([rm(dir, { recursive: true, force: true }), removePageSources(out)])) };
}
