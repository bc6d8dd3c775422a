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

/**
 * Tags the content may use. `!placeholder` marks a value a deployer must replace (see `site check --strict`).
 * Editors learn them from `yaml.customTags` in .vscode/settings.json (a test keeps the two in step).
 */
export const CUSTOM_TAGS = [{ tag: '!placeholder', resolve: (value: string) => value }];

export function parseYaml(file: string, text: string): { source?: YamlSource; errors: SiteError[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, customTags: CUSTOM_TAGS, uniqueKeys: true });
  if (doc.errors.length > 0) return { errors: syntaxErrors(file, text, doc, lines) };
  return { source: { file, doc, lines, data: doc.toJS(), text }, errors: [] };
}

const SYNTAX_HINT = 'Check indentation and quoting; strings containing ": " or starting with special characters need quotes.';

/**
 * The parser keeps going after a structural mistake, and what it reports after that (unexpected keys,
 * "duplicate" keys, unclosed maps down to the end of the file) is mostly the echo of the first one. So a
 * file reports its duplicate keys up to the first structural error, then that error, and says how many
 * were left out.
 */
function syntaxErrors(file: string, text: string, doc: Document.Parsed, lines: LineCounter): SiteError[] {
  const all = [...doc.errors].sort((a, b) => a.pos[0] - b.pos[0]);
  const cut = all.findIndex((e) => e.code !== 'DUPLICATE_KEY');
  const shown = cut < 0 ? all : all.slice(0, cut + 1);
  const left = all.length - shown.length;
  return shown.map((e, i) => {
    const pos = lines.linePos(e.pos[0]);
    const location = { file, line: pos.line, column: pos.col };
    if (e.code === 'DUPLICATE_KEY') {
      // Before the first structural error the tree is intact, so the key's document path is reliable.
      const path = pathAt(doc, e.pos[0]);
      const key = path[path.length - 1];
      const first = firstKeyLine(doc, lines, path);
      return new SiteError({
        code: 'yaml-syntax',
        message: `key '${String(key)}' appears twice in the same mapping`,
        location: { ...location, path: formatPath(path) },
        expected: 'each key once per mapping',
        found: `'${String(key)}' also on line ${first}`,
        hint: 'remove one of them, or check the indentation: a key indented too little lands in the mapping above',
      });
    }
    const found = text.split('\n')[pos.line - 1]?.trimEnd();
    const more = i === shown.length - 1 && left > 0 ? ` (${left} further parser error${left === 1 ? '' : 's'} after this line left out: they usually follow from this one; fix it and run again)` : '';
    return new SiteError({
      code: 'yaml-syntax',
      message: e.message.split('\n')[0] ?? 'YAML syntax error',
      location,
      found: found ? `the line ${JSON.stringify(found)}` : undefined,
      hint: `${SYNTAX_HINT}${more}`,
    });
  });
}

/** Document path of the deepest key or item whose source range holds `offset`. */
function pathAt(doc: Document.Parsed, offset: number): PropertyKey[] {
  const path: PropertyKey[] = [];
  let node: unknown = doc.contents;
  const holds = (range: readonly number[] | null | undefined) => !!range && range[0]! <= offset && offset < range[2]!;
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && (holds(p.key.range) || holds((p.value as Node | null)?.range)));
      if (!pair) return path;
      path.push(String((pair.key as { value: unknown }).value));
      node = pair.value;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => holds((item as Node | null)?.range));
      if (index < 0) return path;
      path.push(index);
      node = node.items[index];
    } else {
      return path;
    }
  }
}

/** Line of the first occurrence of the key at `path` in its mapping. */
function firstKeyLine(doc: Document.Parsed, lines: LineCounter, path: readonly PropertyKey[]): number {
  const { node } = nodeAt(doc, path.slice(0, -1));
  const first = isMap(node) ? node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(path[path.length - 1])) : undefined;
  return lines.linePos((first?.key as Node | undefined)?.range?.[0] ?? 0).line;
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

/**
 * Where a missing key belongs: the line of its parent's key (`header:` for `header.navLabel`), or the list
 * item or document that lacks it. The path names the missing key.
 */
export function locateMissing(source: YamlSource, path: readonly PropertyKey[]): SourceLocation {
  const parent = path.slice(0, -1);
  const last = parent[parent.length - 1];
  const at = typeof last === 'string' ? locateKey(source, parent.slice(0, -1), last) : locate(source, parent);
  return { ...at, path: formatPath(path) };
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
