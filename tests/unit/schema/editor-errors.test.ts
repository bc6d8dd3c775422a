/**
 * What an editor shows for one mistake: the JSON Schema `site schema` writes, run by a JSON Schema
 * validator (ajv, draft 2020-12, all errors) as the YAML language server runs it. One mistake in a
 * section must be one error, not one per section type.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { contentSchemas } from '../../../src/schema/json-schema.ts';

const fixtureSite = path.resolve(import.meta.dirname, '../../fixtures/check/base');

async function validatorFor() {
  const schema = JSON.parse(contentSchemas({ plans: ['standard', 'plus'], savings: ['vsTwo'] }).page) as object;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  return ajv.compile(schema);
}

async function page(): Promise<{ sections: Record<string, unknown>[] } & Record<string, unknown>> {
  return parse(await readFile(path.join(fixtureSite, 'pages/home/de.yaml'), 'utf8'));
}

describe('the page schema in an editor', () => {
  it('accepts a valid page', async () => {
    const validate = await validatorFor();
    expect(validate(await page()), JSON.stringify(validate.errors)).toBe(true);
  });

  it('reports a misspelt key of a section once, at that section', async () => {
    const validate = await validatorFor();
    const data = await page();
    const { title, ...hero } = data.sections[0]!;
    data.sections[0] = { ...hero, titel: title };
    expect(validate(data)).toBe(false);
    // ajv adds a summary "must match then" above the errors inside a `then`; editors show the errors themselves.
    const errors = validate.errors!.filter((e) => e.keyword !== 'if').map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
    // The hero lacks `title` and has an unknown `titel`: two facts about one section, and nothing about other section types.
    expect(errors).toEqual([
      `/sections/0 must have required property 'title' {"missingProperty":"title"}`,
      `/sections/0 must NOT have additional properties {"additionalProperty":"titel"}`,
    ]);
  });

  it('reports an unknown section type once, with the types there are', async () => {
    const validate = await validatorFor();
    const data = await page();
    data.sections[1] = { ...data.sections[1], type: 'feature' };
    expect(validate(data)).toBe(false);
    expect(validate.errors).toHaveLength(1);
    expect(validate.errors![0]).toMatchObject({ instancePath: '/sections/1/type', keyword: 'enum' });
    expect((validate.errors![0]!.params as { allowedValues: string[] }).allowedValues).toContain('features');
  });
});
