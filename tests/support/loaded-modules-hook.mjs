// The module hook tests/support/loaded-modules.mjs registers: runs on the loader thread, one line per loaded URL.
import { appendFileSync } from 'node:fs';

let file;
export function initialize(data) {
  file = data;
}
export async function load(url, context, next) {
  appendFileSync(file, `${url}\n`);
  return next(url, context);
}
