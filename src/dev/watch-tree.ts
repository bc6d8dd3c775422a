import path from 'node:path';
import { watch } from 'chokidar';

export interface TreeWatch {
  /** Resolves once the initial scan is done: edits from then on are seen. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface TreeWatchOptions {
  /** Folders inside the root to watch (default: the whole root). */
  folders?: readonly string[];
  /** Which files count (paths relative to the root, with `/`); folder events always count. */
  accept(file: string): boolean;
  /** A burst of one file ends when no event came for this long. */
  settleMs: number;
  /** Called once per burst with the files and folders (relative to the root, `/`) added, changed or removed. */
  onBurst(files: string[]): void;
}

/** Folders that are never content or code: version control, dependencies, editors' own files. */
/** How long a burst of several files or a folder waits for quiet. */
const MANY_SETTLE_MS = 100;

const SKIPPED = /(^|[/\\])(\.git|node_modules|\.cache)([/\\]|$)/;

/**
 * Watches folders and reports edits in bursts. chokidar rather than `fs.watch({ recursive })`: Node 20's
 * recursive watch loses a file after a rename-save (vim, JetBrains, `sed -i`, `git checkout` write a temp
 * file and rename it over the original), and later writes to it raise no event. chokidar watches each folder
 * itself, re-watches what was renamed in, and reports a file that is removed and written again within its
 * `atomic` window as one change. An editor saves in several steps and a checkout touches many files: all
 * events until the tree is quiet are one burst, so they cost one rebuild. Quiet means `settleMs` for a
 * single file (an editor's save: it should show at once), but `MANY_SETTLE_MS` once a burst holds several
 * files or a folder: chokidar reads a new folder before it reports the files in it, and events of a
 * checkout or a copy of many files arrive spread out on a busy machine.
 */
export function watchTree(root: string, options: TreeWatchOptions): TreeWatch {
  const base = path.resolve(root);
  const folders = (options.folders ?? ['.']).map((folder) => path.join(base, folder));
  // awaitWriteFinish is what keeps a file's second write: without it chokidar drops every 'change' of a file
  // within 50 ms of the last one it reported (no trailing event), so an editor that truncates and then
  // writes was seen empty and never again. With it, a change is reported once the file's size held still
  // for `settleMs` (stat polled every few ms), writes meanwhile join it, and nothing is throttled.
  const watcher = watch(folders, {
    ignoreInitial: true,
    ignored: (file) => SKIPPED.test(path.relative(base, file)),
    atomic: true,
    awaitWriteFinish: { stabilityThreshold: options.settleMs, pollInterval: Math.max(1, Math.floor(options.settleMs / 2)) },
  });
  const bursts = burstCollector({ settleMs: options.settleMs, manySettleMs: MANY_SETTLE_MS, onBurst: options.onBurst });
  watcher.on('all', (event, file) => {
    const rel = path.relative(base, file).split(path.sep).join('/');
    const folder = event === 'addDir' || event === 'unlinkDir';
    if (folder || options.accept(rel)) bursts.add(rel, { folder });
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async close() {
      bursts.cancel();
      await watcher.close();
    },
  };
}

export interface BurstOptions {
  /** Quiet time that ends a burst of one file. */
  settleMs: number;
  /** Quiet time that ends a burst of several files or a folder. */
  manySettleMs: number;
  onBurst(files: string[]): void;
}

/** Collects paths into bursts: each path restarts the quiet time, and a burst ends when it passes (see watchTree). */
export function burstCollector(options: BurstOptions): { add(file: string, kind: { folder: boolean }): void; cancel(): void } {
  let pending = new Set<string>();
  let many = false;
  let timer: NodeJS.Timeout | undefined;
  return {
    add(file, { folder }) {
      pending.add(file);
      many ||= folder || pending.size > 1;
      clearTimeout(timer);
      timer = setTimeout(
        () => {
          const files = [...pending];
          pending = new Set();
          many = false;
          options.onBurst(files);
        },
        many ? options.manySettleMs : options.settleMs,
      );
    },
    cancel: () => clearTimeout(timer),
  };
}
