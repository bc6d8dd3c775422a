import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RateLimit } from '../../supabase/functions/_shared/rate-limit.ts';
import type { BuildCache } from '../cache/build-cache.ts';
import type { ContentEnv } from '../content/load.ts';
import { contentPath, formatError, type SiteError } from '../errors/site-error.ts';
import { lazyLocalBackend } from '../server/local-backend.ts';
import { startServer, type RouteHandler } from '../server/server.ts';
import { contentTypeOf } from '../server/static.ts';
import { translationsRoute } from './translations-route.ts';
import type { CheckRun } from '../check/run.ts';
import { countAll, fromSiteError } from '../check/finding.ts';
import { DevBuilder, type SiteFiles } from './dev-build.ts';
import { DevChecker } from './dev-check.ts';
import { findingViews } from './finding-view.ts';
import { devGuard } from './dev-guard.ts';
import { openInEditor, type OpenOptions } from './open-in-editor.ts';
import { contentEditor } from './editor/editor-api.ts';
import { liveReload, withLiveScript, type LiveReload, type Overlay } from './live-reload.ts';
import { watchTree } from './watch-tree.ts';

export interface DevOptions {
  contentDir: string;
  port: number;
  host: string;
  env: ContentEnv;
  cache: BuildCache;
  dataDir: string;
  rateLimit: RateLimit;
  /** Open live-reload streams at most (default MAX_EVENT_STREAMS). */
  maxEventStreams?: number;
  /** The editor launches of "Open in $EDITOR" (rate and clock). */
  open?: OpenOptions;
  /** Progress and errors for the terminal (the CLI decides how they look). */
  report: {
    rebuilt(routes: string[], ms: number, rendered: number): void;
    errors(errors: SiteError[]): void;
    /** A rebuild failed and holds its errors back for a moment, in case the editor's next write follows (an emptied file). */
    holding?(): void;
    /** The check's findings after a rebuild, when they differ from the last ones printed. */
    findings?(run: CheckRun): void;
    /** The check after a rebuild failed (a defect in a rule): the build on screen stands, its findings are unknown. */
    checkError(error: unknown): void;
    storeError(error: unknown): void;
  };
}

export interface RunningDev {
  url: string;
  /** This session's token: the routes that change something need it (dev-guard.ts). */
  token: string;
  /** Open live-reload streams now. */
  streams(): number;
  close(): Promise<void>;
}

/** Editors save in bursts (write, rename, chmod): one rebuild per burst. */
const SETTLE_MS = 8;
/** How long a failed rebuild waits for a further edit before it shows its errors. */
const ERROR_GRACE_MS = 300;
/**
 * The check runs after open pages had time to fetch the page that changed: it shares this process with
 * the server, and the edit should paint before the findings arrive.
 */
const CHECK_DELAY_MS = 60;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function overlayOf(run: CheckRun, blocking: boolean): Overlay | undefined {
  if (!run.findings.length) return undefined;
  const { error, warning } = countAll(run.findings, run.omitted);
  const counts = [error && plural(error, 'error'), warning && plural(warning, 'warning')].filter(Boolean).join(', ');
  const shown = run.omitted?.length ? ` (${run.findings.length} shown; \`site check\` lists every one)` : '';
  return {
    blocking,
    title: blocking ? `${counts}${shown}: the page shows the last good build` : `${counts}${shown}`,
    items: findingViews(run.findings, run.contentDir),
  };
}

function errorText(errors: readonly SiteError[], contentDir: string): string {
  const text = errors.map((error) => formatError(error, (file) => contentPath(contentDir, file))).join('\n\n');
  return `${errors.length} content error${errors.length === 1 ? '' : 's'} (fix the file and save; this page updates)\n\n${text}`;
}

