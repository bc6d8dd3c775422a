/** The docs' minimal examples (section types, header variants, a new page, images, publishing, redirects) are valid content. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CheckConfig } from '../../../src/schema/check.ts';
import { createPageSchema, HeaderVariant } from '../../../src/schema/page.ts';
import { RedirectsFile } from '../../../src/schema/redirects.ts';
import { createSectionSchema } from '../../../src/schema/sections/index.ts';

const page = (name: string) => readFile(path.resolve(import.meta.dirname, '../../../docs/authoring', name), 'utf8');
const ctx = { plans: ['standard', 'plus'], savings: ['vsTwo'] };

/** The first ```yaml block after `heading`. */
function yamlAfter(text: string, heading: string): string {
  const from = text.indexOf(heading);
  expect(from, heading).toBeGreaterThan(-1);
  const block = /```yaml\n([\s\S]*?)```/.exec(text.slice(from));
  return block![1]!;
}

describe('docs examples', () => {
  it('every minimal section example is a valid section', async () => {
    const { sections } = parse(yamlAfter(await page('content.md'), '## Section types, each with a minimal example')) as { sections: unknown[] };
    const schema = createSectionSchema(ctx);
    const problems = sections.flatMap((section) =>
      (schema.safeParse(section).error?.issues ?? []).map((i) => `${(section as { type: string }).type}.${i.path.join('.')}: ${i.message}`),
    );
    expect(problems).toEqual([]);
    expect(sections.length).toBeGreaterThanOrEqual(8);
  });

  it('the header table names every header variant', async () => {
    const text = await page('content.md');
    for (const variant of HeaderVariant.options) expect(text).toContain(`| \`${variant}\` |`);
  });

  it('the image example is a valid section, and its budget a valid check.yaml', async () => {
    const text = await page('images.md');
    const [section] = parse(yamlAfter(text, '# Images')) as unknown[];
    expect(createSectionSchema(ctx).safeParse(section).error?.issues ?? []).toEqual([]);
    expect((section as { image?: unknown }).image).toBeDefined();
    const budget = /```yaml\n(budgets:[\s\S]*?)```/.exec(text.slice(text.indexOf('# Images')))![1]!;
    expect(CheckConfig.safeParse(parse(budget)).error?.issues ?? []).toEqual([]);
  });

  it('the new page of the walkthrough is a valid page', async () => {
    const added = parse(yamlAfter(await page('content.md'), '**Add a page.**'));
    expect(createPageSchema(ctx).safeParse(added).error?.issues ?? []).toEqual([]);
  });

  it('the scheduled page and the redirects file of "Drafts, scheduled publishing and redirects" are valid content', async () => {
    const text = await page('publishing.md');
    const scheduled = parse(yamlAfter(text, '## Drafts and scheduled publishing'));
    expect(createPageSchema(ctx).safeParse(scheduled).error?.issues ?? []).toEqual([]);
    expect((scheduled as { publishAt: string }).publishAt).toBe('2026-12-01T09:00:00+01:00');
    const redirects = parse(yamlAfter(text, '## Redirects'));
    expect(RedirectsFile.safeParse(redirects).error?.issues ?? []).toEqual([]);
  });
});
