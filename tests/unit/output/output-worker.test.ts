import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheKey } from '../../../src/cache/build-cache.ts';
import type { OutputReply, OutputRequest } from '../../../src/output/output-thread.ts';
import { startThread } from '../../../src/output/thread-entry.ts';

// The worker itself, asked directly: the writer falls back to the thread pool when it does not answer, so the writer's
// tests pass without it.
let dir: string;
let worker: Worker;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-output-worker-'));
  worker = startThread('output-worker');
});
afterAll(async () => {
  await worker.terminate();
  await rm(dir, { recursive: true, force: true });
});

const ask = (request: OutputRequest) =>
  new Promise<OutputReply>((resolve) => {
    const answer = (reply: OutputReply) => {
      if (reply[0] !== request[0]) return;
      worker.off('message', answer);
      resolve(reply);
    };
    worker.on('message', answer);
    worker.postMessage(request);
  });

const page = new TextEncoder().encode(`<!doctype html><p>${'Seite '.repeat(500)}</p>`);

describe('output-worker', () => {
  it('writes the page into a new folder, stores its cache entry (header line around the digest and gzip size, then the HTML) and answers its gzip -9 size', async () => {
    const file = path.join(dir, 'a/b/index.html');
    const entry = path.join(dir, 'entry');
    const head = ['{"digest":"', '","htmlGzip":', '}\n'] as const;
    const gzip = gzipSync(page, { level: 9 }).byteLength;
    expect(await ask([1, page, file, false, entry, head])).toEqual([1, gzip]);
    expect(await readFile(file)).toEqual(Buffer.from(page));
    expect((await readFile(entry)).toString('utf8')).toBe(`{"digest":"${cacheKey(page)}","htmlGzip":${gzip}}\n${Buffer.from(page).toString('utf8')}`);
    // An entry already there is the same page: it is left as it is.
    await writeFile(entry, 'kept');
    expect(await ask([2, page, file, false, entry, head])).toEqual([2, gzip]);
    expect(await readFile(entry, 'utf8')).toBe('kept');
  });

  it('with ifChanged, leaves a file that holds the same bytes as it is', async () => {
    const file = path.join(dir, 'same.html');
    await writeFile(file, page);
    const old = new Date('2020-01-01T00:00:00Z');
    await utimes(file, old, old);
    await ask([3, page, file, true]);
    expect((await stat(file)).mtimeMs).toBe(old.getTime());
    await ask([4, page, file, false]);
    expect((await stat(file)).mtimeMs).not.toBe(old.getTime());
  });

  it('answers an error with its code', async () => {
    // The page's folder cannot be made: a file has its name.
    await writeFile(path.join(dir, 'plain'), 'a file, not a folder');
    const [id, size, error] = await ask([5, page, path.join(dir, 'plain/index.html'), false]);
    expect({ id, size, code: error?.code }).toEqual({ id: 5, size: undefined, code: 'EEXIST' });
  });
});
