import { createRequire } from 'node:module';
import { CORE_SCHEMA, load, Type } from 'js-yaml';
import type { Document, LineCounter, Node } from 'yaml';
import { childPath, formatPath, SiteError, type SourceLocation } from '../errors/site-error.ts';
import { explainOverIndentedKey, explainSyntaxError } from './yaml-messages.ts';

/** A string value of a file with its document path and tag, as written (before references are resolved). */
export interface ScalarString {
  path: PropertyKey[];
  value: string;
  tag?: string;
  /** Computed when read: locating parses the file a second time, which only reports need. */
  readonly location: SourceLocation;
}

/** A parsed YAML file that can answer "where is this path?" for error messages. */
export interface YamlSource {
  file: string;
  /** The file's data; the loader resolves constant references in it. */
  data: unknown;
  /** The file as written, for checks on what the parser drops (the editor's schema comment). */
  text: string;
  /** Every string value as written, in document order. */
  strings: readonly ScalarString[];
  /** The document with source ranges (yaml's), made on first use. */
  readonly doc: Document.Parsed;
  readonly lines: LineCounter;
}

/**
 * Tags the content may use. `!placeholder` marks a value a deployer must replace (see `site check --strict`);
 * `!verbatim` a string printed exactly as typed (SPEC quotes it to the letter): the renderer's typography
 * and the copy rules of `site check` leave it alone.
 * Editors learn them from `yaml.customTags` in .vscode/settings.json (a test keeps the two in step).
 */
export const CUSTOM_TAGS = [
  { tag: '!placeholder', resolve: (value: string) => value },
  { tag: '!verbatim', resolve: (value: string) => value },
];

type Yaml = typeof import('yaml');
const requireYaml = createRequire(import.meta.url);
let yamlModule: Yaml | undefined;
/**
 * yaml (documents with source ranges) is loaded on first use: only a syntax error or a report that locates a value
 * needs it, and loading it cost every build ~10 ms of start-up (a warm build parses no YAML at all).
 */
const yaml = (): Yaml => (yamlModule ??= requireYaml('yaml') as Yaml);
const isMap = ((node: unknown) => yaml().isMap(node)) as Yaml['isMap'];
const isPair = ((node: unknown) => yaml().isPair(node)) as Yaml['isPair'];
const isScalar = ((node: unknown) => yaml().isScalar(node)) as Yaml['isScalar'];
const isSeq = ((node: unknown) => yaml().isSeq(node)) as Yaml['isSeq'];

const YAML_OPTIONS = { prettyErrors: false, customTags: CUSTOM_TAGS, uniqueKeys: true } as const;

/** A custom-tagged value while the file is read; unwrapped (and its tag recorded) right after. */
class Tagged {
  constructor(
    readonly tag: string,
    readonly value: string,
  ) {}
}

/**
 * js-yaml reads the data (YAML 1.2 core schema, as yaml's default) about ten times faster than yaml builds
 * its document with source ranges; that document is made only when something must be located.
 */
const FAST_SCHEMA = CORE_SCHEMA.extend(
  CUSTOM_TAGS.map(({ tag, resolve }) => new Type(tag, { kind: 'scalar', construct: (text: string) => new Tagged(tag, resolve(text)) })),
);

/** The data, with tagged values unwrapped, and every string value with its path. */
function collectStrings(data: unknown, source: YamlSource): { data: unknown; strings: ScalarString[] } {
  const strings: ScalarString[] = [];
  const visit = (value: unknown, path: PropertyKey[]): unknown => {
    if (value instanceof Tagged) {
      strings.push(scalarString(source, path, value.value, value.tag));
      return value.value;
    }
    if (typeof value === 'string') strings.push(scalarString(source, path, value));
    else if (Array.isArray(value)) value.forEach((item, i) => (value[i] = visit(item, childPath(path, i))));
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) (value as Record<string, unknown>)[key] = visit(item, childPath(path, key));
    return value;
  };
  return { data: visit(data, []), strings };
}

/**
 * The file of each scalar string, and where in it the string is once located: a record per string to hold both
 * cost the dev build 12 MB at 10,000 pages, and few strings are ever located.
 */
const sourceOfString = new WeakMap<ScalarString, YamlSource>();
const located = new WeakMap<ScalarString, SourceLocation>();

/**
 * One getter for every scalar string: a closure per string gave each of them a hidden class of its own, and the
 * dev build keeps every page file's strings (23 MiB at 1,000 pages, 37,000 closures and as many maps).
 */
function locationOf(this: ScalarString): SourceLocation {
  const known = located.get(this);
  if (known) return known;
  const source = sourceOfString.get(this);
  // A copy made with spread carries the location, not the getter: only the originals are in `sourceOfString`.
  if (!source) throw new Error('a scalar string without its source');
  const location = locate(source, this.path);
  located.set(this, location);
  return location;
}

