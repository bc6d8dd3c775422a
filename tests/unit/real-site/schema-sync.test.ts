import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSchemas, SCHEMA_DIR, schemaModeline } from '../../../src/schema/json-schema.ts';
import { CUSTOM_TAGS } from '../../../src/content/yaml-source.ts';
import { schemaContextOf } from '../../../src/output/write-schemas.ts';

describe('JSON Schemas for editors', () => {
  it('content/.schema/*.json are what `site schema` generates from the zod schemas today', async () => {
    const ctx = await schemaContextOf('content');
    if (!ctx.ok) throw new Error('site.yaml does not parse');
    for (const [name, json] of Object.entries(contentSchemas(ctx.value))) {
      const committed = await readFile(path.join('content', SCHEMA_DIR, `${name}.json`), 'utf8');
      expect(committed, `content/${SCHEMA_DIR}/${name}.json is stale: run \`npx site schema\``).toBe(json);
    }
  });

  it('the page schema enumerates the real plan keys, so editors complete them', async () => {
    const page = JSON.parse(await readFile(path.join('content', SCHEMA_DIR, 'page.json'), 'utf8'));
    expect(JSON.stringify(page)).toContain('"enum":["standard","plus","smart"]'.replace(/"/g, '"'));
  });

  it('modelines point from each kind of content file to its schema', () => {
    expect(schemaModeline('site.yaml')).toBe('# yaml-language-server: $schema=.schema/site.json');
    expect(schemaModeline('locales/fr.yaml')).toBe('# yaml-language-server: $schema=../.schema/locale.json');
    expect(schemaModeline('pages/education/es.yaml')).toBe('# yaml-language-server: $schema=../../.schema/page.json');
    expect(schemaModeline('check.yaml')).toBe('# yaml-language-server: $schema=.schema/check.json');
    expect(schemaModeline('glossary.yaml')).toBe('# yaml-language-server: $schema=.schema/glossary.json');
    expect(schemaModeline('redirects.yaml')).toBe('# yaml-language-server: $schema=.schema/redirects.json');
  });

  it('.vscode/settings.json declares every custom tag and maps each kind of content file to its schema', async () => {
    const settings = JSON.parse(await readFile('.vscode/settings.json', 'utf8')) as { 'yaml.customTags': string[]; 'yaml.schemas': Record<string, string> };
    expect(settings['yaml.customTags']).toEqual(CUSTOM_TAGS.map((t) => `${t.tag} scalar`));
    expect(settings['yaml.schemas']).toEqual({
      [`./content/${SCHEMA_DIR}/site.json`]: 'content/site.yaml',
      [`./content/${SCHEMA_DIR}/check.json`]: 'content/check.yaml',
      [`./content/${SCHEMA_DIR}/glossary.json`]: 'content/glossary.yaml',
      [`./content/${SCHEMA_DIR}/redirects.json`]: 'content/redirects.yaml',
      [`./content/${SCHEMA_DIR}/locale.json`]: 'content/locales/*.yaml',
      [`./content/${SCHEMA_DIR}/page.json`]: 'content/pages/*/*.yaml',
    });
    for (const schema of Object.keys(settings['yaml.schemas'])) await expect(readFile(schema, 'utf8')).resolves.toBeTruthy();
  });
});
