import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Result } from '../errors/site-error.ts';
import { readSiteFile, schemaContextFrom } from '../content/site-file.ts';
import { contentSchemas, editorSettings, SCHEMA_DIR } from '../schema/json-schema.ts';
import { contentReference } from '../schema/reference.ts';
import type { SchemaContext } from '../schema/sections/index.ts';

/** Plan, savings and chatbot keys of a content directory's site.yaml (page schemas enumerate them). */
export async function schemaContextOf(contentDir: string): Promise<Result<SchemaContext>> {
  const settings = await readSiteFile(contentDir);
  return settings.ok ? { ok: true, value: schemaContextFrom(settings.value) } : settings;
}

/**
 * `.vscode/settings.json` of the project the content belongs to (the folder that holds the content folder): the
 * YAML extension's settings for this content merged into what is there, without entries for paths outside the
 * project (an older `site schema` run from elsewhere wrote those). A file that is not plain JSON (VS Code allows
 * comments) is left alone and the snippet is written beside it, for the author to paste.
 */
async function writeEditorSettings(contentDir: string, projectDir: string): Promise<string> {
  const relative = path.relative(projectDir, path.resolve(contentDir)).split(path.sep).join('/') || '.';
  const file = path.join(projectDir, '.vscode/settings.json');
  const ours = editorSettings(relative);
  let existing: Record<string, unknown> = {};
  try {
    existing = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      const snippet = path.join(contentDir, SCHEMA_DIR, 'vscode-settings.json');
      await writeFile(snippet, `${JSON.stringify(ours, null, 2)}\n`);
      return snippet;
    }
  }
  const inside = ([schema]: [string, unknown]) => !path.isAbsolute(schema) && !path.normalize(schema).startsWith('..');
  const kept = Object.entries((existing['yaml.schemas'] as Record<string, string> | undefined) ?? {}).filter(inside);
  const schemas = { ...Object.fromEntries(kept), ...ours['yaml.schemas'] };
  const tags = [...new Set([...((existing['yaml.customTags'] as string[] | undefined) ?? []), ...ours['yaml.customTags']])];
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ ...existing, 'yaml.customTags': tags, 'yaml.schemas': schemas }, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}

/**
 * `site schema`: writes <content>/.schema/{site,locale,page,check,glossary}.json from the zod schemas, the
 * content reference (reference.md: header variants, section types and drawings with examples), and the
 * editor settings that map each content file to its schema (`.vscode/settings.json`).
 */
export async function writeContentSchemas(contentDir: string, projectDir: string = path.dirname(path.resolve(contentDir))): Promise<Result<string[]>> {
  const ctx = await schemaContextOf(contentDir);
  if (!ctx.ok) return ctx;
  const dir = path.join(contentDir, SCHEMA_DIR);
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  const schemas = contentSchemas(ctx.value);
  for (const [name, json] of Object.entries(schemas)) {
    await writeFile(path.join(dir, `${name}.json`), json);
    written.push(path.join(dir, `${name}.json`));
  }
  await writeFile(path.join(dir, 'reference.md'), contentReference(schemas.page));
  written.push(path.join(dir, 'reference.md'));
  written.push(await writeEditorSettings(contentDir, projectDir));
  return { ok: true, value: written };
}
