/**
 * `loadFixture(name)`: the one way unit and browser tests get a site to work on (Astro's loadFixture, STYLE.md §2).
 * A fixture is a small complete site under tests/fixtures/, copied into a fresh temporary project folder
 * (`content/`, and `dist/` once built) so a test can edit, build, check, serve or `site dev` it without touching
 * the repository. Not the real site's `content/`: rewriting the site's copy must break no test of the code. The tests
 * of the site itself, which read the real content, live in tests/unit/real-site/ (tests/README.md names the rest).
 * `startDev` runs the dev server in process; the check rules' fixtures (tests/unit/check/fixture.ts) and the warm
 * builds of the page cache's tests (tests/unit/output/support/warm-site.ts) start from these fixture sites too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCheck, type CheckOptions, type CheckRun } from '../../src/check/run.ts';
import { loadContent, type ContentEnv } from '../../src/content/load.ts';
import type { SiteModel } from '../../src/content/model.ts';
import { buildSite, type BuildOptions, type BuildReport } from '../../src/output/build.ts';
import { removePageSources } from '../../src/output/page-sources.ts';
import type { Result } from '../../src/errors/site-error.ts';
import type { DevOptions, RunningDev } from '../../src/dev/dev-server.ts';
import { startServer, type RouteHandler, type RunningServer } from '../../src/server/server.ts';

const repo = path.resolve(import.meta.dirname, '../..');
export const FIXTURES = path.join(repo, 'tests/fixtures');
/** The small complete site most fixtures start from: de and en, a home page and four back-header pages, the check rules clean. */
export const BASE_SITE = 'check/base';
/**
 * A small site with every page type, header variant and section type in four locales (tests/fixtures/page-types):
 * for tests that build, render or serve a whole site for its structure instead of the real content.
 */
export const PAGE_TYPES_SITE = 'page-types';

/** Replaces the first `find`, or the first match of the regular expression `pattern` (dot matches newlines), in `file` (relative to `content/`) with `replace`. */
export interface SiteEdit {
  file: string;
  find?: string;
  pattern?: string;
  replace: string;
}

export interface FixtureOptions {
  /** Single-line edits of the copied content; an edit that does not apply throws (it would test nothing). */
  edits?: SiteEdit[];
  /** New or replaced content files: path under `content/` → text. */
  files?: Record<string, string>;
  /** Content files to delete (after the edits and new files). */
  remove?: string[];
}

export interface FixtureSite {
  /** The temporary project folder: `content/` and `dist/` inside (a test may make it a git repository). */
  root: string;
  content: string;
  out: string;
  /** The content loaded as `site build` loads it; throws with every error's message if it does not load. */
  load(env?: ContentEnv): Promise<SiteModel>;
  /** `site build` into `dist/` (or `outDir`), in process. */
  build(options?: Partial<BuildOptions>): Promise<Result<BuildReport>>;
  /** `site check` on the content (and on `dist/` when given `outDir`). */
  check(options?: Partial<CheckOptions>): Promise<CheckRun>;
  /** A built file, relative to `dist/`. */
  readFile(file: string): Promise<string>;
  /** Applies edits to the content (same rules as the `edits` option). */
  edit(...edits: SiteEdit[]): Promise<void>;
  /** Writes a content file (folders made as needed). */
  write(file: string, text: string): Promise<void>;
  /** Serves `dist/` on an ephemeral loopback port, with optional route handlers (the contact route). */
  serve(handlers?: RouteHandler[]): Promise<RunningServer>;
  /** Runs `site dev` on the content, as a child process, on an ephemeral port. */
  dev(options?: { env?: Record<string, string> }): Promise<DevServer>;
  /**
   * Starts `site dev`'s server in this process (`startDev`) on an ephemeral loopback port: no cache but the shared
   * code assets, data under the project folder, a rate limit of 5 a minute, reports dropped unless `overrides` has them.
   */
  startDev(overrides?: Partial<DevOptions>): Promise<RunningDev>;
  /** Stops what this fixture started and deletes its folder. */
  remove(): Promise<void>;
}

export interface DevServer {
  url: string;
  /** Everything `site dev` printed so far (NO_COLOR). */
  output(): string;
  /** Rebuilds reported so far (one line per rebuild: "updated …" or "no page changed"). */
  rebuilds(): number;
  stop(): Promise<void>;
}

const contentCases = path.join(FIXTURES, 'content');

/**
 * `name` is a folder under tests/fixtures/: a complete site (`check/base`, `page-types`, `add-language`, `translations`) is
 * copied as is; a content case (`content/<case>`, see tests/fixtures/content/README.md) is laid over the content
 * base site first.
 */
