/**
 * The gate that keeps editor help complete: every property of every JSON Schema `site schema` writes
 * carries a description (what the YAML language server shows on hover and beside each completion).
 * Walks the files as written under content/.schema and the schemas generated from the code, so a field
 * added without `.describe()` fails here, and so does forgetting to regenerate.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSchemas, SCHEMA_DIR, type SchemaName } from '../../../src/schema/json-schema.ts';

type Node = { [key: string]: unknown };
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `<where>.<property>` of every property (at any depth, in any union branch) without a description. */
function undescribed(node: unknown, where: string): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => undescribed(item, `${where}[${i}]`));
  if (!isNode(node)) return [];
  const missing: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isNode(value)) {
      for (const [name, property] of Object.entries(value)) {
        const described = isNode(property) && typeof property.description === 'string' && property.description.trim().length >= 8;
        if (!described) missing.push(`${where}.${name}`);
        missing.push(...undescribed(property, `${where}.${name}`));
      }
    } else if (key === 'if') {
      // `if: {properties: {type: {const: hero}}}` selects a branch; it is not a field an author sees.
      continue;
    } else {
      missing.push(...undescribed(value, key === 'items' || key === 'additionalProperties' ? `${where}[]` : where));
    }
  }
  return missing;
}

/** Properties of a schema (any depth), to prove the walk reaches the section fields at all. */
function propertyCount(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((sum: number, item) => sum + propertyCount(item), 0);
  if (!isNode(node)) return 0;
  return Object.entries(node).reduce(
    (sum: number, [key, value]) => sum + (key === 'properties' && isNode(value) ? Object.keys(value).length : 0) + propertyCount(value),
    0,
  );
}

const contentDir = path.resolve(import.meta.dirname, '../../../content');
const generated = contentSchemas({ plans: ['standard', 'plus'], savings: ['vsTwo'] });
const names = Object.keys(generated) as SchemaName[];

describe('schema descriptions', () => {
  it.each(names)('every property of the generated %s schema is described', (name) => {
    const schema = JSON.parse(generated[name]) as unknown;
    expect(undescribed(schema, name)).toEqual([]);
  });

  it.each(names)('every property of content/.schema/%s.json (as committed) is described', async (name) => {
    const schema = JSON.parse(await readFile(path.join(contentDir, SCHEMA_DIR, `${name}.json`), 'utf8')) as unknown;
    expect(undescribed(schema, name)).toEqual([]);
  });

  it('the walk reaches every section field: a schema without descriptions would fail it', () => {
    const page = JSON.parse(generated.page) as unknown;
    expect(propertyCount(page)).toBeGreaterThan(150);
    expect(undescribed({ properties: { title: { type: 'string' }, nested: { description: 'a nested object', properties: { bare: {} } } } }, 'x')).toEqual([
      'x.title',
      'x.nested.bare',
    ]);
  });
});
