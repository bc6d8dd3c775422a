import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(repo, 'tests/fixtures/content');

interface Edit {
  file: string;
  find: string;
  replace: string;
}

/** Builds a content folder for fixture `name` (see tests/fixtures/content/README.md); returns its path. */
export async function contentFixture(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `site-fixture-${name}-`));
  const site = await readFile(path.join(repo, 'content/site.yaml'), 'utf8');
  await writeFile(path.join(dir, 'site.yaml'), site.replace(/^locales:\n(?:  - .*\n)+/m, 'locales:\n  - { code: de, lang: de, hreflang: de }\n'));
  await mkdir(path.join(dir, 'locales'), { recursive: true });
  await cp(path.join(repo, 'content/locales/de.yaml'), path.join(dir, 'locales/de.yaml'));
  await cp(path.join(fixtures, 'base'), dir, { recursive: true });
  if (name !== 'base') {
    await cp(path.join(fixtures, name), dir, { recursive: true, filter: (src) => !src.endsWith('edits.json') });
    let edits: Edit[] = [];
    try {
      edits = JSON.parse(await readFile(path.join(fixtures, name, 'edits.json'), 'utf8')) as Edit[];
    } catch {
      edits = [];
    }
    for (const edit of edits) {
      const file = path.join(dir, edit.file);
      const text = await readFile(file, 'utf8');
      if (!text.includes(edit.find)) throw new Error(`fixture ${name}: '${edit.find}' not found in ${edit.file}`);
      await writeFile(file, text.replace(edit.find, edit.replace));
    }
  }
  return dir;
}

/** 1-based line of the first line containing `needle` in a fixture file. */
export async function lineOf(dir: string, file: string, needle: string): Promise<number> {
  const lines = (await readFile(path.join(dir, file), 'utf8')).split('\n');
  const index = lines.findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`'${needle}' not in ${file}`);
  return index + 1;
}
