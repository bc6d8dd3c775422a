/**
 * What a one-page edit's rebuild costs must not grow with the pages: unchanged files are recalled by their stamp,
 * unread; folders are listed again only where the watcher saw something; the sitemap and `_headers` are made when asked for.
 */
import { readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { directoryCache } from '../../../src/cache/build-cache.ts';
import { DevBuilder } from '../../../src/dev/dev-build.ts';
import { DevMemo } from '../../../src/dev/dev-memo.ts';
import { fileStamp } from '../../../src/cache/stamps.ts';
import type { YamlSource } from '../../../src/content/yaml-source.ts';
import { loadFixture } from '../../support/fixture.ts';

let content: string;
let cacheDir: string;
beforeAll(async () => {
  content = (await loadFixture('content/base')).content;
  cacheDir = await mkdtemp(path.join(tmpdir(), 'site-dev-edit-scale-'));
});
afterAll(() => Promise.all([rm(path.dirname(content), { recursive: true, force: true }), rm(cacheDir, { recursive: true, force: true })]));

const ok = <T extends { ok: boolean }>(result: T) => {
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result as Extract<T, { ok: true }>;
};

it('recalls a file by its stamp, unread, until it is written again; a file without a stamp is read', async () => {
  const memo = new DevMemo(content);
  const file = path.join(content, 'stamped.yaml');
  await writeFile(file, 'a: 1\n');
  const entry = { key: 'k', source: {} as YamlSource, value: 1, placeholders: [], verbatim: [], inputs: 'in', stamp: fileStamp(statSync(file)) };
  memo.remember('stamped.yaml', entry);
  expect(memo.recallUnread('stamped.yaml', 'in')).toBe(entry);
  expect(memo.recallUnread('stamped.yaml', 'other inputs')).toBeUndefined();
  await writeFile(file, 'a: 22\n');
  expect(memo.recallUnread('stamped.yaml', 'in')).toBeUndefined();
  memo.remember('stamped.yaml', { ...entry, stamp: '' });
  expect(memo.recallUnread('stamped.yaml', 'in')).toBeUndefined();
  await rm(file);
});

it('lists a folder again once the watcher names something in it, and makes the sitemap when it is asked for', async () => {
  const dev = new DevBuilder(content, {}, directoryCache(cacheDir));
  ok(await dev.rebuild());
  dev.watching();
  const first = ok(await dev.rebuild());
  const pages = [...first.files.keys()].filter((url) => url.endsWith('.html'));

  const family = path.join(content, 'pages', 'added-by-test');
  const existing = readdirSync(path.join(content, 'pages'))[0]!;
  const source = path.join(content, 'pages', existing, 'de.yaml');
  await mkdir(family);
  await writeFile(path.join(family, 'de.yaml'), (await readFile(source, 'utf8')).replace(/^slug: .*$/m, 'slug: added-by-test'));
  // Not yet reported by the watcher: the kept listing stands.
  expect([...ok(await dev.rebuild()).files.keys()].filter((url) => url.endsWith('.html'))).toEqual(pages);

  dev.changed(['pages/added-by-test', 'pages/added-by-test/de.yaml']);
  const after = ok(await dev.rebuild());
  expect([...after.files.keys()].filter((url) => url.endsWith('.html')).length).toBe(pages.length + 1);
  expect(new TextDecoder().decode(after.files.get('/sitemap.xml'))).toContain('added-by-test');
});

it('once the watcher is ready, recalls a confirmed file without a stat until the watcher names it or its folder', async () => {
  const memo = new DevMemo(content);
  await mkdir(path.join(content, 'watched'), { recursive: true });
  const file = path.join(content, 'watched', 'a.yaml');
  await writeFile(file, 'a: 1\n');
  const entry = { key: 'k', source: {} as YamlSource, value: 1, placeholders: [], verbatim: [], inputs: 'in', stamp: fileStamp(statSync(file)) };
  // Remembered before the watcher was ready: a write then would have raised no event, so the stat still decides.
  memo.remember('watched/a.yaml', entry);
  memo.watching();
  await writeFile(file, 'a: 22\n');
  expect(memo.recallUnread('watched/a.yaml', 'in')).toBeUndefined();

  // Confirmed after the watcher was ready: a later write is the watcher's to report, the stat is skipped.
  memo.remember('watched/a.yaml', { ...entry, stamp: fileStamp(statSync(file)) });
  const confirmed = memo.recallUnread('watched/a.yaml', 'in');
  expect(confirmed?.value).toBe(1);
  await writeFile(file, 'a: 333\n');
  expect(memo.recallUnread('watched/a.yaml', 'in')).toBe(confirmed);
  memo.changed(['watched/a.yaml']);
  expect(memo.recallUnread('watched/a.yaml', 'in')).toBeUndefined();

  // The folder renamed or removed: every file under it is stat-ed again.
  memo.remember('watched/a.yaml', { ...entry, stamp: fileStamp(statSync(file)) });
  await writeFile(file, 'a: 4444\n');
  expect(memo.recallUnread('watched/a.yaml', 'in')).toBeDefined();
  memo.changed(['watched']);
  expect(memo.recallUnread('watched/a.yaml', 'in')).toBeUndefined();
  await rm(path.join(content, 'watched'), { recursive: true });
});
