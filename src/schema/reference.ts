import { HEADER_VARIANTS } from './navigation.ts';
import { MOCK_EXAMPLES, SECTION_EXAMPLES } from './sections/examples.ts';

type JsonSchema = { [key: string]: unknown };
type Member = { tag: string; schema: JsonSchema };

/** The members of a union `taggedUnions` wrote as `allOf: [{if: {properties: {key: {const}}}, then}]`. */
function members(union: JsonSchema, key: string): Member[] {
  return ((union.allOf as JsonSchema[] | undefined) ?? []).map((branch) => ({
    tag: ((branch.if as JsonSchema).properties as Record<string, JsonSchema>)[key]!.const as string,
    schema: branch.then as JsonSchema,
  }));
}

/** Text for a table cell: `|` escaped, and `<` so `<h1>` reads as text, not as markup. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/</g, '&lt;');

/** A table of an object schema's keys (but the tag): required or optional, and the description. */
function fieldTable(schema: JsonSchema, tag: string): string {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries(schema.properties as Record<string, JsonSchema>)
    .filter(([name]) => name !== tag)
    .map(([name, property]) => `| \`${name}\` | ${required.has(name) ? 'required' : 'optional'} | ${cell(String(property.description ?? ''))} |`);
  return ['| key | | what it is |', '|---|---|---|', ...rows].join('\n');
}

const yamlBlock = (text: string) => `\`\`\`yaml\n${text}\n\`\`\``;
const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((line) => by + line)
    .join('\n');

/**
 * content/.schema/reference.md: every header variant, section type and product drawing with its keys (the
 * descriptions editors show, from the JSON Schema of pages) and a minimal example (sections/examples.ts).
 */
export function contentReference(pageSchema: string): string {
  const page = JSON.parse(pageSchema) as JsonSchema;
  const properties = page.properties as Record<string, JsonSchema>;
  const sections = members(properties.sections!.items as JsonSchema, 'type');
  const hero = sections.find((s) => s.tag === 'hero')!.schema.properties as Record<string, JsonSchema>;
  const mocks = members(hero.mock!, 'kind');
  const out = [
    '# Content reference',
    '',
    '<!-- Written by `site schema` from the zod schemas (src/schema) and src/schema/sections/examples.ts: edit those, not this file. -->',
    '',
    'What a page file (`pages/<family>/<lang>.yaml`) may hold. Editors with the YAML extension show the same',
    'descriptions while you type (the `# yaml-language-server: $schema=` line at the top of each file).',
    '',
    '## Header variants',
    '',
    '`header:` picks the navigation bar: the list of the same name under `header.menus` in the locale file',
    '(label, href, style, show per entry). A page joins the bar or the footer (`footer.columns`) by an entry there.',
    '',
    '| `header:` | shows |',
    '|---|---|',
    ...Object.entries(HEADER_VARIANTS).map(([name, what]) => `| \`${name}\` | ${cell(what)} |`),
    '',
    yamlBlock('header: business'),
    '',
    '## Section types',
    '',
    '`sections:` lists the page top to bottom; `type` decides the other keys. Every section may also have',
    '`id` (an anchor), `tone` (its background) and `eyebrow` (a label above the title).',
  ];
  for (const { tag, schema } of sections) {
    const what = String((schema.properties as Record<string, JsonSchema>).type!.description ?? '').replace(/^Section type "[^"]+": (.)/, (_, first: string) =>
      first.toUpperCase(),
    );
    out.push('', `### \`${tag}\``, '', what, '', fieldTable(schema, 'type'), '', yamlBlock(`sections:\n${indent(SECTION_EXAMPLES[tag] ?? '', '  ')}`));
  }
  out.push('', '## Product drawings', '', '`mock:` of a `hero` or `preview` section draws the product in HTML from these strings; `kind` picks which.');
  for (const { tag, schema } of mocks) out.push('', `### \`${tag}\``, '', fieldTable(schema, 'kind'), '', yamlBlock(MOCK_EXAMPLES[tag] ?? ''));
  return `${out.join('\n')}\n`;
}
