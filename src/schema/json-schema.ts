import { z } from 'zod';
import { CheckConfig } from './check.ts';
import { Glossary } from './glossary.ts';
import { LocaleStrings } from './locale.ts';
import { createPageSchema } from './page.ts';
import { RedirectsFile } from './redirects.ts';
import type { SchemaContext } from './sections/index.ts';
import { SiteConfig } from './site.ts';

/** Folder under the content directory that holds the generated JSON Schemas. */
export const SCHEMA_DIR = '.schema';

export type SchemaName = 'site' | 'locale' | 'page' | 'check' | 'glossary' | 'redirects';

/** Which schema a content file (relative to the content directory) is written against. */
export function schemaNameFor(file: string): SchemaName | undefined {
  if (file === 'site.yaml') return 'site';
  if (file === 'check.yaml') return 'check';
  if (file === 'glossary.yaml') return 'glossary';
  if (file === 'redirects.yaml') return 'redirects';
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

type JsonSchema = { [key: string]: unknown };

/** The constant of property `key` in a union member that is an object with a `key: const` property, else undefined. */
function tagOf(member: unknown, key: string): string | undefined {
  const properties = (member as JsonSchema | null)?.properties as Record<string, JsonSchema> | undefined;
  const tag = properties?.[key]?.const;
  return typeof tag === 'string' ? tag : undefined;
}

/** The key every member of a union holds a distinct constant in (a zod discriminated union's discriminator). */
function discriminator(members: unknown[]): string | undefined {
  const first = (members[0] as JsonSchema | null)?.properties as Record<string, JsonSchema> | undefined;
  return Object.keys(first ?? {}).find((key) => {
    const tags = members.map((m) => tagOf(m, key));
    return tags.every((t) => t !== undefined) && new Set(tags).size === tags.length;
  });
}

/**
 * A `oneOf` of objects tagged by a constant key (a zod discriminated union: sections by `type`, product
 * drawings by `kind`) as `if key is X then X's schema`: with a plain oneOf, the YAML language server
 * checks an item against every member and reports each one's complaints, so one misspelt key under a hero
 * section floods the editor with an error per section type. With if/then, an item is checked against its
 * own type only (one error per mistake), an unknown type is one error listing the types, and completion
 * offers the fields of the type written.
 */
function taggedUnions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(taggedUnions);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, taggedUnions(value)]));
  const members = out.oneOf;
  const key = Array.isArray(members) && members.length > 1 ? discriminator(members) : undefined;
  if (Array.isArray(members) && key) {
    const tags = members.map((m) => tagOf(m, key)!);
    const what = key === 'type' ? 'Which kind of section this is' : `Which ${key} this is`;
    delete out.oneOf;
    Object.assign(out, {
      type: 'object',
      required: [key],
      properties: { [key]: { type: 'string', enum: tags, description: `${what}: ${tags.join(', ')}. The other keys depend on it.` } },
      allOf: members.map((member, i) => ({ if: { properties: { [key]: { const: tags[i] } }, required: [key] }, then: member })),
    });
  }
  return out;
}

function toJson(schema: z.ZodType, title: string): string {
  // io: 'input' — authors may omit fields that have defaults; unrepresentable checks (refinements) are
  // left to `site check`, which runs the zod schemas themselves.
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  return `${JSON.stringify({ ...(taggedUnions(json) as JsonSchema), title }, null, 2)}\n`;
}

/**
 * The VS Code settings that make the YAML extension (the YAML language server) complete and validate the
 * content files of `contentDir` (relative to the project folder, posix): the custom tags and which schema
 * each kind of file follows. The `# yaml-language-server: $schema=` line at the top of each file does the
 * same for editors that read only that.
 */
export function editorSettings(contentDir: string): { 'yaml.customTags': string[]; 'yaml.schemas': Record<string, string> } {
  const dir = contentDir.replace(/\/+$/, '') || '.';
  return {
    'yaml.customTags': ['!placeholder scalar'],
    'yaml.schemas': {
      [`./${dir}/${SCHEMA_DIR}/site.json`]: `${dir}/site.yaml`,
      [`./${dir}/${SCHEMA_DIR}/check.json`]: `${dir}/check.yaml`,
      [`./${dir}/${SCHEMA_DIR}/redirects.json`]: `${dir}/redirects.yaml`,
      [`./${dir}/${SCHEMA_DIR}/locale.json`]: `${dir}/locales/*.yaml`,
      [`./${dir}/${SCHEMA_DIR}/page.json`]: `${dir}/pages/*/*.yaml`,
    },
  };
}

/** JSON Schema files generated from the zod schemas; plan and savings keys come from the real site.yaml. */
export function contentSchemas(ctx: SchemaContext): Record<SchemaName, string> {
  return {
    site: toJson(SiteConfig, 'site.yaml: brand, company, backend, locales and every business figure'),
    locale: toJson(LocaleStrings, 'locales/<lang>.yaml: UI strings of one language'),
    page: toJson(createPageSchema(ctx), 'pages/<family>/<lang>.yaml: one page'),
    check: toJson(CheckConfig, 'check.yaml: budgets and page-family claims for site check'),
    glossary: toJson(Glossary, 'glossary.yaml: the termbase (preferred and forbidden terms per locale, names that never translate)'),
    redirects: toJson(RedirectsFile, 'redirects.yaml: old addresses and where they lead now (_redirects, fallback pages, site serve)'),
  };
}