function scalarString(source: YamlSource, path: PropertyKey[], value: string, tag?: string): ScalarString {
  const string = (tag ? { path, value, tag } : { path, value }) as ScalarString;
  // Enumerable, so a copy made with spread carries it (computed then).
  Object.defineProperty(string, 'location', { get: locationOf, enumerable: true, configurable: true });
  sourceOfString.set(string, source);
  return string;
}

function yamlDocument(text: string): { doc: Document.Parsed; lines: LineCounter } {
  const { LineCounter, parseDocument } = yaml();
  const lines = new LineCounter();
  return { doc: parseDocument(text, { ...YAML_OPTIONS, lineCounter: lines }), lines };
}

/**
 * Values a file may hold with its aliases (`*name`) expanded: far above any content file (the largest
 * holds a few thousand), far below what exhausts memory. Nine levels of nine aliases each (a "billion
 * laughs" in one file) expand to 387 million and took the build to an out-of-memory abort; content comes
 * from pull requests in CI.
 */
export const MAX_EXPANDED_VALUES = 100_000;

/**
 * How many values `data` holds with every alias expanded (a shared object counts once per place it is
 * used), in time proportional to the distinct objects; Infinity for an alias inside its own anchor.
 */
function expandedSize(data: unknown): number {
  const sizes = new Map<object, number>();
  const walk = (value: unknown): number => {
    if (value === null || typeof value !== 'object' || value instanceof Tagged) return 1;
    const known = sizes.get(value);
    if (known !== undefined) return known;
    // While inside it, reaching it again is a cycle.
    sizes.set(value, Infinity);
    let total = 1;
    for (const item of Array.isArray(value) ? value : Object.values(value)) total += walk(item);
    sizes.set(value, total);
    return total;
  };
  return walk(data);
}

/** The error for a file whose aliases expand too far, placed at its first alias. */
function aliasError(file: string, text: string, size: number): SiteError {
  const { doc, lines } = yamlDocument(text);
  let first: { source: string; range?: readonly number[] | null } | undefined;
  yaml().visit(doc, {
    Alias(_key, node) {
      first = node;
      return yaml().visit.BREAK;
    },
  });
  const pos = lines.linePos(first?.range?.[0] ?? 0);
  return new SiteError({
    code: 'yaml-alias',
    message:
      size === Infinity
        ? 'an alias refers to the anchor it sits in: the file would be endless'
        : `the aliases in this file expand it to ${size.toLocaleString('en')} values, more than the ${MAX_EXPANDED_VALUES.toLocaleString('en')} allowed`,
    location: { file, line: pos.line, column: pos.col },
    expected: `at most ${MAX_EXPANDED_VALUES.toLocaleString('en')} values with every alias expanded, and no alias inside its own anchor`,
    found: first ? `the alias *${first.source}` : 'aliases',
    hint: "write the repeated part out, or keep a repeated value in site.yaml's constants and refer to it with {{…}}; aliases of aliases multiply",
  });
}

export function parseYaml(file: string, text: string): { source?: YamlSource; errors: SiteError[] } {
  let data: unknown;
  let parsed: { doc: Document.Parsed; lines: LineCounter } | undefined;
  try {
    // An empty file is null, as yaml reads it.
    data = load(text, { schema: FAST_SCHEMA }) ?? null;
  } catch {
    // Syntax errors (and duplicate keys) are worded and placed by yaml, whose messages the checks build on.
    parsed = yamlDocument(text);
    if (parsed.doc.errors.length > 0) return { errors: syntaxErrors(file, text, parsed.doc, parsed.lines) };
    // Aliases resolve to shared values here too; the expansion is measured below, as for js-yaml.
    data = parsed.doc.toJS({ maxAliasCount: -1 });
  }
  // Only a file with an alias can expand: the others are not walked.
  if (text.includes('*')) {
    const size = expandedSize(data);
    if (size > MAX_EXPANDED_VALUES) return { errors: [aliasError(file, text, size)] };
  }
  const source = sourceOf(file, text, data, parsed);
  if (parsed) source.strings = documentStrings(source);
  else Object.assign(source, collectStrings(data, source));
  return { source, errors: [] };
}

/**
 * Documents made lately, newest last: a source's yaml document is made when something must be located, and kept
 * here, not by the source. `site dev` keeps every file's source in its memo for the session, and its check locates
 * findings in thousands of files in one go; a document is several times its file's size. Rules that locate several
 * values of a file in a row find it here; one evicted is made again (the same text gives the same ranges).
 */
const recentDocuments = new Map<object, { doc: Document.Parsed; lines: LineCounter }>();
export const RECENT_DOCUMENTS = 64;