export async function loadFixture(name: string, options: FixtureOptions = {}): Promise<FixtureSite> {
  const root = await mkdtemp(path.join(tmpdir(), `site-fixture-${name.replace(/\W+/g, '-')}-`));
  const content = path.join(root, 'content');
  const out = path.join(root, 'dist');
  if (name.startsWith('content/')) await layContentCase(name.slice('content/'.length), content);
  else await cp(path.join(FIXTURES, name), content, { recursive: true });
  await applyEdits(content, options.edits ?? []);
  for (const [file, text] of Object.entries(options.files ?? {})) await writeContent(content, file, text);
  for (const file of options.remove ?? []) await rm(path.join(content, file));

  const running: { stop(): Promise<void> }[] = [];
  return {
    root,
    content,
    out,
    async load(env) {
      const loaded = await loadContent(content, env);
      if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
      return loaded.value;
    },
    build: (overrides = {}) => buildSite({ contentDir: content, outDir: out, ...overrides }),
    check: (overrides = {}) => runCheck({ contentDir: content, ...overrides }),
    readFile: (file) => readFile(path.join(out, file), 'utf8'),
    edit: (...edits) => applyEdits(content, edits),
    write: (file, text) => writeContent(content, file, text),
    async serve(handlers = []) {
      const server = await startServer({ root: out, port: 0, host: '127.0.0.1', handlers });
      running.push({ stop: () => server.close() });
      return server;
    },
    async dev({ env = {} } = {}) {
      const server = await startDevProcess(root, content, env);
      running.push(server);
      return server;
    },
    async startDev(overrides = {}) {
      // Imported here: most fixtures never start the dev server, and browser specs load this module too.
      const [{ startDev }, { noCache }, { withSharedCodeAssets }] = await Promise.all([
        import('../../src/dev/dev-server.ts'),
        import('../../src/cache/build-cache.ts'),
        import('./shared-code-assets.ts'),
      ]);
      const dev = await startDev({
        contentDir: content,
        port: 0,
        host: '127.0.0.1',
        env: {},
        cache: withSharedCodeAssets(noCache),
        dataDir: path.join(root, 'data'),
        rateLimit: { limit: 5, windowSeconds: 60 },
        ...overrides,
        report: { rebuilt: () => {}, errors: () => {}, checkError: () => {}, storeError: () => {}, ...overrides.report },
      });
      // Closed once, whether the test or remove() asks first.
      let closed: Promise<void> | undefined;
      const once = { ...dev, close: () => (closed ??= dev.close()) };
      running.push({ stop: once.close });
      return once;
    },
    async remove() {
      await Promise.all(running.splice(0).map((r) => r.stop()));
      await Promise.all([rm(root, { recursive: true, force: true }), removePageSources(out)]);
    },
  };
}

/** 1-based line of the first line containing `needle` in a content file. */
export async function lineOf(content: string, file: string, needle: string): Promise<number> {
  const lines = (await readFile(path.join(content, file), 'utf8')).split('\n');
  const index = lines.findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`'${needle}' not in ${file}`);
  return index + 1;
}

/**
 * A content case: the base site's settings (one locale, de) and UI strings, then `content/base/`, then the case's
 * own files and `edits.json` (see tests/fixtures/content/README.md).
 */
async function layContentCase(name: string, content: string): Promise<void> {
  const site = await readFile(path.join(FIXTURES, BASE_SITE, 'site.yaml'), 'utf8');
  await mkdir(path.join(content, 'locales'), { recursive: true });
  await writeFile(path.join(content, 'site.yaml'), site.replace(/^locales:\n(?:  - .*\n)+/m, 'locales:\n  - { code: de, lang: de, hreflang: de }\n'));
  await cp(path.join(FIXTURES, BASE_SITE, 'locales/de.yaml'), path.join(content, 'locales/de.yaml'));
  await cp(path.join(contentCases, 'base'), content, { recursive: true });
  if (name === 'base') return;
  await cp(path.join(contentCases, name), content, { recursive: true, filter: (src) => !src.endsWith('edits.json') });
  let edits: SiteEdit[] = [];
  try {
    edits = JSON.parse(await readFile(path.join(contentCases, name, 'edits.json'), 'utf8')) as SiteEdit[];
  } catch {
    edits = [];
  }
  await applyEdits(content, edits);
}

/** Applies `edits` to the files under `dir` (a content or an output folder). */
export async function applyEdits(dir: string, edits: SiteEdit[]): Promise<void> {
  for (const edit of edits) {
    const file = path.join(dir, edit.file);
    const text = await readFile(file, 'utf8');
    const pattern = edit.pattern === undefined ? undefined : new RegExp(edit.pattern, 's');
    // An edit that no longer applies would silently test nothing.
    const applies = pattern ? pattern.test(text) : edit.find !== undefined && text.includes(edit.find);
    if (!applies) throw new Error(`edit does not apply to ${edit.file}: ${edit.find ?? edit.pattern}`);
    await writeFile(file, pattern ? text.replace(pattern, edit.replace) : text.replace(edit.find ?? '', () => edit.replace));
  }
}

async function writeContent(content: string, file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(content, file)), { recursive: true });
  await writeFile(path.join(content, file), text);
}

async function startDevProcess(root: string, content: string, env: Record<string, string>): Promise<DevServer> {
  const dev: ChildProcess = spawn(
    process.execPath,
    [path.join(repo, 'bin/site.js'), 'dev', '--content', content, '--port', '0', '--data', path.join(root, 'data')],
    {
      env: { ...process.env, NO_COLOR: '1', ...env },
    },
  );
  let out = '';
  dev.stderr!.on('data', (chunk: Buffer) => (out += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    dev.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /dev server at (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    dev.once('exit', (code) => reject(new Error(`site dev exited with ${code}: ${out}`)));
  });
  let stopped: Promise<unknown> | undefined;
  return {
    url,
    output: () => out,
    rebuilds: () => out.match(/^(updated .*|no page changed) \(\d+ rendered\) in \d+ ms$/gm)?.length ?? 0,
    stop() {
      stopped ??=
        dev.exitCode !== null
          ? Promise.resolve()
          : new Promise((resolve) => {
              dev.once('exit', resolve);
              dev.kill('SIGTERM');
            });
      return stopped.then(() => undefined);
    },
  };
}
