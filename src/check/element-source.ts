import type { SiteModel } from '../content/model.ts';
import { valueAt } from '../content/describe.ts';
import { locate, scalarStrings, type YamlSource } from '../content/yaml-source.ts';
import type { SourceLocation } from '../errors/site-error.ts';
import type { Finding } from './finding.ts';

/** Output rules about one part of the page file, for findings whose element is not written in the content. */
const RULE_PATHS: Record<string, PropertyKey[]> = {
  'head-title': ['meta', 'title'],
  'head-description': ['meta', 'description'],
  noindex: ['meta', 'noindex'],
  'h1-count': ['sections', 0],
  'claim-jsonld': ['meta', 'structuredData'],
  'jsonld-parse': ['meta', 'structuredData'],
};

/** The attributes and text of an element as `describeElement` wrote it: `<a href="/x">Text</a>`. */
function parseElement(element: string): { targets: string[]; text: string } {
  const open = /^<[\w-]+((?:\s[\w-]+="[^"]*")*)>/.exec(element);
  const attrs = new Map([...(open?.[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  const text = open ? element.slice(open[0].length).replace(/<\/[\w-]+>$/, '') : '';
  return { targets: ['href', 'src'].flatMap((name) => (attrs.get(name) ? [attrs.get(name)!] : [])), text };
}

const normalize = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/**
 * The scalar among `sources` (in order) that produced the element: first one whose value is its link
 * target (or a rich-text link to it), then one whose text is the element's text. Values are compared
 * after references are resolved, as the page shows them.
 */
function findScalar(element: string, sources: readonly YamlSource[]): SourceLocation | undefined {
  const { targets, text } = parseElement(element);
  const scalars = sources.flatMap((source) => [...scalarStrings(source)].map((s) => ({ ...s, shown: valueAt(source.data, s.path) })));
  const resolved = (s: (typeof scalars)[number]) => (typeof s.shown === 'string' ? normalize(s.shown) : '');
  for (const target of targets) {
    const hit = scalars.find((s) => s.value === target || s.value.includes(`](${target})`));
    if (hit) return hit.location;
  }
  if (!text) return undefined;
  // describeElement shortens long texts to 37 characters and an ellipsis.
  const shortened = text.endsWith('…') ? text.slice(0, -1) : undefined;
  return scalars.find((s) => (shortened === undefined ? resolved(s) === text : resolved(s).startsWith(shortened)))?.location;
}

/**
 * Where in the content an output finding comes from, so CI annotations and editors can show it at a line:
 * the scalar of the route's page file or of its locale's UI strings (header, footer) that holds the
 * element's link target or text, or the page-file key a head rule is about; otherwise the page file itself.
 * Undefined for findings that belong to no page (sitemap.xml).
 */
export function findingSource(finding: Finding, model: SiteModel, sources: readonly YamlSource[]): SourceLocation | undefined {
  const entry = model.pages.find((p) => p.route === finding.route);
  if (!entry) return undefined;
  const page = sources.find((s) => s.file === entry.source);
  const strings = sources.find((s) => s.file === `locales/${entry.locale}.yaml`);
  const ruleKey = RULE_PATHS[finding.code];
  const found =
    (finding.element ? findScalar(finding.element, [page, strings].filter((s): s is YamlSource => s !== undefined)) : undefined) ??
    (ruleKey && page ? locate(page, ruleKey) : undefined);
  return found ?? { file: entry.source };
}
