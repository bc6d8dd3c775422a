import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheKey, directoryCache, replaceEarlier } from '../../../src/cache/build-cache.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-build-cache-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const entries = async (kind: string) => (await readdir(path.join(dir, kind)).catch(() => [])).sort();

describe('replaceEarlier', () => {
  it('keeps one set of entries per owner: a new key removes the entries of every kind under the owner’s earlier key, and no other owner’s', async () => {
    const cache = directoryCache(dir);
    const kinds = ['memo', 'memo-changes'];
    const [first, second, other] = ['code-0', 'code-1', 'code-0 elsewhere'].map((code) => cacheKey(code));
    const write = (key: string) => Promise.all(kinds.map((kind) => cache.write(kind, key, 'entry')));
    await write(first!);
    await replaceEarlier(cache, kinds, '/site/content', first!);
    await write(other!);
    await replaceEarlier(cache, kinds, '/other/content', other!);
    expect(await entries('memo')).toEqual([first, other].sort());
    // The same key again (the same code) removes nothing.
    await replaceEarlier(cache, kinds, '/site/content', first!);
    expect(await entries('memo')).toEqual([first, other].sort());
    await write(second!);
    await replaceEarlier(cache, kinds, '/site/content', second!);
    for (const kind of kinds) expect(await entries(kind), kind).toEqual([second, other].sort());
  });

  it('removes nothing but a digest, whatever a damaged pointer names', async () => {
    const cache = directoryCache(dir);
    await cache.write('kept', 'keep-me', 'entry');
    await replaceEarlier(cache, ['kept'], '/third/content', cacheKey('code-2'));
    // The pointer the call wrote, made to name a path instead of a key.
    const pointers = await readdir(path.join(dir, 'latest'));
    const texts = await Promise.all(pointers.map(async (name) => Buffer.from((await cache.read('latest', name))!).toString('utf8')));
    const pointer = pointers[texts.indexOf(cacheKey('code-2'))]!;
    await cache.write('latest', pointer, '../kept/keep-me');
    await replaceEarlier(cache, ['kept'], '/third/content', cacheKey('code-3'));
    expect(await entries('kept')).toEqual(['keep-me']);
    expect(Buffer.from((await cache.read('latest', pointer))!).toString('utf8')).toBe(cacheKey('code-3'));
  });
});
