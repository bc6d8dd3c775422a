import { isScalar, type Node } from 'yaml';
import type { SourceLocation } from '../../errors/site-error.ts';
import { formatPath } from '../../errors/site-error.ts';
import type { YamlSource } from '../../content/yaml-source.ts';
import { lazyLocation } from '../finding.ts';

/** Keys whose values are addresses or identifiers, never text a visitor reads. */
export const NOT_COPY: ReadonlySet<string> = new Set([
  'slug',
  'href',
  'id',
  'icon',
  'type',
  'style',
  'tone',
  'header',
  'structuredData',
  'intl',
  'ogLocale',
  'hydrate',
  'form',
  'variant',
  'plan',
  'claim',
  'image',
  // A language's typography settings are its own marks and abbreviations, never a translation of another's.
  'noBreakBeforeUnits',
  'narrowNoBreakBefore',
  'noBreakBefore',
  'noBreakAfter',
]);
/** A value without spaces in lower-case ASCII is an identifier (`hero`, `pricing`, `sparkles`, `/chatbot`). */
const IDENTIFIER = /^[a-z0-9_#/.:@?=&+-]*$/;

/** `# site-check-ignore <code>[, <code>]: <reason>` on the value's line, or alone on the line above it. */
const IGNORE = /#\s*site-check-ignore(?!-file)\b\s*([\w-]+(?:\s*,\s*[\w-]+)*)?\s*(?::\s*(.*?))?\s*$/;

/** `# site-check-ignore-file <code>[, <code>]: <reason>` in the comments at the top of a file: for all its strings. */
const IGNORE_FILE = /^#\s*site-check-ignore-file\b\s*([\w-]+(?:\s*,\s*[\w-]+)*)?\s*(?::\s*(.*?))?\s*$/;

export interface Ignore {
  codes: string[];
  reason: string;
  line: number;
}

/** One string of the content a visitor reads, as written, with what it needs for the copy rules. */
export interface CopyString {
  source: YamlSource;
  file: string;
  locale: string;
  /** Page family (folder under pages/), or undefined for a locale's UI strings. */
  family?: string;
  path: PropertyKey[];
  /** The last key on the path (`title`, `label`; for list items the key of the list). */
  key: string;
  value: string;
  /** Tagged `!verbatim`: quoted by the spec to the letter, exempt from every copy rule. */
  verbatim: boolean;
  /** The ignore comment that applies to this string, if any. */
  ignore?: Ignore;
  /** The file's ignore comment (at its top), if any. */
  fileIgnore?: Ignore;
  /** Where `value[index]` is in the file. */
  at(index: number): SourceLocation;
}

/** Which locale and family a content file is, if it holds copy. */
export function copyFile(file: string): { locale: string; family?: string } | undefined {
  const locale = /^locales\/([^/]+)\.yaml$/.exec(file);
  if (locale) return { locale: locale[1]! };
  const page = /^pages\/([^/]+)\/([^/]+)\.yaml$/.exec(file);
  if (page) return { locale: page[2]!, family: page[1]! };
  return undefined;
}

function lastKey(path: readonly PropertyKey[]): string {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
  return '';
}

/** Every visitor-facing string of the locale and page files. */
export function copyStrings(sources: readonly YamlSource[]): CopyString[] {
  const out: CopyString[] = [];
  for (const source of sources) {
    const kind = copyFile(source.file);
    if (!kind) continue;
    let lines: string[] | undefined;
    const hasIgnores = /#\s*site-check-ignore /.test(source.text);
    const fileIgnore = fileIgnoreOf(source.text);
    for (const s of source.strings) {
      const key = lastKey(s.path);
      if (NOT_COPY.has(key) || IDENTIFIER.test(s.value)) continue;
      // yaml's document with source ranges costs more than every rule together: built only for a file with
      // an ignore comment, or when a finding must be placed.
      const node = () => source.doc.getIn(s.path, true) as Node | undefined;
      let ignore: Ignore | undefined;
      if (hasIgnores) {
        lines ??= source.text.split('\n');
        const range = node()?.range;
        if (range) ignore = ignoreAt(lines, source.lines.linePos(range[0]).line);
      }
      out.push({
        source,
        file: source.file,
        ...kind,
        path: s.path,
        key,
        value: s.value,
        verbatim: s.tag === '!verbatim',
        ignore,
        fileIgnore,
        // Placed when a report reads the line: `site dev` shows a few findings of thousands.
        at: (index) => lazyLocation(source.file, formatPath(s.path) || undefined, () => positionIn(source, node(), s.value, index, s.path)),
      });
    }
  }
  return out;
}

/** The ignore comment for a value starting on `line` (1-based): on that line, or alone on the line above. */
function ignoreAt(lines: readonly string[], line: number): Ignore | undefined {
  const here = lines[line - 1] ?? '';
  const above = lines[line - 2] ?? '';
  const text = IGNORE.test(here) ? here : above.trim().startsWith('#') && IGNORE.test(above) ? above : undefined;
  if (!text) return undefined;
  return ignoreFrom(IGNORE.exec(text)!, text === here ? line : line - 1);
}

/** An ignore comment's codes (comma-separated) and reason, from its pattern's two groups. */
function ignoreFrom(match: RegExpExecArray, line: number): Ignore {
  const codes = (match[1] ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return { codes, reason: (match[2] ?? '').trim(), line };
}

/** The file-wide ignore comment among the comment lines a file starts with. */
function fileIgnoreOf(text: string): Ignore | undefined {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line && !line.startsWith('#')) return undefined;
    const match = IGNORE_FILE.exec(line);
    if (match) return ignoreFrom(match, i + 1);
  }
  return undefined;
}

