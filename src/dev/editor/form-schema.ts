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
  return out;
}
