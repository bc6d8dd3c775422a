import path from 'node:path';
import type { ErrorCode } from './codes.ts';

/** Where in the content a problem is: file, 1-based line/column, and the path inside the document. */
export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
  /** Path inside the document, e.g. `sections[3].plans[1].price`. */
  path?: string;
}

export interface SiteErrorInit {
  code: ErrorCode;
  message: string;
  location?: SourceLocation;
  expected?: string;
  found?: string;
  hint?: string;
}

/**
 * A problem the user can fix (content, configuration, usage). Errors are values: stages collect them
 * and hand them up; only the CLI prints them.
 */
export class SiteError extends Error {
  readonly code: ErrorCode;
  readonly location?: SourceLocation;
  readonly expected?: string;
  readonly found?: string;
  readonly hint?: string;

  constructor(init: SiteErrorInit) {
    super(init.message);
    this.name = 'SiteError';
    this.code = init.code;
    this.location = init.location;
    this.expected = init.expected;
    this.found = init.found;
    this.hint = init.hint;
  }

  toJSON(): SiteErrorInit {
    return {
      code: this.code,
      message: this.message,
      location: this.location,
      expected: this.expected,
      found: this.found,
      hint: this.hint,
    };
  }
}

/** A stage's result: either its value or every error it found. */
export type Result<T> = { ok: true; value: T } | { ok: false; errors: SiteError[] };

/**
 * `path` and then `keys`, as an array of exactly that length: a spread (`[...path, key]`) leaves room to grow, 232
 * bytes instead of 96 for three keys, and `site dev` keeps a path for every string of every page (65 MB at 10,000).
 */
export function childPath<K extends PropertyKey>(path: readonly K[], ...keys: K[]): K[] {
  return path.concat(keys);
}

/** `sections[3].plans[1].price`; a key that is no plain name is quoted: `budgets.routes["/chatbot"].js`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (!/^[\p{L}_$][\p{L}\p{N}_$-]*$/u.test(String(key))) out += `[${JSON.stringify(String(key))}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** `file:line:col`; `showFile` turns the content-relative file into what the reader can open. */
export function formatLocation(location: SourceLocation | undefined, showFile: (file: string) => string = (file) => file): string {
  if (!location) return '';
  let out = showFile(location.file);
  if (location.line !== undefined) out += `:${location.line}`;
  if (location.line !== undefined && location.column !== undefined) out += `:${location.column}`;
  return out;
}

/** Plain-text rendering used by the CLI and tests. */
/**
 * A content file as the reader can open it from where they ran the command (`content/pages/home/de.yaml`,
 * so `content/pages/home/de.yaml:14:5` is a link in terminals and editors). Errors keep paths relative to
 * the content directory; only what is printed changes.
 */
export function contentPath(contentDir: string, file: string): string {
  return path.relative(process.cwd(), path.resolve(contentDir, file)).split(path.sep).join('/');
}

export function formatError(error: SiteError, showFile?: (file: string) => string): string {
  const lines: string[] = [];
  const where = formatLocation(error.location, showFile);
  lines.push(`${where ? `${where} ` : ''}${error.code}: ${error.message}`);
  if (error.location?.path) lines.push(`  at ${error.location.path}`);
  if (error.expected !== undefined) lines.push(`  expected: ${error.expected}`);
  if (error.found !== undefined) lines.push(`  found:    ${error.found}`);
  if (error.hint) lines.push(`  hint: ${error.hint}`);
  return lines.join('\n');
}
