import { z } from 'zod';
import { CheckConfig } from './check.ts';
import { Glossary } from './glossary.ts';
import { LocaleStrings } from './locale.ts';
import { createPageSchema } from './page.ts';
import type { SchemaContext } from './sections/index.ts';
import { SiteConfig } from './site.ts';

/** Folder under the content directory that holds the generated JSON Schemas. */
export const SCHEMA_DIR = '.schema';

export type SchemaName = 'site' | 'locale' | 'page' | 'check' | 'glossary';

/** Which schema a content file (relative to the content directory) is written against. */
export function schemaNameFor(file: string): SchemaName | undefined {
  if (file === 'site.yaml') return 'site';
  if (file === 'check.yaml') return 'check';
  if (file === 'glossary.yaml') return 'glossary';
  if (/^locales\/[^/]+\.yaml$/.test(file)) return 'locale';
  if (/^pages\/[^/]+\/[^/]+\.yaml$/.test(file)) return 'page';
  return undefined;
}

/** The modeline that makes the YAML language server validate and complete a content file. */
export function schemaModeline(file: string): string | undefined {
  const name = schemaNameFor(file);
  if (!name) return undefined;
  const up = '../'.repeat(file.split('/').length - 1);
  return `# yaml-language-server: $schema=${up}${SCHEMA_DIR}/${name}.json`;
}

function toJson(schema: z.ZodType, title: string): string {
  // io: 'input' — authors may omit fields that have defaults; unrepresentable checks (refinements) are
  // left to `site check`, which runs the zod schemas themselves.
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  return `${JSON.stringify({ ...json, title }, null, 2)}\n`;
}

/** JSON Schema files generated from the zod schemas; plan and savings keys come from the real site.yaml. */
export function contentSchemas(ctx: SchemaContext): Record<SchemaName, string> {
  return {
    site: toJson(SiteConfig, 'site.yaml: brand, company, backend, locales and every business figure'),
    locale: toJson(LocaleStrings, 'locales/<lang>.yaml: UI strings of one language'),
    page: toJson(createPageSchema(ctx), 'pages/<family>/<lang>.yaml: one page'),
    check: toJson(CheckConfig, 'check.yaml: budgets and page-family claims for site check'),
    glossary: toJson(Glossary, 'glossary.yaml: the termbase (preferred and forbidden terms per locale, names that never translate)'),
  };
}