/** Serves the in-memory build: `/fr` → /fr/index.html, unknown paths → 404.html; pages get the live script. */
function memoryRoute(files: () => SiteFiles, build: string, errors: () => string | undefined): RouteHandler {
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const urlPath = decodeURI(new URL(req.url ?? '/', 'http://localhost').pathname);
    const site = files();
    const clean = urlPath.replace(/\/$/, '');
    const url = [urlPath, `${clean}/index.html`].find((u) => site.has(u));
    let body = url ? site.get(url)! : site.get('/404.html');
    let type = contentTypeOf(url ?? '/404.html');
    if (!body) {
      // No build yet (the content has errors from the start): a page that shows them and reloads once fixed.
      body = Buffer.from(
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Content errors</title></head><body><pre>${(errors() ?? 'building…').replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</pre></body></html>`,
      );
      type = contentTypeOf('.html');
    }
    if (type.startsWith('text/html')) body = withLiveScript(Buffer.from(body.buffer, body.byteOffset, body.byteLength), build);
    // SAMEORIGIN: the /admin editor shows the page in its preview frame.
    res.writeHead(url ? 200 : 404, { 'content-type': type, 'cache-control': 'no-store', 'content-length': body.byteLength, 'x-frame-options': 'SAMEORIGIN' });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

/** What the rebuilds, the check and the routes of one `site dev` session share. */
export interface DevState {
  readonly build: string;
  readonly options: DevOptions;
  readonly live: LiveReload;
  /** The last good build's files. */
  files: SiteFiles;
  /** The last rebuild's errors as the error page shows them, or undefined when it succeeded. */
  errors: string | undefined;
  overlay: Overlay | undefined;
  /** The editor's token; open pages get it in the live-reload stream's first event (dev-guard.ts). */
  session: string;
  /** Edits seen (file bursts and the editor's changes). */
  edits: number;
  /** Rebuilds that ended (either way): a check started before one of them checked an older state. */
  rebuilds: number;
  /**
   * Whether files changed since the last rebuild. The editor's unsaved edits alone do not run the check: they were
   * validated before they were taken, the check reads the files (which did not change), and its run would
   * hold up the preview the author is waiting for.
   */
  filesEdited: boolean;
  closed: boolean;
}

/** Runs `task` one at a time: requests while it runs cause exactly one more run after it, started by `repeat`. */
function oneAtATime(task: () => Promise<void>, repeat?: () => void) {
  let running: Promise<void> | undefined;
  let again = false;
  const request = () => {
    if (running) {
      again = true;
      return;
    }
    running = task().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        (repeat ?? request)();
      }
    });
  };
  return { request, idle: () => running };
}

/** The check after a rebuild: one at a time, the latest build's findings win; none is finished once the server closes. */
function devChecks(state: DevState, builder: Pick<DevBuilder, 'unsavedEdits' | 'memo'>) {
  const checker = new DevChecker(state.options.contentDir, state.options.env, builder.unsavedEdits, builder.memo);
  let printed = '';
  const runCheck = async () => {
    const failed = state.errors !== undefined;
    const at = state.edits;
    const built = state.rebuilds;
    // An edit during the check (an editor's second write after emptying the file) makes its findings stale,
    // and so does a rebuild that ended meanwhile (a check of the failed build must not call the fixed one
    // "the last good build"): the rebuild schedules the next check.
    const stale = () => state.closed || state.edits !== at || state.rebuilds !== built;
    const run = await checker.check(failed ? undefined : state.files, stale);
    if (!run || stale()) return;
    state.overlay = overlayOf(run, failed);
    state.live.overlay(state.overlay);
    const key = JSON.stringify([run.findings, run.omitted]);
    if (!failed && key !== printed) state.options.report.findings?.(run);
    printed = failed ? '' : key;
  };
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    clearTimeout(timer);
    if (state.closed) return;
    timer = setTimeout(runs.request, CHECK_DELAY_MS);
  };
  // A check cut short by the server closing may fail on what closed: nobody waits for its findings then.
  const failed = (error: unknown) => {
    if (!state.closed) state.options.report.checkError(error);
  };
  const runs = oneAtATime(() => runCheck().catch(failed), check);
  return { check, cancel: () => clearTimeout(timer), idle: runs.idle };
}

/** One rebuild of the in-memory site after an edit: new files and the changed routes for open pages, or the errors. */
export function devRebuild(state: DevState, builder: Pick<DevBuilder, 'rebuild'>, check: () => void) {
  const { options, live } = state;
  return async () => {
    const started = performance.now();
    const checkAfter = state.filesEdited;
    state.filesEdited = false;
    const editsBefore = state.edits;
    let result = await builder.rebuild();
    if (!result.ok) {
      // An editor that empties a file and then writes it can be caught in between: if another edit comes
      // within the grace period, its rebuild speaks instead of these errors. Its event can also come later
      // than that on a loaded machine, so the files are read once more before the errors are shown.
      options.report.holding?.();
      await new Promise((resolve) => setTimeout(resolve, ERROR_GRACE_MS));
      if (state.edits !== editsBefore) return;
      result = await builder.rebuild();
      // A good build is shown even when another edit came meanwhile: the builder measures the next
      // rebuild's changes against it, so open pages that missed it would miss this edit for good.
      if (!result.ok && state.edits !== editsBefore) return;
    }
    state.rebuilds++;
    if (!result.ok) {
      state.errors = errorText(result.errors, options.contentDir);
      options.report.errors(result.errors);
      // At once, the loader's errors; the content rules' findings join them when the check is done.
      state.overlay = overlayOf({ findings: result.errors.map((e) => fromSiteError(e)), routes: 0, contentDir: options.contentDir }, true);
      live.overlay(state.overlay);
      check();
      return;
    }
    state.errors = undefined;
    // Before the first good build every URL showed the error page, so every open page reloads. After it,
    // `changed` is measured against the last good build, which is what open pages show (under the errors).
    const everything = state.files.size === 0;
    state.files = result.files;
    options.report.rebuilt(result.changed, performance.now() - started, result.rendered);
    live.changed(state.build, everything ? '*' : result.changed);
    if (checkAfter) check();
  };
}

/** The dev server's routes in the order they answer: the guard first, the in-memory site last. */
async function serveDev(state: DevState, editor: RouteHandler) {
  const { options } = state;
  let serverUrl = '';
  // No lead notifications from `site dev`: a developer's test submissions must not reach the sales team.
  const backend = lazyLocalBackend(
    {
      dataDir: options.dataDir,
      contentDir: options.contentDir,
      rateLimit: options.rateLimit,
      onStoreError: options.report.storeError,
      notify: { config: { channels: [] } },
    },
    () => serverUrl,
  );
  const server = await startServer({
    port: options.port,
    host: options.host,
    handlers: [
      devGuard(() => state.session),
      state.live.handler,
      openInEditor(options.contentDir, options.open),
      editor,
      backend.handler,
      translationsRoute(options.contentDir, options.env),
      memoryRoute(
        () => state.files,
        state.build,
        () => state.errors,
      ),
    ],
  });
  serverUrl = server.url;
  return { server, backend };
}

/**
 * `site dev`: builds in memory, serves with live reload, and rebuilds on every content edit, reloading
 * only the open pages whose HTML changed. Content errors show in the terminal and on the page.
 */
export async function startDev(options: DevOptions): Promise<RunningDev> {
  const build = randomUUID().slice(0, 8);
  const builder = new DevBuilder(options.contentDir, options.env, options.cache);
  const live = liveReload(() => ({ build, session: state.session, ...(state.overlay ? { overlay: state.overlay } : {}) }), {
    maxStreams: options.maxEventStreams,
  });
  const state: DevState = {
    build,
    options,
    live,
    files: new Map(),
    errors: undefined,
    overlay: undefined,
    session: '',
    edits: 0,
    rebuilds: 0,
    filesEdited: true,
    closed: false,
  };
  const checks = devChecks(state, builder);
  const rebuild = devRebuild(state, builder, checks.check);
  const rebuilds = oneAtATime(rebuild);
  await rebuild();
  // The content editor at /admin: its unsaved edits are built like files, so open pages (its preview) show them.
  const editor = contentEditor({
    contentDir: options.contentDir,
    env: options.env,
    unsavedEdits: builder.unsavedEdits,
    memo: builder.memo,
    changed: (loaded) => {
      if (loaded) builder.useLoaded(loaded);
      state.edits++;
      rebuilds.request();
    },
    previewPage: async (loaded, relative) => {
      const started = performance.now();
      const shown = await builder.previewPage(loaded, relative);
      if (shown) options.report.rebuilt([shown.route], performance.now() - started, 1);
      return shown;
    },
  });
  state.session = editor.token;
  const { server, backend } = await serveDev(state, editor.handler);
  // Folder events count too: a folder renamed or removed moves or removes the pages inside it.
  const watcher = watchTree(options.contentDir, {
    accept: (file) => /\.ya?ml$/.test(file),
    settleMs: SETTLE_MS,
    onBurst: (files) => {
      builder.changed(files);
      state.edits++;
      state.filesEdited = true;
      rebuilds.request();
    },
  });
  await watcher.ready;
  builder.watching();

  return {
    url: server.url,
    token: state.session,
    streams: () => live.streams(),
    async close() {
      state.closed = true;
      await watcher.close();
      // The port first: the check after a rebuild takes seconds on a loaded machine, and held it that long.
      checks.cancel();
      live.close();
      await server.close();
      await rebuilds.idle();
      await checks.idle();
      await builder.close();
      await backend.close();
    },
  };
}