function sourceOf(
  file: string,
  text: string,
  data: unknown,
  parsed: { doc: Document.Parsed; lines: LineCounter } | undefined,
): YamlSource & { strings: ScalarString[] } {
  const key = {};
  const document = () => {
    let made = recentDocuments.get(key) ?? parsed;
    parsed = undefined;
    made ??= yamlDocument(text);
    recentDocuments.delete(key);
    recentDocuments.set(key, made);
    if (recentDocuments.size > RECENT_DOCUMENTS) recentDocuments.delete(recentDocuments.keys().next().value as object);
    return made;
  };
  return {
    file,
    text,
    data,
    strings: [],
    get doc() {
      return document().doc;
    },
    get lines() {
      return document().lines;
    },
  };
}

/**
 * The same strings read from yaml's document: for the rare file js-yaml refuses and yaml reads, and for
 * the test that holds the two readings equal.
 */
export function documentStrings(source: YamlSource): ScalarString[] {
  const strings: ScalarString[] = [];
  const walk = (node: unknown, path: PropertyKey[]) => {
    if (isMap(node)) {
      for (const pair of node.items) if (isScalar(pair.key)) walk(pair.value, childPath(path, String(pair.key.value)));
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => walk(item, childPath(path, i)));
    } else if (isScalar(node) && typeof node.value === 'string') {
      const tag = CUSTOM_TAGS.some((t) => t.tag === node.tag) ? node.tag : undefined;
      strings.push(scalarString(source, path, node.value, tag));
    }
  };
  walk(source.doc.contents, []);
  return strings;
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
    const textLines = text.split('\n');
    let lineNo = pos.line;
    // An unclosed quote is reported where the parser gave up (often the end of the file): point at the line that opens it.
    if (e.code === 'MISSING_CHAR' && /quote/i.test(e.message)) {
      for (let n = pos.line; n >= 1; n--) {
        if (((textLines[n - 1] ?? '').match(/(?<!\\)"/g) ?? []).length % 2 === 1) {
          lineNo = n;
          break;
        }
      }
    }
    // An unclosed [ … ] is noticed on the line after it.
    if (e.code === 'BAD_INDENT' && /^Flow (sequence|mapping)/.test(e.message)) {
      for (let n = pos.line; n >= 1; n--) {
        if (/[[{]/.test(textLines[n - 1] ?? '')) {
          lineNo = n;
          break;
        }
      }
    }
    // An over-indented key is blamed on the line above it: point at the key and say what its indentation means.
    const nextLine = textLines.slice(lineNo).find((l) => l.trim() !== '' && !l.trim().startsWith('#'));
    const overIndented =
      e.code === 'BLOCK_AS_IMPLICIT_KEY' && nextLine !== undefined ? explainOverIndentedKey(textLines[lineNo - 1] ?? '', nextLine) : undefined;
    if (overIndented) lineNo = textLines.indexOf(nextLine!, lineNo) + 1;
    const line = textLines[lineNo - 1]?.trimEnd() ?? '';
    const parserMessage = e.message.split('\n')[0] ?? 'YAML syntax error';
    const explained = overIndented ?? explainSyntaxError(e.code, parserMessage, line, lineNo === pos.line ? pos.col : line.search(/["[{]/) + 1 || 1);
    const more =
      i === shown.length - 1 && left > 0
        ? ` (${left} further parser error${left === 1 ? '' : 's'} after this line left out: they usually follow from this one; fix it and run again)`
        : '';
    return new SiteError({
      code: 'yaml-syntax',
      message: explained?.message ?? `YAML cannot read this line (the parser says: ${parserMessage})`,
      location: { file, line: lineNo, column: explained?.column ?? (lineNo === pos.line ? pos.col : 1) },
      expected: explained?.expected,
      found: line ? `the line ${JSON.stringify(line)}` : undefined,
      hint: `${explained?.hint ?? SYNTAX_HINT}${more}`,
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
 * Location of `token` inside the value at `path`, as written in the file: its `occurrence`-th appearance
 * (0-based) in the value's source range, so a message points at the very `{{reference}}` it is about and
 * not at the start of a long text. Falls back to the value's start when the token is not written as is
 * (an escape sequence inside it, or a line break).
 */
export function locateToken(source: YamlSource, path: readonly PropertyKey[], token: string, occurrence = 0): SourceLocation {
  const { node, depth } = nodeAt(source.doc, path);
  const range = depth === path.length ? node?.range : undefined;
  if (range) {
    let at = range[0] - 1;
    for (let i = 0; i <= occurrence; i++) {
      at = source.text.indexOf(token, at + 1);
      if (at < 0 || at >= range[1]) break;
      if (i === occurrence) return { file: source.file, path: formatPath(path) || undefined, ...position(source, at) };
    }
  }
  return locate(source, path);
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

/** Every string value of the file with its path, as written, for passes over text (references, placeholders, claims). */
export function scalarStrings(source: YamlSource): readonly ScalarString[] {
  return source.strings;
}
