import type { EditorError } from './api.ts';

/** `sections[3].plans[1].price` or `budgets.routes["/chatbot"]` → its keys (formatPath in errors/site-error.ts, reversed). */
export function parsePath(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  const pattern = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([^.[\]]+)/g;
  for (const match of path.matchAll(pattern)) {
    if (match[1] !== undefined) keys.push(Number(match[1]));
    else if (match[2] !== undefined) keys.push(JSON.parse(match[2]) as string);
    else if (match[3] !== undefined) keys.push(match[3]);
  }
  return keys;
}

/** The value at `path` in `data`, or undefined. */
export function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let value = data;
  for (const key of path) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** The form library's error tree: each error under its field (a missing key's error is at its parent). */
export function errorSchemaOf(errors: readonly EditorError[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const error of errors) {
    let node = root;
    for (const key of error.path ? parsePath(error.path) : []) node = (node[key] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(error.message);
  }
  return root;
}
