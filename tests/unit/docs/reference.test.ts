/**
 * The reference pages are the code's own answer: the generated ones equal what `npm run docs` makes now, and the
 * check rules page lists the catalogue's rules.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedPages } from '../../../scripts/docs-reference.ts';
import { ERROR_CODES, isErrorCode, type ErrorCode } from '../../../src/errors/codes.ts';
import { scaled } from '../../support/time-scale.ts';

const repo = path.resolve(import.meta.dirname, '../../..');

describe('generated reference pages', () => {
  it(
    'docs/reference/cli.md and errors.md are what npm run docs writes from the code',
    async () => {
      for (const { file, text } of generatedPages()) {
        expect(await readFile(file, 'utf8'), `${path.relative(repo, file)}: run npm run docs`).toBe(text);
      }
    },
    scaled(60_000),
  );
});

describe('the check rules page', () => {
  it('lists the same rules as the error catalogue', async () => {
    const page = await readFile(path.join(repo, 'docs/reference/check-rules.md'), 'utf8');
    const rulesTable = page.slice(page.indexOf('## Rules'), page.indexOf('## Copy rules'));
    const listed = new Set([...rulesTable.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...m[1]!.matchAll(/`([a-z][a-z0-9-]*)`/g)].map((c) => c[1]!)));
    expect([...listed].filter((code) => !isErrorCode(code))).toEqual([]);
    const reportedByCheck = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => ERROR_CODES[code].kind !== 'build' || code.startsWith('image-'));
    expect(reportedByCheck.filter((code) => !listed.has(code))).toEqual([]);
  });
});
