import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError, type Result } from '../errors/site-error.ts';
import { parseYaml } from '../content/yaml-source.ts';
import { contentSchemas, SCHEMA_DIR } from './json-schema.ts';
import type { SchemaContext } from './sections/index.ts';

/** Plan and savings keys of a content directory's site.yaml (page schemas enumerate them). */
export async function schemaContextOf(contentDir: string): Promise<Result<SchemaContext>> {
  let text: string;
  try {
    text = await readFile(path.join(contentDir, 'site.yaml'), 'utf8');
  } catch {
    return { ok: false, errors: [new SiteError({ code: 'missing-file', message: 'cannot read site.yaml', location: { file: 'site.yaml' }, hint: 'point --content at the content directory' })] };
  }
  const parsed = parseYaml('site.yaml', text);
  if (!parsed.source) return { ok: false, errors: parsed.errors };
  const constants = (parsed.source.data as { constants?: { plans?: object; savings?: object } } | null)?.constants;
  return { ok: true, value: { plans: Object.keys(constants?.plans ?? {}), savings: Object.keys(constants?.savings ?? {}) } };
}

/** `site schema`: writes <content>/.schema/{site,locale,page,check}.json from the zod schemas. */
export async function writeContentSchemas(contentDir: string): Promise<Result<string[]>> {
  const ctx = await schemaContextOf(contentDir);
  if (!ctx.ok) return ctx;
  const dir = path.join(contentDir, SCHEMA_DIR);
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const [name, json] of Object.entries(contentSchemas(ctx.value))) {
    await writeFile(path.join(dir, `${name}.json`), json);
    written.push(path.join(dir, `${name}.json`));
  }
  return { ok: true, value: written };
}
