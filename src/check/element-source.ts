import type { SiteModel } from '../content/model.ts';
import { locate, locateToken, type YamlSource } from '../content/yaml-source.ts';
import type { SourceLocation } from '../errors/site-error.ts';
import type { MarkedElement } from '../render/source-marks.tsx';
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

/**
 * The YAML position of a marked element: the value's node range; for a link inside a string, the link
 * target itself (its `occurrence`-th `](target)` in the value as written). A target not written as is (a
 * reference in it) is placed at the value.
 */
function elementLocation(source: YamlSource, element: MarkedElement): SourceLocation {
  const value = locate(source, element.path);
  if (!element.link) return value;
  const link = locateToken(source, element.path, `](${element.link.href})`, element.link.occurrence);
  if (link.line === value.line && link.column === value.column) return value;
  return { ...link, column: (link.column ?? 1) + 2 };
}

/**
 * Where in the content an output finding comes from, so CI annotations and editors can show it at a line.
 * An element the render marked (`elements`: the route's element sources, render/source-marks.tsx) is placed
 * at the YAML node of the value that wrote it — the page file or its locale's UI strings — by the element's
 * offset in the HTML, never by its text; a head rule at the page-file key it is about; anything else at the
 * page file. Undefined for findings that belong to no page (sitemap.xml).
 */
export function findingSource(
  finding: Finding,
  model: SiteModel,
  sources: readonly YamlSource[],
  elements?: readonly MarkedElement[],
): SourceLocation | undefined {
  const entry = model.pages.find((p) => p.route === finding.route);
  if (!entry) return undefined;
  const element = finding.offset === undefined ? undefined : elements?.find((e) => e.at === finding.offset);
  const elementSource = element && sources.find((s) => s.file === element.file);
  if (element && elementSource) return elementLocation(elementSource, element);
  const page = sources.find((s) => s.file === entry.source);
  const ruleKey = RULE_PATHS[finding.code];
  return (ruleKey && page ? locate(page, ruleKey) : undefined) ?? { file: entry.source };
}
