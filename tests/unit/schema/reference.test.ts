/** content/.schema/reference.md: every header variant, section type and drawing, each example valid, and in step with the code. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { schemaContextOf } from '../../../src/output/write-schemas.ts';
import { contentSchemas, SCHEMA_DIR } from '../../../src/schema/json-schema.ts';
import { HeaderVariant } from '../../../src/schema/page.ts';
import { contentReference } from '../../../src/schema/reference.ts';
import { MOCK_EXAMPLES, SECTION_EXAMPLES } from '../../../src/schema/sections/examples.ts';
import { createSectionSchema } from '../../../src/schema/sections/index.ts';
import { ProductMock } from '../../../src/schema/sections/mock.ts';

const contentDir = path.resolve(import.meta.dirname, '../../../content');

async function context() {
  const ctx = await schemaContextOf(contentDir);
  if (!ctx.ok) throw new Error(ctx.errors.map((e) => e.message).join('\n'));
  return ctx.value;
}

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('the content reference', () => {
  it('has a valid minimal example for every section type', async () => {
    const schema = createSectionSchema(await context());
    const types = schema.options.map((option) => option.shape.type.value);
    expect(Object.keys(SECTION_EXAMPLES).sort()).toEqual([...types].sort());
    for (const [type, example] of Object.entries(SECTION_EXAMPLES)) {
      const [section] = parse(example) as unknown[];
      expect(issues(schema.safeParse(section)), type).toEqual([]);
    }
  });

  it('has a valid minimal example for every product drawing', () => {
    expect(Object.keys(MOCK_EXAMPLES).sort()).toEqual(ProductMock.options.map((o) => o.shape.kind.value).sort());
    for (const [kind, example] of Object.entries(MOCK_EXAMPLES))
      expect(issues(ProductMock.safeParse((parse(example) as { mock: unknown }).mock)), kind).toEqual([]);
  });

  it('names every header variant and section type, and is what `site schema` writes today', async () => {
    const written = await readFile(path.join(contentDir, SCHEMA_DIR, 'reference.md'), 'utf8');
    expect(written).toBe(contentReference(contentSchemas(await context()).page));
    for (const variant of HeaderVariant.options) expect(written).toContain(`| \`${variant}\` |`);
    for (const type of Object.keys(SECTION_EXAMPLES)) expect(written).toContain(`### \`${type}\``);
    expect(written).not.toMatch(/\| \s*\|$/m);
  });
});
