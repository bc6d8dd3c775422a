/**
 * `npm run bench:peers [-- --pages 1000,10000 --rounds 3 --peers hugo --keep <dir> --dev]`: `site build` beside other
 * generators on the same synthetic pages (bench/support/synthetic.ts), converted for each with templates that render
 * the same markup; checks each peer's HTML is within ±5 % of ours per page, then runs interleaved rounds, cold and
 * after a one-page edit, and prints medians of wall time, CPU time (user + sys of the process tree) and peak memory.
 * `--rounds 0` stops after the size check; `--keep <dir>` leaves each size's projects and outputs in `<dir>/<pages>`.
 * `--dev` then times `site dev` beside `hugo server` on the same pages (dev.ts): save to served, memory.
 * The peers are installed outside the project's dependencies: Hugo from Debian (`apt-get install -y hugo`), Eleventy
 * and Astro from npm into node_modules/.cache/site/peers/ (never into package.json). `site`, Eleventy and Astro all run
 * on one Node: the newest LTS line (BENCH_NODE), as the official binary from the npm registry's node-linux-<arch>
 * package, fetched there too, whatever Node started the bench (a machine's may be past its end of life).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BIN, median, repo } from '../support/measure.ts';
import { writeSyntheticContent } from '../support/synthetic.ts';
import { convert, LOCALES, pageFile, type PeerPage, type Theme } from './convert.ts';
import { astroFile, writeAstro } from './astro.ts';
import { eleventyFile, writeEleventy } from './eleventy.ts';
import { contentFile, writeHugo } from './hugo.ts';
import { benchDevServers, devTable, hugoServer, siteDevServer } from './dev.ts';

const TOLERANCE = 0.05;
const PEERS = ['hugo', 'eleventy', 'astro'] as const;
type Peer = (typeof PEERS)[number];

interface Run {
  wall: number;
  cpu: number;
  peakMib: number;
}

/** Runs a command under GNU time: wall seconds, user + sys seconds of it and its children, largest resident set. */
async function timed(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd = repo): Promise<Run> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-peers-time-'));
  const out = path.join(dir, 'time');
  let stderr = '';
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('/usr/bin/time', ['-f', '%e %U %S %M', '-o', out, cmd, ...args], {
      cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    // Only the end is kept: it says why a build failed.
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('exit', resolve);
  });
  const [wall, user, sys, kb] = (await readFile(out, 'utf8')).trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
  await rm(dir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${code}:\n${stderr}`);
  return { wall: wall ?? NaN, cpu: (user ?? NaN) + (sys ?? NaN), peakMib: (kb ?? NaN) / 1024 };
}

function ensureHugo(): string {
  try {
    return execFileSync('hugo', ['version'], { encoding: 'utf8' }).trim();
  } catch {
    console.log('installing Hugo from Debian (apt-get install -y hugo)…');
    execFileSync('apt-get', ['install', '-y', 'hugo'], { stdio: 'inherit' });
    return execFileSync('hugo', ['version'], { encoding: 'utf8' }).trim();
  }
}

const percent = (n: number) => `${n >= 0 ? '+' : ''}${(n * 100).toFixed(1)} %`;

/** A peer's page sizes against ours: the pages off by more than ±5 %, and a line of the per-page differences. */
async function compareSizes(ours: string, theirs: string, pages: PeerPage[], peer: string): Promise<{ off: string[]; line: string }> {
  const off: string[] = [];
  const differences: number[] = [];
  let ourTotal = 0;
  let theirTotal = 0;
  for (const page of pages) {
    const file = pageFile(page.lang, page.slug);
    const a = (await stat(path.join(ours, file))).size;
    const b = await stat(path.join(theirs, file)).then(
      (s) => s.size,
      () => NaN,
    );
    ourTotal += a;
    theirTotal += b;
    differences.push(b / a - 1);
    if (!(Math.abs(b - a) <= a * TOLERANCE)) off.push(`${file}: ours ${a} B, ${peer} ${b} B`);
  }
  differences.sort((x, y) => x - y);
  const spread = `per page min ${percent(differences[0] ?? NaN)}, median ${percent(median(differences))}, max ${percent(differences.at(-1) ?? NaN)}`;
  const total = `total ${(theirTotal / 1024).toFixed(0)} KiB vs ${(ourTotal / 1024).toFixed(0)} KiB, ${percent(theirTotal / ourTotal - 1)}`;
  return { off, line: `${peer}: ${off.length ? `${off.length} pages off by more than ±5 %` : 'every page within ±5 % of ours'} (${spread}; ${total})` };
}

/** The page every edit round changes: topic 1 in English. */
const edited = (pages: PeerPage[]): PeerPage => pages.find((p) => p.slug === 'thema-1' && p.lang === 'en') ?? (pages[0] as PeerPage);

async function editFile(file: string, needle: string, round: number): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.includes(needle)) throw new Error(`edit: no ${needle} in ${file}`);
  await writeFile(file, text.replace(needle, `${needle}Edit ${round}. `));
}

const PEERS_DIR = path.join(repo, 'node_modules/.cache/site/peers');

/** Installs an npm package into a scratch folder of its own, outside the project's dependencies. */
function npmPeer(name: string, spec: string, bin: string, env: NodeJS.ProcessEnv = process.env): string {
  const dir = path.join(PEERS_DIR, name);
  const file = path.join(dir, 'node_modules', bin);
  if (!existsSync(file)) {
    console.log(`installing ${spec} into ${path.relative(repo, dir)}…`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', spec], { cwd: dir, stdio: 'inherit', env });
  }
  return file;
}

/** The Node line every JavaScript contender runs on: the newest LTS, the one .ci/run tests first. */
const BENCH_NODE = 24;

/** Node BENCH_NODE from the npm registry (as .ci/run fetches it), fetched on first use. */
function benchNode(): string {
  const dir = path.join(PEERS_DIR, `node${BENCH_NODE}`);
  const node = path.join(dir, 'package/bin/node');
  if (!existsSync(node)) {
    const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
    console.log(`fetching node-linux-${arch}@${BENCH_NODE} from the npm registry into ${path.relative(repo, dir)}…`);
    mkdirSync(dir, { recursive: true });
    const tarball = execFileSync('npm', ['pack', '--silent', `node-linux-${arch}@${BENCH_NODE}`], { cwd: dir, encoding: 'utf8' }).trim();
    execFileSync('tar', ['xzf', tarball], { cwd: dir });
    rmSync(path.join(dir, tarball));
  }
  return node;
}

const nodeVersion = () => execFileSync(benchNode(), ['--version'], { encoding: 'utf8' }).trim();

interface PeerSetup {
  /** A full build into `dest`. */
  build: (dest: string) => Promise<Run>;
  /** The peer's content file of a page, relative to its project. */
  file: (page: PeerPage) => string;
}

const PEER_SETUP: Record<Peer, (dir: string, theme: Theme, pages: PeerPage[]) => Promise<PeerSetup>> = {
  hugo: async (dir, theme, pages) => {
    await writeHugo(dir, theme, pages);
    return { build: (dest) => timed('hugo', ['--quiet', '--source', dir, '--destination', dest]), file: contentFile };
  },
  eleventy: async (dir, theme, pages) => {
    const cli = npmPeer('eleventy', '@11ty/eleventy@3', '@11ty/eleventy/cmd.cjs');
    await writeEleventy(dir, theme, pages);
    return { build: (dest) => timed(benchNode(), [cli, '--quiet', `--output=${dest}`], {}, dir), file: eleventyFile };
  },
  astro: async (dir, theme, pages) => {
    const node = benchNode();
    const env = { ...process.env, PATH: `${path.dirname(node)}:${process.env.PATH ?? ''}` };
    const cli = npmPeer('astro', 'astro@7', 'astro/bin/astro.mjs', env);
    await writeAstro(dir, theme, pages);
    symlinkSync(path.join(PEERS_DIR, 'astro/node_modules'), path.join(dir, 'node_modules'));
    // Astro resolves its prerender bundle's imports from the output folder, so that stays inside the project.
    const run = (dest: string) => {
      const inside = path.join(dir, 'out', path.basename(dest));
      if (!existsSync(dest)) {
        mkdirSync(inside, { recursive: true });
        symlinkSync(inside, dest);
      }
      return timed(node, [cli, 'build', '--silent'], { ASTRO_OUT_DIR: inside, ASTRO_TELEMETRY_DISABLED: '1' }, dir);
    };
    return {
      // Cold builds start without Astro's content-layer store and cache; a rebuild after an edit keeps them.
      build: async (dest) => {
        if (!dest.endsWith('-warm')) rmSync(path.join(dir, '.astro'), { recursive: true, force: true });
        if (!dest.endsWith('-warm')) rmSync(path.join(dir, '.astro-cache'), { recursive: true, force: true });
        return run(dest);
      },
      file: astroFile,
    };
  },
};

interface Contender {
  name: string;
  cold: (round: number) => Promise<Run>;
  edit: (round: number) => Promise<Run>;
}

/** Sets up `pages` synthetic pages for us and each peer, checks the sizes, and returns the contenders. */
async function prepare(work: string, pages: number, peers: Peer[]): Promise<Contender[]> {
  const content = path.join(work, 'content');
  const env = { SITE_CACHE_DIR: path.join(work, 'cache') };
  await writeSyntheticContent(content, pages);
  const warm = path.join(work, 'site-warm');
  // The reference build: it fills the asset cache the cold rounds start from, and is the output edits rebuild.
  await timed(benchNode(), [BIN, 'build', '--content', content, '--out', warm], env);
  const { theme, pages: converted } = await convert(warm, pages);
  const page = edited(converted);
  const siteFile = path.join(content, 'pages', page.slug, `${page.lang}.yaml`);
  const contenders: Contender[] = [
    {
      name: 'site',
      cold: (round) => timed(benchNode(), [BIN, 'build', '--no-cache', '--content', content, '--out', path.join(work, `site-cold-${round}`)], env),
      edit: async (round) => {
        await editFile(siteFile, 'lead: "', round);
        return timed(benchNode(), [BIN, 'build', '--content', content, '--out', warm], env);
      },
    },
  ];
  // Every peer is built and compared before any failure stops the run, so one run shows them all.
  const failures: string[] = [];
  for (const peer of peers) {
    const dir = path.join(work, peer);
    const setup = await PEER_SETUP[peer](dir, theme, converted);
    const build = (dest: string) => setup.build(path.join(work, dest));
    await build(`${peer}-warm`);
    const { off, line } = await compareSizes(warm, path.join(work, `${peer}-warm`), converted, peer);
    console.log(line);
    if (off.length) failures.push(`${peer}: ${off.length} pages differ from ours by more than ±5 %:\n${off.slice(0, 20).join('\n')}`);
    contenders.push({
      name: peer,
      cold: (round) => build(`${peer}-cold-${round}`),
      edit: async (round) => {
        await editFile(path.join(dir, setup.file(page)), '"leadHtml": "', round);
        return build(`${peer}-warm`);
      },
    });
  }
  if (failures.length) throw new Error(failures.join('\n'));
  return contenders;
}

const fmt = (n: number, digits = 2) => n.toFixed(digits);

function table(pages: number, results: Map<string, { cold: Run[]; edit: Run[] }>): string {
  const site = results.get('site');
  const base = (kind: 'cold' | 'edit') => median(site?.[kind].map((r) => r.wall) ?? []);
  const lines = [`| ${pages.toLocaleString('en')} pages | build | wall s | CPU s | peak MiB | wall ÷ site's |`, '|---|---|---|---|---|---|'];
  for (const [name, runs] of results) {
    for (const kind of ['cold', 'edit'] as const) {
      const wall = median(runs[kind].map((r) => r.wall));
      const label = kind === 'cold' ? (name === 'site' ? 'cold (`--no-cache`, filled asset cache)' : 'cold') : 'one-page edit';
      lines.push(
        `| ${name} | ${label} | ${fmt(wall)} | ${fmt(median(runs[kind].map((r) => r.cpu)))} | ${fmt(median(runs[kind].map((r) => r.peakMib)), 0)} | ${fmt(wall / base(kind))}× |`,
      );
    }
  }
  return lines.join('\n');
}

