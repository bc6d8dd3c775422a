import { isDeepStrictEqual } from 'node:util';
import { Composer, CST, Document, isMap, isScalar, isSeq, Parser, type Node } from 'yaml';
import { CUSTOM_TAGS, parseYaml } from '../../content/yaml-source.ts';

/**
 * Writes a changed value back into a YAML file so that only what changed changes in the text.
 *
 * yaml's `Document.toString()` prints the whole document again in its own style: on this site's content it
 * refolds long plain strings, pads flow lists (`[a, b]` → `[ a, b ]`) and changed 21 of 22 files without any
 * edit. So the document (composed with its source tokens) is only used to find what changed, and the edit is
 * made on yaml's concrete syntax tree, which prints back byte for byte: `CST.setScalarValue` for a changed
 * value (keeps its quoting and block style, its tag and comments), and for added, removed or reordered list
 * items and keys the items of the collection's token are rearranged, a new one parsed from a snippet printed
 * at the collection's indentation. A flow collection (`{ a: 1 }`, `[a, b]`) that changed is printed again, in
 * flow style. The result is read once more and must equal the wanted value, else nothing is returned.
 */
export function editYaml(text: string, next: unknown): { ok: true; text: string } | { ok: false; message: string } {
  const tokens = [...new Parser().parse(text)];
  const docs = [...new Composer({ customTags: CUSTOM_TAGS, keepSourceTokens: true }).compose(tokens)];
  const doc = docs[0];
  if (!doc || docs.length > 1 || doc.errors.length > 0)
    return { ok: false, message: 'the file does not parse as one YAML document; fix it in a text editor first' };
  const root = doc.contents as Node | null;
  const docToken = tokens.find((t): t is CST.Document => t.type === 'document');
  if (!root || !docToken?.value || !patch(doc, root, next, false, false)) {
    // The root changed its kind (or the file was empty): nothing of the old layout applies.
    const fresh = new Document(next, { customTags: CUSTOM_TAGS }).toString({ lineWidth: 0, flowCollectionPadding: false });
    return verified(fresh, next);
  }
  return verified(tokens.map((t) => CST.stringify(t)).join(''), next);
}

/**
 * The text read back as the loader reads content (js-yaml, several times faster than composing yaml's
 * document: this runs on every keystroke the preview shows) must be the wanted value.
 */
function verified(text: string, next: unknown): { ok: true; text: string } | { ok: false; message: string } {
  const { source } = parseYaml('edited.yaml', text);
  if (source && isDeepStrictEqual(source.data ?? null, next ?? null)) return { ok: true, text };
  return { ok: false, message: 'the edit could not be written without changing other values; nothing was saved' };
}

type Item = CST.BlockMap['items'][number] | CST.BlockSequence['items'][number];

const plainLooksTyped = /^(?:true|false|yes|no|on|off|null|~|[-+]?(?:\d|\.\d)|\.inf|\.nan|0x|0o)/i;

/**
 * Makes `node`'s tokens hold `next`. Returns false when it cannot be done in place (the kind of value changed, or
 * a flow collection changed): the caller then replaces the whole item that holds it.
 */
