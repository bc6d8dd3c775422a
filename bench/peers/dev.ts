/**
 * `site dev` beside `hugo server` on the same synthetic pages (bench:peers `--dev`): each started as a developer starts
 * it, then one page's lead edited again and again, and the time from the file's write to the first response of its
 * route that has the new text (save to served), with edits a second apart and in quick succession. Also the dev
 * server's resident memory: after it first served and its peak over the whole run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BIN, median, repo } from '../support/measure.ts';
import { processStatus, siteDevChild } from '../support/process-status.ts';

export interface DevServer {
  name: string;
  /** The command line and the line on its output that gives the URL it serves (first group). */
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  ready: RegExp;
  /** A line printed once the server's start-up work is over (`site dev`'s check); edits wait for it. */
  settled?: RegExp;
  /** The edited page's file, the text its lead starts after, and its route. */
  file: string;
  needle: string;
  route: string;
}

interface Started {
  server: DevServer;
  child: ChildProcess;
  url: string;
  /** The process whose memory counts: `site dev` serves from a child of its supervisor. */
  pid: number;
  out: () => string;
  firstServedS: number;
  firstServedMiB: number;
  /** Seconds from the start to the `settled` line (or to first served). */
  settledS: number;
  original: string;
}

export interface DevResult {
  name: string;
  firstServedS: number;
  firstServedMiB: number;
  settledS: number;
  peakMiB: number;
  /** Save-to-served per edit, ms, by pause between edits. */
  edits: Map<number, number[]>;
}

/** VmRSS / VmHWM of a process, MiB. */
function memory(pid: number): { rss: number; hwm: number } {
  const { rss, hwm } = processStatus(pid);
  return { rss: rss / 1024, hwm: hwm / 1024 };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(server: DevServer): Promise<Started> {
  const startedMs = performance.now();
  const child = spawn(server.command, server.args, {
    cwd: server.cwd ?? repo,
    env: { ...process.env, NO_COLOR: '1', ...server.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  child.stderr?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  let url: string | undefined;
  while (!(url = server.ready.exec(out)?.[1])) {
    if (child.exitCode !== null) throw new Error(`${server.name} exited before it served:\n${out}`);
    await pause(50);
  }
  const pid = server.name === 'site' ? (siteDevChild(child.pid ?? 0) ?? child.pid ?? 0) : (child.pid ?? 0);
  const firstServedS = (performance.now() - startedMs) / 1000;
  const firstServedMiB = memory(pid).rss;
  while (server.settled && !server.settled.test(out)) {
    if (child.exitCode !== null) throw new Error(`${server.name} exited before it settled:\n${out}`);
    await pause(100);
  }
  const settledS = (performance.now() - startedMs) / 1000;
  return {
    server,
    child,
    url: url.replace(/\/$/, ''),
    pid,
    out: () => out,
    firstServedS,
    firstServedMiB,
    settledS,
    original: await readFile(server.file, 'utf8'),
  };
}

/** Writes a new lead and waits for the route to serve it; the time from the write to that response, ms. */
async function edit(s: Started, marker: string): Promise<number> {
  if (!s.original.includes(s.server.needle)) throw new Error(`${s.server.name}: no ${s.server.needle} in ${s.server.file}`);
  const wrote = performance.now();
  await writeFile(s.server.file, s.original.replace(s.server.needle, `${s.server.needle}${marker}. `));
  for (;;) {
    if (s.child.exitCode !== null) throw new Error(`${s.server.name} exited:\n${s.out().slice(-2000)}`);
    // A kept-alive connection the server closed meanwhile fails once: the next request opens another.
    const body = await fetch(`${s.url}${s.server.route}`).then(
      (r) => r.text(),
      () => '',
    );
    if (body.includes(marker)) return performance.now() - wrote;
    await pause(5);
  }
}

async function stop(s: Started): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  const exited = new Promise((resolve) => s.child.once('exit', resolve));
  s.child.kill('SIGTERM');
  await exited;
  await writeFile(s.server.file, s.original);
}

/**
 * Starts every server, then edits each in turn (so the machine's load falls on all alike): `edits` edits at each of
 * `gaps` (ms between one edit being served and the next write). Every server is stopped however the run ends.
 */
export async function benchDevServers(servers: DevServer[], edits: number, gaps: number[]): Promise<DevResult[]> {
  const started: Started[] = [];
  try {
    for (const server of servers) started.push(await start(server));
    const times = new Map(started.map((s) => [s.server.name, new Map(gaps.map((g) => [g, [] as number[]]))]));
    let n = 0;
    for (const gap of gaps) {
      for (let round = 0; round < edits; round++) {
        for (const s of started) {
          await pause(gap);
          times
            .get(s.server.name)
            ?.get(gap)
            ?.push(await edit(s, `Edit ${n++} ${Date.now()}`));
        }
      }
    }
    return started.map((s) => ({
      name: s.server.name,
      firstServedS: s.firstServedS,
      firstServedMiB: s.firstServedMiB,
      settledS: s.settledS,
      peakMiB: memory(s.pid).hwm,
      edits: times.get(s.server.name) ?? new Map(),
    }));
  } finally {
    for (const s of started) await stop(s);
  }
}

/** `site dev` on `node`, serving `content` (its own data folder and cache under `work`), editing the page's YAML lead. */
export function siteDevServer(node: string, work: string, content: string, page: { slug: string; lang: string; route: string }): DevServer {
  return {
    name: 'site',
    command: node,
    args: [BIN, 'dev', '--content', content, '--port', '0', '--data', path.join(work, 'dev-data')],
    env: { SITE_CACHE_DIR: path.join(work, 'dev-cache') },
    ready: /dev server at (http:\/\/\S+)/,
    settled: /— checked /,
    file: path.join(content, 'pages', page.slug, `${page.lang}.yaml`),
    needle: 'lead: "',
    route: page.route,
  };
}

/** `hugo server` (its defaults: pages in memory, fast render mode) on the converted site, editing the page's front matter. */
export function hugoServer(dir: string, file: string, route: string, port: number): DevServer {
  return {
    name: 'hugo',
    command: 'hugo',
    args: ['server', '--source', dir, '--port', String(port), '--bind', '127.0.0.1'],
    ready: /Web Server is available at (http:\/\/\S+)/,
    file: path.join(dir, file),
    needle: '"leadHtml": "',
    route,
  };
}

export function devTable(pages: number, results: DevResult[]): string {
  const site = results.find((r) => r.name === 'site');
  const lines = [
    `| ${pages.toLocaleString('en')} pages, dev server | first served s | resident then MiB | start-up work done s | peak MiB | pause between edits | save to served, median ms (all) | ÷ site's |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    for (const [gap, ms] of r.edits) {
      const mine = median(ms);
      const base = median(site?.edits.get(gap) ?? []);
      lines.push(
        `| ${r.name} | ${r.firstServedS.toFixed(1)} | ${r.firstServedMiB.toFixed(0)} | ${r.settledS.toFixed(1)} | ${r.peakMiB.toFixed(0)} | ${gap} ms | ${mine.toFixed(0)} (${ms.map((t) => t.toFixed(0)).join(', ')}) | ${(mine / base).toFixed(2)}× |`,
      );
    }
  }
  return lines.join('\n');
}