/** Edits per pause and the pauses (ms) of the dev-server rounds: a second apart, and in quick succession. */
const DEV_EDITS = 5;
const DEV_GAPS = [1000, 100];

/** `site dev` beside `hugo server` on the pages `prepare` wrote under `work` (dev.ts). */
async function benchDev(work: string, pages: number, peers: Peer[]): Promise<void> {
  const page = { slug: 'thema-1', lang: 'en' };
  const servers = [siteDevServer(benchNode(), work, path.join(work, 'content'), { ...page, route: `/${page.lang}/${page.slug}` })];
  if (peers.includes('hugo')) servers.push(hugoServer(path.join(work, 'hugo'), contentFile({ ...page } as PeerPage), `/${page.lang}/${page.slug}/`, 41_313));
  const load = loadavg()[0] ?? 0;
  const results = await benchDevServers(servers, DEV_EDITS, DEV_GAPS);
  console.log(
    `\n${devTable(pages, results)}\n\n${DEV_EDITS} edits at each pause, taking turns; \`site dev\` edits after its check printed; 1-minute load average ${fmt(load, 1)}–${fmt(loadavg()[0] ?? 0, 1)}\n`,
  );
}

/** The work folder of one size: a fresh temporary one, or `<keep>/<pages>` (emptied first) when it is to be kept. */
async function workFolder(pages: number, keep: string | undefined): Promise<string> {
  if (!keep) return mkdtemp(path.join(tmpdir(), 'site-peers-'));
  const dir = path.resolve(keep, String(pages));
  await rm(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function bench(pages: number, rounds: number, peers: Peer[], options: { keep?: string; dev: boolean }): Promise<void> {
  const work = await workFolder(pages, options.keep);
  try {
    const contenders = await prepare(work, pages, peers);
    if (rounds === 0) return;
    const results = new Map(contenders.map((c) => [c.name, { cold: [] as Run[], edit: [] as Run[] }]));
    const load = [loadavg()[0] ?? 0];
    for (let round = 0; round < rounds; round++) {
      // Interleaved: each round runs every contender once, so the machine's load falls on all alike.
      for (const c of contenders) results.get(c.name)?.cold.push(await c.cold(round));
      for (const c of contenders) results.get(c.name)?.edit.push(await c.edit(round));
      load.push(loadavg()[0] ?? 0);
      console.log(`${pages} pages: round ${round + 1}/${rounds} done`);
    }
    console.log(
      `\n${table(pages, results)}\n\nmedians of ${rounds} interleaved rounds; 1-minute load average ${fmt(Math.min(...load), 1)}–${fmt(Math.max(...load), 1)} on ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores; site, Eleventy and Astro on Node ${nodeVersion()}\n`,
    );
    if (options.dev) await benchDev(work, pages, peers);
  } finally {
    if (options.keep) console.log(`kept: ${work} (content/, site-warm/ and each peer's project and <peer>-warm/ output)`);
    else await rm(work, { recursive: true, force: true });
  }
}

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000,10000' },
    rounds: { type: 'string', default: '3' },
    peers: { type: 'string', default: PEERS.join(',') },
    keep: { type: 'string' },
    dev: { type: 'boolean', default: false },
  },
});
const sizes = values.pages.split(',').map(Number);
const rounds = Number(values.rounds);
const peers = values.peers.split(',').filter(Boolean);
const unknown = peers.filter((p) => !(PEERS as readonly string[]).includes(p));
if (unknown.length || sizes.some((n) => !Number.isInteger(n) || n < 8) || !(Number.isInteger(rounds) && rounds >= 0)) {
  console.error(
    `usage: npm run bench:peers -- [--pages 1000,10000] [--rounds 3] [--peers ${PEERS.join(',')}] [--keep <dir>] [--dev]\n(pages ≥ 8, a multiple of ${LOCALES.length} keeps whole families; --rounds 0 checks the sizes only; --dev also times site dev beside hugo server)${unknown.length ? `\nunknown peer: ${unknown.join(', ')}` : ''}`,
  );
  process.exit(2);
}
if (peers.includes('hugo')) console.log(ensureHugo());
for (const n of sizes) await bench(n, rounds, peers as Peer[], { keep: values.keep, dev: values.dev });
