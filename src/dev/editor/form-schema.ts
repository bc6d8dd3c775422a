import { z } from 'zod';
import { LocaleStrings } from '../../schema/locale.ts';
import { createPageSchema } from '../../schema/page.ts';
import type { SchemaContext } from '../../schema/sections/index.ts';
import { SiteConfig } from '../../schema/site.ts';

export type EditableKind = 'site' | 'locale' | 'page';

type JsonSchema = { [key: string]: unknown };

/**
 * The JSON Schema a form is generated from: the same conversion of the zod schemas as `site schema` writes
 * (input shape, with every `.describe()` text), so a new field or section type shows in the editor without
 * editor code. Two differences suit the form library: draft-07 (what its validator reads) and unions tagged
 * by a constant key (sections by `type`) kept as `oneOf` with each member titled by its tag and the
 * `discriminator` named, so the form offers "hero, features, …" as a select and shows the chosen type's fields
 * (`site schema` turns them into if/then for the YAML language server instead).
 */
export function formSchema(kind: EditableKind, ctx: SchemaContext): JsonSchema {
  const schema = kind === 'site' ? SiteConfig : kind === 'locale' ? LocaleStrings : createPageSchema(ctx);
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-7' }) as JsonSchema;
  delete json.$schema;
  return titledUnions(json) as JsonSchema;
}

function tagKey(members: JsonSchema[]): string | undefined {
  const first = members[0]?.properties as Record<string, JsonSchema> | undefined;
  return Object.keys(first ?? {}).find((key) => {
    const tags = members.map((m) => (m.properties as Record<string, JsonSchema> | undefined)?.[key]?.const);
    return tags.every((t) => typeof t === 'string') && new Set(tags).size === tags.length;
  });
}

/** An object with a link text and a target: a link ("Impressum → /impressum"), whatever else it holds. */
const isLink = (member: JsonSchema) => {
  const properties = (member.properties ?? {}) as Record<string, unknown>;
  return member.type === 'object' && 'label' in properties && 'href' in properties;
};

function memberTitle(member: JsonSchema, siblings: JsonSchema[]): string {
  // Beside a link, a string is an entry that links nowhere ("Text / Link"), not a paragraph of prose.
  if (member.type === 'string') return siblings.some(isLink) ? 'plainEntry' : 'text';
  if (isLink(member)) return 'linkItem';
  if (member.type === 'array') return 'list of items';
  const keys = Object.keys((member.properties as object | undefined) ?? {});
  return keys.length ? keys.join(', ') : String(member.type ?? 'value');
}

function titledUnions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(titledUnions);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, titledUnions(value)]));
  const members = out.oneOf as JsonSchema[] | undefined;
  const key = Array.isArray(members) && members.length > 1 ? tagKey(members) : undefined;
  if (members && key) {
    out.oneOf = members.map((member) => ({ ...member, title: (member.properties as Record<string, JsonSchema>)[key]!.const }));
    out.discriminator = { propertyName: key };
  }
  // Other unions (rich text: a paragraph, a list, a heading …) are offered by what each member is, not "Option 2".
  for (const union of ['anyOf', 'oneOf'] as const) {
    const list = out[union] as JsonSchema[] | undefined;
    if (Array.isArray(list) && !(union === 'oneOf' && key))
      out[union] = list.map((member) => (member.title ? member : { ...member, title: memberTitle(member, list) }));
  }
  return out;
}

/** The member of a union a value belongs to: by its tag (`type: hero`), else the first whose type fits. */
function memberFor(value: unknown, members: JsonSchema[]): JsonSchema | undefined {
  const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  const tagged = members.find((m) => {
    const properties = m.properties as Record<string, JsonSchema> | undefined;
    return (
      properties &&
      value &&
      typeof value === 'object' &&
      Object.entries(properties).some(([key, p]) => p.const !== undefined && (value as Record<string, unknown>)[key] === p.const)
    );
  });
  return tagged ?? members.find((m) => m.type === kind || (kind === 'number' && m.type === 'integer') || (kind === 'object' && !!m.properties));
}

/**
 * `value` with the keys of every object in the order its schema lists them. The form hands back a new item's
 * keys in the order they were filled; a new block in the file should read like the others (`question` before
 * `answer`). Keys the file already has keep their place anyway (`editYaml`).
 */
export function inSchemaOrder(value: unknown, schema: JsonSchema | undefined): unknown {
  if (!schema || value === null || typeof value !== 'object') return value;
  const union = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (union) return inSchemaOrder(value, memberFor(value, union));
  if (Array.isArray(value)) return value.map((item) => inSchemaOrder(item, schema.items as JsonSchema | undefined));
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const record = value as Record<string, unknown>;
  const keys = [
    ...Object.keys(properties).filter((key) => Object.hasOwn(record, key)),
    ...Object.keys(record).filter((key) => !Object.hasOwn(properties, key)),
  ];
  const extra = typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as JsonSchema) : undefined;
  return Object.fromEntries(keys.map((key) => [key, inSchemaOrder(record[key], properties[key] ?? extra)]));
}
