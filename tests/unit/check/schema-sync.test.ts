import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSchemas, SCHEMA_DIR, schemaModeline } from '../../../src/schema/json-schema.ts';
import { schemaContextOf } from '../../../src/schema/write-schemas.ts';

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
  });
});
