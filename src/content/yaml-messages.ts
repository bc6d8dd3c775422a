/**
 * YAML syntax errors in an author's words: what is wrong on the line, and the edit that fixes it, instead
 * of the parser's jargon ("Nested mappings are not allowed in compact mappings"). Each explanation is
 * chosen from yaml's error code and the line as written; the parser's own message stays in `found` only
 * when no explanation fits.
 */

export interface SyntaxExplanation {
  message: string;
  hint: string;
  /** 1-based column the message is about, when it is more exact than the parser's. */
  column?: number;
  expected?: string;
}

/** The key and the value of a `key: value` line (or the item of a `- value` line), with the value's column. */
function splitLine(line: string): { key?: string; value: string; valueColumn: number } | undefined {
  const pair = /^(\s*(?:-\s+)?)([^\s:#][^:#]*?):[ \t]+(.*)$/.exec(line);
  if (pair) return { key: pair[2], value: pair[3]!.trimEnd(), valueColumn: line.length - pair[3]!.length + 1 };
  const item = /^(\s*-\s+)(.*)$/.exec(line);
  if (item) return { value: item[2]!.trimEnd(), valueColumn: item[1]!.length + 1 };
  return undefined;
}

/** The line with its value in double quotes (inner quotes and backslashes escaped): the fix to show. */
function quoted(line: string, value: string, valueColumn = line.lastIndexOf(value) + 1): string {
  return `${line.slice(0, valueColumn - 1)}"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`.trim();
}

/**
 * A key indented deeper than the `key: value` line above it (`highlight:` two spaces too far): the parser blames the
 * line above ("nested mappings are not allowed in compact mappings"), whose value has no ": " of its own. Undefined
 * when the lines are not of that shape.
 */
export function explainOverIndentedKey(above: string, line: string): SyntaxExplanation | undefined {
  const parent = splitLine(above);
  const key = /^(\s*)([^\s:#-][^:#]*?):(\s|$)/.exec(line);
  if (!parent?.key || !parent.value || parent.value.includes(': ') || !key) return undefined;
  const parentIndent = above.length - above.trimStart().replace(/^-\s+/, '').length;
  const indent = key[1]!.length;
  if (indent <= parentIndent) return undefined;
  return {
    message: `'${key[2]}' is indented ${indent - parentIndent} space${indent - parentIndent === 1 ? '' : 's'} deeper than '${parent.key}' above it: YAML would read it as part of the value of '${parent.key}', which already has one`,
    hint: `indent '${key[2]}' with ${parentIndent} spaces, like '${parent.key}', if it is a key of the same block; a key goes deeper only under a key with no value of its own`,
    column: indent + 1,
    expected: `'${key[2]}' at column ${parentIndent + 1}, beside '${parent.key}'`,
  };
}

/** A parser error with the line it points at, as the explainers below read it. */
interface ErrorAt {
  parserMessage: string;
  line: string;
  /** 1-based column the parser points at. */
  column: number;
  /** The line split into key and value, when it has the shape `key: value`. */
  parts: ReturnType<typeof splitLine>;
  value: string;
  valueColumn: number;
}

/** The line with neither "key: value" nor "- item" where a key was expected (two parser codes say it). */
const notAKey = ({ column }: ErrorAt): SyntaxExplanation => ({
  message: 'a line with neither "key: value" nor "- item" where a key was expected',
  hint: 'write it as key: value, indent it under the key it belongs to, or quote it as part of the value above',
  column,
});

/** One explainer per parser code (the `yaml` package's error codes); undefined: the parser's own message stands. */
const EXPLAINERS: Partial<Record<string, (at: ErrorAt) => SyntaxExplanation | undefined>> = {
  BLOCK_AS_IMPLICIT_KEY: ({ line, column, parts, value }) => {
    // `title: Warum: alles` — the second ": " makes YAML read "Warum" as a key.
    const inner = parts ? line.indexOf(': ', line.indexOf(value)) : -1;
    return {
      message: 'a ": " inside an unquoted value: YAML reads the text before it as another key',
      hint: parts ? `put the value in quotes: ${quoted(line, value)}` : 'put the value in quotes',
      column: inner >= 0 ? inner + 1 : column,
      expected: 'a quoted value when it contains ": "',
    };
  },
  TAB_AS_INDENT: ({ column }) => ({
    message: 'a tab in the indentation: YAML indents with spaces only',
    hint: 'replace the tab with spaces (two per level, as in the rest of the file)',
    column,
  }),
  BAD_INDENT: ({ parserMessage, column }) => {
    if (/flow sequence|flow mapping/i.test(parserMessage)) {
      const bracket = /sequence/i.test(parserMessage) ? ']' : '}';
      return {
        message: `a ${bracket === ']' ? '[ … ]' : '{ … }'} list is not closed on its line`,
        hint: `close it with ${bracket} before the end of the line, or write the items as a block list (one "- item" per line)`,
        column,
      };
    }
    return {
      message: 'this line is indented differently from the keys around it',
      hint: 'give it the same number of spaces as the other keys of its mapping (or two more than its parent key, if it belongs under it)',
      column,
    };
  },
  MISSING_CHAR: (at) => {
    const { parserMessage, column } = at;
    if (/quote/i.test(parserMessage))
      return {
        message: 'a quoted value has no closing quote',
        hint: 'add the closing quote at the end of the value (a quote inside a "…" value is written \\")',
        column,
      };
    if (/sequence item without/i.test(parserMessage)) {
      return {
        message: 'this line is indented differently from the other keys of its list item',
        hint: 'give it the same number of spaces as the keys of the item above (or start a new item with "- ")',
        column,
      };
    }
    return /map values/i.test(parserMessage) ? notAKey(at) : undefined;
  },
  BAD_SCALAR_START: ({ line, column, parts, value, valueColumn }) => {
    const mark = value.charAt(0) || line.charAt(column - 1);
    return {
      message: `an unquoted value cannot start with ${mark}`,
      hint: parts ? `put the value in quotes: ${quoted(line, value)}` : 'put the value in quotes',
      column: valueColumn,
    };
  },
  UNEXPECTED_TOKEN: ({ line, column, value, valueColumn }) => {
    if (!/^["'].*["'][^"']+$/.test(value)) return undefined;
    return {
      message: 'text after the closing quote of a quoted value',
      hint: `quote the whole value: ${quoted(line, value.replace(/^(["'])(.*?)\1/, '$2'), valueColumn)}`,
      column,
    };
  },
  MULTILINE_IMPLICIT_KEY: notAKey,
};

/** Parser codes an unquoted value starting with {{ causes: YAML reads the { as a flow mapping. */
const TEMPLATE_CODES = new Set(['UNEXPECTED_TOKEN', 'BAD_INDENT', 'MISSING_CHAR', 'BLOCK_AS_IMPLICIT_KEY']);

/**
 * Explains one parser error. `line` is the text of the line the parser points at, `column` its 1-based
 * column there.
 */
export function explainSyntaxError(code: string, parserMessage: string, line: string, column: number): SyntaxExplanation | undefined {
  const parts = splitLine(line);
  const value = parts?.value ?? '';
  const valueColumn = parts?.valueColumn ?? column;
  if (value.startsWith('{{') && TEMPLATE_CODES.has(code)) {
    return {
      message: 'a value that starts with {{…}} must be in quotes: unquoted, YAML reads the { as the start of a mapping',
      hint: `put the whole value in quotes: ${quoted(line, value)}`,
      column: valueColumn,
      expected: 'a quoted text, e.g. "{{brand.name}} – …"',
    };
  }
  return explainReferenceInFlowMap(line) ?? EXPLAINERS[code]?.({ parserMessage, line, column, parts, value, valueColumn });
}

/**
 * `- { type: hero, lead: Ab {{plans.standard.price}} pro Nutzer. }`: inside a `{ … }` mapping every unquoted { opens
 * another mapping, so a reference anywhere in a value (not only at its start) breaks the line. Names the value and
 * shows it quoted.
 */
function explainReferenceInFlowMap(line: string): SyntaxExplanation | undefined {
  const entry = /[{,]\s*([^\s:{},"'][^:{},]*?):\s+([^,{}"']*\{\{[^}]*\}\}[^,{}]*)/.exec(line);
  if (!entry) return undefined;
  const [, key, raw] = entry;
  const value = raw!.trim();
  return {
    message: `a {{…}} reference inside a { … } mapping must be in quotes: unquoted, YAML reads its { as another mapping`,
    hint: `put the value of '${key}' in quotes: ${key}: "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
    column: line.indexOf(raw!, entry.index) + 1,
    expected: `${key}: "…{{…}}…" (quoted)`,
  };
}
