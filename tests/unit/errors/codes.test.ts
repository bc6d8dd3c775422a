/** The error catalogue holds every code src/ reports, each with what a reader needs to act on it. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COPY_CODES } from '../../../src/check/copy/typography.ts';
import { ERROR_CODES, isErrorCode, type ErrorCode } from '../../../src/errors/codes.ts';

const repo = path.resolve(import.meta.dirname, '../../..');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && /\.tsx?$/.test(e.name)).map((e) => path.join(e.parentPath, e.name));
}

describe('the error catalogue', () => {
  it('holds every code src/ reports (a `code:` literal outside zod issues)', async () => {
    const used = new Map<string, string>();
    for (const file of await sourceFiles(path.join(repo, 'src'))) {
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, i) => {
        // A zod issue's code (`ctx.addIssue({ code: 'custom', … })`) is zod's, not ours, on its line or the one after.
        if (/addIssue|invalid_union/.test(line) || /addIssue\(\{\s*$/.test(lines[i - 1] ?? '')) return;
        for (const m of line.matchAll(/\bcode: ['"]([a-z][a-z0-9-]*)['"]/g)) used.set(m[1]!, `${path.relative(repo, file)}:${i + 1}`);
      });
    }
    expect(used.size).toBeGreaterThan(40);
    const missing = [...used].filter(([code]) => !isErrorCode(code)).map(([code, at]) => `${code} (${at})`);
    expect(missing).toEqual([]);
  });

  it('gives every code a title, an explanation and a hint, each a sentence a reader can act on', () => {
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      expect(entry.title.length, code).toBeGreaterThan(8);
      expect(entry.explanation.length, code).toBeGreaterThan(20);
      expect(entry.hint.length, code).toBeGreaterThan(8);
      expect(entry.title, code).not.toMatch(/^(Error|Hint):/);
    }
  });

  it('knows the rules an ignore comment may silence as its copy rules', () => {
    const copy = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => ERROR_CODES[code].kind === 'copy');
    expect([...COPY_CODES].sort()).toEqual(copy.sort());
  });
});