function patch(doc: Document, node: Node, next: unknown, afterKey: boolean, inFlow: boolean): boolean {
  const old = node.toJSON();
  if (isDeepStrictEqual(old, next)) return true;
  const token = node.srcToken;
  if (!token) return false;
  if (isScalar(node)) {
    if (next !== null && typeof next === 'object') return false;
    if (token.type !== 'scalar' && token.type !== 'single-quoted-scalar' && token.type !== 'double-quoted-scalar' && token.type !== 'block-scalar')
      return false;
    const value = next === null || next === undefined ? '' : String(next);
    if (token.type === 'block-scalar' && typeof next === 'string') {
      const source = refolded(token, value);
      if (source !== undefined) {
        token.source = source;
        return true;
      }
    }
    // A string that would read back as a number, boolean or null keeps its quotes (or gets them).
    const type = typeof next === 'string' && token.type === 'scalar' && (plainLooksTyped.test(value) || value === '') ? 'QUOTE_DOUBLE' : undefined;
    CST.setScalarValue(token, value, { afterKey, inFlow, ...(type ? { type } : {}) });
    return true;
  }
  if (token.type === 'flow-collection') {
    // Values change in place; a key or item added, removed or moved prints the collection again (caller).
    if (isMap(node) && isPlainObject(next)) {
      const keys = node.items.map((p) => String(isScalar(p.key) ? p.key.value : p.key));
      if (keys.length !== Object.keys(next).length || !keys.every((k) => Object.hasOwn(next, k))) return false;
      return node.items.every((p, i) => p.value && patch(doc, p.value as Node, next[keys[i]!], true, true));
    }
    if (isSeq(node) && Array.isArray(next) && next.length === node.items.length)
      return node.items.every((n, i) => n && patch(doc, n as Node, next[i], false, true));
    return false;
  }
  if (isMap(node) && token.type === 'block-map' && isPlainObject(next)) {
    const pairs = node.items;
    const items: Item[] = [];
    // Keys keep the file's order (a form may hand them back in another); new keys go last.
    const keyOf = (i: number) => String(isScalar(pairs[i]!.key) ? pairs[i]!.key.value : pairs[i]!.key);
    const kept = pairs.map((_, i) => keyOf(i)).filter((key) => Object.hasOwn(next, key));
    for (const key of [...kept, ...Object.keys(next).filter((key) => !kept.includes(key))]) {
      const value = next[key];
      const at = pairs.findIndex((_, i) => keyOf(i) === key);
      const item = token.items[at];
      if (at < 0 || !item) {
        items.push(snippetItem({ [key]: value }, token.indent, 'map', siblingsFlow(token)));
        continue;
      }
      const valueNode = pairs[at]!.value as Node | null;
      if (!valueNode || !patch(doc, valueNode, value, true, false)) {
        const fresh = snippetItem({ [key]: value }, token.indent, 'map', flowOf(item.value));
        items.push({ ...item, sep: fresh.sep, value: fresh.value } as Item);
      } else items.push(item);
    }
    token.items = indented(items, token.indent) as CST.BlockMap['items'];
    return true;
  }
  if (isSeq(node) && token.type === 'block-seq' && Array.isArray(next)) {
    const olds = node.items as (Node | null)[];
    const values = olds.map((n) => (n && typeof n === 'object' && 'toJSON' in n ? n.toJSON() : n));
    const used = new Set<number>();
    // Items that did not change keep their tokens (a moved item keeps its comments); the rest are paired in order.
    const same = next.map((value) => {
      const at = values.findIndex((v, i) => !used.has(i) && isDeepStrictEqual(v, value));
      if (at >= 0) used.add(at);
      return at;
    });
    const items = next.map((value, i): Item => {
      if (same[i]! >= 0) return token.items[same[i]!]!;
      const at = olds.findIndex((_, j) => !used.has(j));
      if (at < 0) return snippetItem([value], token.indent, 'seq', siblingsFlow(token));
      used.add(at);
      const item = token.items[at]!;
      const valueNode = olds[at];
      if (valueNode && patch(doc, valueNode, value, false, false)) return item;
      const fresh = snippetItem([value], token.indent, 'seq', flowOf(item.value));
      return { ...item, value: fresh.value } as Item;
    });
    token.items = indented(items, token.indent) as CST.BlockSequence['items'];
    return true;
  }
  return false;
}

/**
 * The new text of a folded block scalar (`>` or `>-`) holding `value`, its untouched lines as they were: each
 * paragraph keeps the old lines its text still starts and ends with, and only the changed middle is folded
 * again, at 80 characters or the paragraph's widest old line. yaml's `setScalarValue` would print a paragraph as one line.
 * Undefined when the scalar or the value is of a form this cannot fold back exactly (more-indented lines,
 * runs of spaces, a keep `+` or explicit indentation header, a trailing newline the header does not give).
 */
function refolded(token: CST.BlockScalar, value: string): string | undefined {
  const header = token.props.find((p): p is CST.SourceToken => p.type === 'block-scalar-header')?.source;
  if (header !== '>' && header !== '>-') return undefined;
  if (value.endsWith('\n') !== (header === '>') || /\n\n$/.test(value)) return undefined;
  const lines = token.source.replace(/\n$/, '').split('\n');
  const indent = /^ */.exec(lines.find((line) => line.trim()) ?? '')?.[0] ?? '';
  if (!indent || lines.some((line) => line.trim() && (!line.startsWith(indent) || /^\s/.test(line.slice(indent.length)) || /\s$/.test(line)))) return undefined;
  // Old paragraphs: runs of non-empty lines (the value joins a paragraph's lines with single spaces).
  const paragraphs = lines
    .map((line) => line.slice(indent.length))
    .join('\n')
    .split(/\n\s*\n/)
    .map((p) => p.split('\n').filter(Boolean));
  const body = header === '>' ? value.slice(0, -1) : value;
  const parts = body.split(/(\n+)/);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const text = parts[i] ?? '';
    if (!text || /^\s|\s$|\s\s|\t/.test(text)) return undefined;
    out.push(...folded(text, paragraphs[i / 2] ?? []).map((line) => indent + line));
    // n newlines in the value between paragraphs are n empty lines in the scalar.
    const gap = parts[i + 1];
    if (gap) out.push(...Array.from({ length: gap.length }, () => ''));
  }
  return `${out.join('\n')}\n`;
}

