/**
 * Contact path numbers: what a page loads for its forms and on first submit (gzip -9 bytes, from the
 * last build in dist/), and the local store's acknowledge latency through `site serve`'s contact route
 * (median and p95 of sequential requests, PGlite or DATABASE_URL). Run: npm run bench:contact
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { FUNCTION_PATH } from '../supabase/functions/_shared/contact-fields.ts';
import { contactRoute } from '../src/server/contact-route.ts';
import { openContactStore, storeTarget } from '../src/server/contact-store.ts';
import { startServer } from '../src/server/server.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

/** A chunk plus every chunk it imports statically (what the browser fetches to run it), gzip -9 bytes. */
async function closureGzip(dir: string, file: string, seen = new Set<string>()): Promise<number> {
  if (seen.has(file)) return 0;
  seen.add(file);
  const code = await readFile(path.join(dir, file), 'utf8');
  let total = gzipSync(code, { level: 9 }).byteLength;
  for (const [, dep] of code.matchAll(/(?:from|import)\s*"\.\/([\w-]+\.js)"/g)) total += await closureGzip(dir, dep!, seen);
  return total;
}

async function chunkSizes(): Promise<void> {
  const dir = 'dist/assets';
  const files = (await readdir(dir)).filter((f) => f.endsWith('.js'));
  const loader = files.find((f) => f.startsWith('islands-'));
  const shared = new Set<string>();
  if (loader) await closureGzip(dir, loader, shared);
  const mount = files.find((f) => f.startsWith('mount-'));
  const withReact = new Set(shared);
  if (mount) await closureGzip(dir, mount, withReact);
  for (const [label, prefix] of [
    ['page-load loader', 'islands-'],
    ['React (mount) once per page', 'mount-'],
    ['contact form island, beyond React', 'ContactForm-'],
    ['chat demo island, beyond React', 'ChatDemo-'],
    ['first submit: supabase-js + schema', 'send-'],
  ] as const) {
    const file = files.find((f) => f.startsWith(prefix));
    const before = prefix === 'islands-' ? [] : prefix === 'mount-' || prefix === 'send-' ? shared : withReact;
    const bytes = file ? await closureGzip(dir, file, new Set(before)) : NaN;
    console.log(`${label.padEnd(38)} ${bytes.toLocaleString('en')} B gzip`);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function latency(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-bench-'));
  const target = storeTarget(dir);
  let started = performance.now();
  const store = await openContactStore(target);
  console.log(`open store (${target.kind}, new)`.padEnd(38), `${Math.round(performance.now() - started)} ms`);
  const server = await startServer({ root: dir, port: 0, host: '127.0.0.1', handlers: [contactRoute({ store, allowedOrigins: [] })] });
  const times: number[] = [];
  try {
    for (let i = 0; i < REQUESTS; i++) {
      const body = JSON.stringify({
        name: 'Bench',
        email: `bench${i}@example.com`,
        company: null,
        products: 'chatbot',
        subject: 'Bench',
        message: 'x'.repeat(400),
        privacy_consent: true,
      });
      started = performance.now();
      const response = await fetch(`${server.url}${FUNCTION_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-site-form': 'business', 'x-site-locale': 'de' },
        body,
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`unexpected ${response.status}`);
      times.push(performance.now() - started);
    }
  } finally {
    await server.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
  times.sort((a, b) => a - b);
  console.log(`POST → stored → 200, n=${REQUESTS}`.padEnd(38), `median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`);
}

await chunkSizes();
await latency();
