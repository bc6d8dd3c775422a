import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { formatPath, SiteError, type SourceLocation } from '../errors/site-error.ts';

/** A parsed YAML file that can answer "where is this path?" for error messages. */
export interface YamlSource {
  file: string;
  doc: Document.Parsed;
  lines: LineCounter;
  data: unknown;
  /** The file as written, for checks on what the parser drops (the editor's schema comment). */
  text: string;
}

/** `!placeholder` marks a value a deployer must replace (see `site check --strict`). */
const placeholderTag = { tag: '!placeholder', resolve: (value: string) => value };

export function parseYaml(file: string, text: string): { source?: YamlSource; errors: SiteError[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, customTags: [placeholderTag], uniqueKeys: true });
  const errors = doc.errors.map((e) => {
    const pos = lines.linePos(e.pos[0]);
    return new SiteError({
      code: 'yaml-syntax',
      message: e.message.split('\n')[0] ?? 'YAML syntax error',
      location: { file, line: pos.line, column: pos.col },
      hint: 'Check indentation and quoting; strings containing ": " or starting with special characters need quotes.',
    });
  });
  if (errors.length > 0) return { errors };
  return { source: { file, doc, lines, data: doc.toJS(), text }, errors: [] };
}

function nodeAt(doc: Document.Parsed, path: readonly PropertyKey[]): { node: Node | null; depth: number } {
  let node: unknown = doc.contents;
  let depth = 0;
  for (const key of path) {
    let next: unknown;
    if (isMap(node)) next = node.get(key as string, true);
    else if (isSeq(node) && typeof key === 'number') next = node.get(key, true);
    if (next === undefined || next === null) break;
    node = next;
    depth++;
  }
  return { node: (node as Node | null) ?? null, depth };
}

function position(source: YamlSource, offset: number | undefined): { line?: number; column?: number } {
  if (offset === undefined) return {};
  const pos = source.lines.linePos(offset);
  return { line: pos.line, column: pos.col };
}

/** Location of the value at `path`, or of its closest existing ancestor when the key is missing. */
export function locate(source: YamlSource, path: readonly PropertyKey[]): SourceLocation {
  const { node } = nodeAt(source.doc, path);
  return { file: source.file, path: formatPath(path) || undefined, ...position(source, node?.range?.[0]) };
}

/** Location of the key `key` inside the mapping at `path` (for unknown keys). */
export function locateKey(source: YamlSource, path: readonly PropertyKey[], key: string): SourceLocation {
  const { node } = nodeAt(source.doc, path);
  if (isMap(node)) {
    const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === key);
    const keyNode = pair?.key as Node | undefined;
    if (keyNode?.range) return { file: source.file, path: formatPath([...path, key]), ...position(source, keyNode.range[0]) };
  }
  return locate(source, path);
}

/** Every scalar string in the document with its path, for passes over text (references, placeholders). */
export function* scalarStrings(source: YamlSource): Generator<{ path: PropertyKey[]; value: string; tag?: string; location: SourceLocation }> {
  function* walk(node: unknown, path: PropertyKey[]): Generator<{ path: PropertyKey[]; value: string; tag?: string; location: SourceLocation }> {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (isScalar(pair.key)) yield* walk(pair.value, [...path, String(pair.key.value)]);
      }
    } else if (isSeq(node)) {
      let i = 0;
      for (const item of node.items) yield* walk(item, [...path, i++]);
    } else if (isScalar(node) && typeof node.value === 'string') {
      yield {
        path,
        value: node.value,
        tag: node.tag,
        location: { file: source.file, path: formatPath(path), ...position(source, node.range?.[0]) },
      };
    }
  }
  yield* walk(source.doc.contents, []);
}