/**
 * `text` as lines: the old lines it begins and ends with kept, the rest folded at 80 characters or the widest old line,
 * taking in the following old lines where the change would otherwise spill a few words onto a short line of their own.
 */
function folded(text: string, old: string[]): string[] {
  let rest = text;
  const head: string[] = [];
  const tail: string[] = [];
  let from = 0;
  let to = old.length;
  while (from < to && (rest === old[from] || rest.startsWith(`${old[from]} `))) rest = rest.slice((old[from++] as string).length + 1);
  while (from < to && rest && (rest === old[to - 1] || rest.endsWith(` ${old[to - 1]}`))) {
    const line = old[--to] as string;
    tail.unshift(line);
    rest = rest.slice(0, Math.max(0, rest.length - line.length - 1));
  }
  head.push(...old.slice(0, from));
  const width = Math.max(80, ...old.map((line) => line.length));
  let middle = foldWords(rest, width);
  // A change that spills a few words over its lines flows into the next ones, as an editor reflows a paragraph, rather
  // than leave them on a short line of their own ("zentraler"); a long insertion keeps the lines after it.
  while (tail.length && middle.length > to - from && (middle[middle.length - 1] as string).length < width / 4) {
    const next = tail.shift() as string;
    rest = rest ? `${rest} ${next}` : next;
    to++;
    middle = foldWords(rest, width);
  }
  return [...head, ...middle, ...tail];
}

/** `text`'s words in lines of at most `width` characters (a longer word alone on its line). */
function foldWords(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text ? text.split(' ') : []) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] as string).length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function flowStyle(token: CST.Token | undefined): boolean {
  return token?.type === 'flow-collection';
}

/**
 * Whether every entry of a block collection is a flow collection (`- { label: Preise, href: /#preise }`): a new
 * entry then takes the same form, one line beside its siblings, not a block of its own among them.
 */
function siblingsFlow(token: CST.BlockMap | CST.BlockSequence): Flow {
  if (!token.items.length || !token.items.every((item) => flowStyle(item.value))) return false;
  return flowOf(token.items[0]?.value);
}

/** A flow collection's form, to print a changed one as it was written: `{ a: 1 }` (padded) or `{a: 1}`; else block. */
function flowOf(token: CST.Token | undefined): Flow {
  if (!token || !flowStyle(token)) return false;
  return /^[{[]\s/.test(CST.stringify(token)) ? 'padded' : 'tight';
}

/** How a new collection is printed: block (false), or flow with or without spaces inside its brackets. */
type Flow = false | 'padded' | 'tight';

/**
 * The first item of a block collection is indented by the token before it (the parent's `key:` line); every
 * other item carries its indentation itself. After items moved, each gets the form its new place needs.
 */
function indented(items: Item[], indent: number): Item[] {
  if (indent === 0) return items;
  return items.map((item, i) => {
    const start = [...item.start];
    if (i === 0 && start[0]?.type === 'space') start.shift();
    if (i > 0 && start[0]?.type !== 'space' && start[0]?.type !== 'newline') start.unshift({ type: 'space', offset: 0, indent: 0, source: ' '.repeat(indent) });
    return { ...item, start } as Item;
  });
}

/** The one item of `value` (a one-key map or one-item list) printed by yaml and parsed at `indent`. */
function snippetItem(value: unknown, indent: number, kind: 'map' | 'seq', flow: Flow = false): Item {
  const doc = new Document(value, { customTags: CUSTOM_TAGS });
  if (flow) {
    const inner =
      kind === 'map'
        ? (doc.contents as { items: { value: { flow?: boolean } }[] }).items[0]?.value
        : (doc.contents as { items: { flow?: boolean }[] }).items[0];
    if (inner && typeof inner === 'object') inner.flow = true;
  }
  const text = doc
    .toString({ lineWidth: 0, flowCollectionPadding: flow === 'padded' })
    .split('\n')
    .map((line) => (line ? ' '.repeat(indent) + line : line))
    .join('\n');
  const parsed = [...new Parser().parse(text)].find((t): t is CST.Document => t.type === 'document');
  const collection = parsed?.value as CST.BlockMap | CST.BlockSequence | undefined;
  const item = collection?.items[0];
  if (!item) throw new Error(`cannot print ${JSON.stringify(value)}`);
  return item;
}
