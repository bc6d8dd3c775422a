/**
 * Drives a real `site serve` process for the load run and the fault tests: start it (PGlite or
 * DATABASE_URL), send bounded bursts of contact requests to it, kill it. Only ever 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FUNCTION_PATH } from '../../supabase/functions/_shared/contact-fields.ts';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/site.js');

export interface SiteServe {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Everything the process wrote to stdout so far. */
  stdout(): string;
  /** SIGTERM and wait for the exit (the lease is released, the store closed). */
  stop(): Promise<void>;
  /** SIGKILL: no clean-up at all, as a crash or an OOM kill would leave it. */
  kill(): Promise<void>;
}

export interface ServeOptions {
  outDir: string;
  dataDir: string;
  /** Use this PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  rateLimit?: string;
  /** More `site serve` options (e.g. `--max-connections 500`). */
  args?: readonly string[];
  /** Runs the server under this many open files at most (`ulimit -n`), to show what exhausts it. */
  fdLimit?: number;
  /** Extra environment (e.g. SITE_NOTIFY_*); the parent's SITE_NOTIFY_* are never passed on. */
  env?: NodeJS.ProcessEnv;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts `site serve` on a free port of 127.0.0.1 and resolves once it prints its URL. */
export function startSiteServe(options: ServeOptions): Promise<SiteServe> {
  const args = [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--out', options.outDir, '--data', options.dataDir];
  if (options.rateLimit) args.push('--rate-limit', options.rateLimit);
  args.push(...(options.args ?? []));
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.DATABASE_URL;
  for (const key of Object.keys(env)) if (key.startsWith('SITE_NOTIFY_')) delete env[key];
  Object.assign(env, options.env);
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  // `exec` keeps the server's pid the child's pid, so /proc/<pid>/fd counts the server's descriptors.
  const child = options.fdLimit
    ? spawn('/bin/sh', ['-c', `ulimit -n ${options.fdLimit} && exec "$0" "$@"`, process.execPath, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /at (https?:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) {
        resolve({
          url: match[1]!,
          child,
          stderr: () => err,
          stdout: () => out,
          stop: async () => {
            child.kill('SIGTERM');
            await exited(child);
          },
          kill: async () => {
            child.kill('SIGKILL');
            await exited(child);
          },
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`site serve exited with ${code} before serving: ${err || out}`)));
  });
}

export interface SentRequest {
  body: { name: string; email: string; company: string | null; products: string | null; subject: string; message: string; privacy_consent: true };
  /** HTTP status, or 0 when the connection failed. */
  status: number;
  id?: string;
  /** Why a request failed: the connection error, or the answer's error text for a 5xx. */
  error?: string;
  ms: number;
}

/** A valid request whose e-mail names the run and the request, so rows can be matched to what was sent. */
export function loadBody(run: string, i: number): SentRequest['body'] {
  return {
    name: `Load Tester ${i} – Grüße 👋`,
    email: `load-${run}-${i}@example.com`,
    company: i % 3 === 0 ? null : `Firma ${i} GmbH`,
    products: i % 2 === 0 ? 'platform,chatbot' : null,
    subject: `Anfrage ${i}`,
    message: `Nachricht ${i}:\n${Array.from({ length: 8 }, () => 'Bitte melden Sie sich.').join(' ')}`,
    privacy_consent: true,
  };
}

export function newRunId(): string {
  return randomUUID().slice(0, 8);
}

/**
 * Sends `total` requests with at most `concurrency` in flight; stops starting new ones once `stop()`
 * says so. Every outcome is recorded, including connection failures. The client keeps at most
 * `concurrency` connections, as a load tool's virtual users do: fetch's pool opens more than it has
 * requests in flight when answers arrive faster than it reads them, and `site serve` caps the
 * connections one address may hold.
 */
export async function sendContactRequests(options: {
  url: string;
  run: string;
  total: number;
  concurrency: number;
  stop?: () => boolean;
  onResult?: (result: SentRequest) => void;
}): Promise<SentRequest[]> {
  const results: SentRequest[] = [];
  const record = (result: SentRequest) => {
    results.push(result);
    options.onResult?.(result);
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  let next = 0;
  async function worker(): Promise<void> {
    while (next < options.total && !options.stop?.()) {
      const body = loadBody(options.run, next++);
      const started = performance.now();
      try {
        const response = await postJson(agent, `${options.url}${FUNCTION_PATH}`, body);
        const answer = parsedAnswer(response.text);
        const error = response.status >= 500 ? `${response.status}: ${answer.error ?? 'no error text'}` : undefined;
        record({ body, status: response.status, id: answer.id, error, ms: performance.now() - started });
      } catch (error) {
        record({ body, status: 0, error: `connection: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, ms: performance.now() - started });
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return results;
}

function postJson(agent: http.Agent, url: string, body: unknown): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-site-form': 'business',
          'x-site-locale': 'de',
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

function parsedAnswer(text: string): { id?: string; error?: string } {
  try {
    return JSON.parse(text) as { id?: string; error?: string };
  } catch {
    return {};
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}