/** Whether `code` is silenced for this string (the reason is checked by the ignore-reason rule). */
export function ignored(string: CopyString, code: string): boolean {
  return string.verbatim || Boolean(string.ignore?.codes.includes(code)) || Boolean(string.fileIgnore?.codes.includes(code));
}

/**
 * The file position of `value[index]`. Folded and quoted scalars differ from their value (line breaks,
 * escapes), so the word around the index is looked up in the node's source text, the same occurrence.
 */
function positionIn(source: YamlSource, node: Node | undefined, value: string, index: number, path: readonly PropertyKey[]): SourceLocation {
  const base: SourceLocation = { file: source.file, path: formatPath(path) || undefined };
  if (!node?.range) return base;
  const [from, , to] = node.range;
  const fallback = () => {
    const pos = source.lines.linePos(from);
    return { ...base, line: pos.line, column: pos.col };
  };
  if (isScalar(node) && node.type === 'PLAIN' && !value.includes('\n') && source.text.slice(from, from + value.length) === value) {
    const pos = source.lines.linePos(from + index);
    return { ...base, line: pos.line, column: pos.col };
  }
  let start = index;
  while (start > 0 && !/\s/.test(value[start - 1]!)) start--;
  let end = index;
  while (end < value.length && !/\s/.test(value[end]!)) end++;
  const word = value.slice(start, Math.max(end, index + 1));
  if (!word.trim()) return fallback();
  let nth = 0;
  for (let i = value.indexOf(word); i >= 0 && i < start; i = value.indexOf(word, i + 1)) nth++;
  const text = source.text.slice(from, to);
  let at = text.indexOf(word);
  for (let i = 0; i < nth && at >= 0; i++) at = text.indexOf(word, at + 1);
  if (at < 0) return fallback();
  const pos = source.lines.linePos(from + at + (index - start));
  return { ...base, line: pos.line, column: pos.col };
}

/**
 * The value with `{{references}}` and link targets blanked (same length, so indexes stay): a reference
 * prints a figure, so it becomes digits; a link target is not read.
 */
export function maskMarkup(value: string): string {
  return value.replace(/\{\{[^}]*\}\}/g, (m) => '0'.repeat(m.length)).replace(/\]\(([^)\s]+)\)/g, (m) => `](${'x'.repeat(m.length - 3)})`);
}
