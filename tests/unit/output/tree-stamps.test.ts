import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeStamps, type TreeStamps } from '../../../src/output/tree-stamps.ts';

let root: string;
const files = ['index.html', 'robots.txt', 'en/index.html', 'en/faq/index.html', 'faq/index.html', 'assets/site.css', 'assets/site.css.gz'];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-tree-stamps-'));
  for (const file of files) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), file);
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Path → stamp: the walk's order is the listing's, which the record does not depend on. */
const byPath = (stamps: TreeStamps | undefined) => new Map(Array.from({ length: (stamps?.length ?? 0) / 2 }, (_, i) => [stamps![2 * i]!, stamps![2 * i + 1]!]));

describe('treeStamps', () => {
  it("takes the folders' entries from the files the caller wrote, with the same stamps as a walk that lists them", () => {
    const listed = byPath(treeStamps(root));
    expect([...listed.keys()].sort()).toEqual(['./', 'assets/', 'en/', 'en/faq/', 'faq/', ...files].sort());
    expect(byPath(treeStamps(root, { written: [...files].reverse() }))).toEqual(listed);
  });

  it('lists nothing when given the written files: a file left out of them is not in the stamps', () => {
    const stamps = byPath(treeStamps(root, { written: files.filter((file) => file !== 'en/faq/index.html') }));
    expect(stamps.has('en/faq/index.html')).toBe(false);
    expect(stamps.has('en/faq/')).toBe(false);
    expect(stamps.get('en/index.html')).toBe(byPath(treeStamps(root)).get('en/index.html'));
  });
});
