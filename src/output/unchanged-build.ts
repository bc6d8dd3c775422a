import { readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { cacheKey, readJsonEntry, type BuildCache } from '../cache/build-cache.ts';
import { fileStamp } from '../content/memo.ts';
import type { PublishingWindow } from '../content/publishing.ts';
import type { PrivacyPolicyFacts } from './privacy-policy.ts';
import type { PageWeight } from './page-weight.ts';

/**
 * A build nothing changed since (issue #19, the warm no-change build). The last build into an output folder
 * records the stamp (size, mtime, inode) of every file and folder of the content folder, taken before it read
 * any, and of the output folder, taken after it wrote it, and what it reported. A build with the same inputs
 * (generator, environment, drafts, a moment in the same publishing window) whose every recorded entry still
 * has its stamp is that build again: it gives the recorded report back and loads, renders, lists and writes
 * nothing. A folder's stamp changes when an entry is added to it, removed or renamed, so a new page file or a
 * stray output file shows without listing; a file's changes when it is written. On any difference the build
 * takes the page cache's path (page-cache.ts), which finds what changed and records the result again.
 */

/** Bumped when the record changes shape. */
const FORMAT = 1;
const KIND = 'unchanged-build';
/** A content entry written less than this before it was stamped may change again within the same clock tick (git's "racily clean"). */
const RACY_MS = 1000;

/** Relative path (`/`-separated; a folder's ends with `/`, the root is `./`) and stamp, flat: [path, stamp, path, stamp, …]. */
export type TreeStamps = string[];

/** A route's report line: route, file, then the page's weight (PageWeight's figures in WEIGHT order). */
type StoredRoute = [string, string, ...number[]];
const WEIGHT = ['html', 'css', 'jsBeforeInteraction', 'jsHydrated', 'jsSubmit'] as const satisfies readonly (keyof PageWeight)[];

/** What a build that changed nothing reports: every page reused, none over budget (a build with budget errors is not recorded). */
export interface UnchangedReport {
  css: string;
  loader: string;
  privacy: PrivacyPolicyFacts;
  routes: { route: string; file: string; weight: PageWeight }[];
}

interface BuildRecord {
  format: number;
  inputs: string;
  window: PublishingWindow;
  content: TreeStamps;
  output: TreeStamps;
  /** Absolute paths outside both folders that a build writes (the element sources beside the output, the function's locales). */
  beside: TreeStamps;
  report: { css: string; loader: string; privacy: PrivacyPolicyFacts; routes: StoredRoute[] };
}

/** What a build's output is made from besides its files: the same code, environment and drafts setting. */
export interface BuildInputs {
  contentDir: string;
  outDir: string;
  generator: string;
  env: unknown;
  drafts: boolean;
}

const recordKey = (inputs: BuildInputs) => cacheKey(KIND, String(FORMAT), inputs.generator, path.resolve(inputs.contentDir), path.resolve(inputs.outDir));
const inputsOf = (inputs: BuildInputs) => JSON.stringify([inputs.env, inputs.drafts]);

/**
 * Every file and folder under `root` with its stamp; undefined when there is no such folder. With `racy`, an
 * entry written within the last second gets an empty stamp (a write in the same clock tick could keep size and
 * mtime), as does a symbolic link to a folder (its entries are not walked): neither ever matches, so the next build
 * looks at the content itself.
 */
export function treeStamps(root: string, racy: boolean): TreeStamps | undefined {
  const now = Date.now();
  let entries;
  try {
    // Synchronous: tens of thousands of stats through the thread pool cost several times the CPU (measured on the no-change build's profile).
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    return undefined;
  }
  const stamps: TreeStamps = [];
  const add = (file: string, full: string, link: boolean) => {
    let stats: Stats | undefined;
    try {
      stats = statSync(full, { throwIfNoEntry: false });
    } catch {
      // Gone or unreadable since it was listed: no stamp, so it never matches.
    }
    const trusted = stats && !(link && stats.isDirectory()) && !(racy && now - stats.mtimeMs < RACY_MS) ? stats : undefined;
    stamps.push(file, trusted ? fileStamp(trusted) : '');
  };
  add('./', root, false);
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    add(path.relative(root, full).split(path.sep).join('/') + (entry.isDirectory() ? '/' : ''), full, entry.isSymbolicLink());
  }
  return stamps;
}

/** The stamps by path (a folder's without its trailing `/`). */
export function stampsByPath(stamps: TreeStamps): Map<string, string> {
  const byPath = new Map<string, string>();
  for (let i = 0; i < stamps.length; i += 2) byPath.set(stamps[i]!.replace(/\/$/, ''), stamps[i + 1]!);
  return byPath;
}

function stampOf(file: string): string {
  try {
    const stats = statSync(file, { throwIfNoEntry: false });
    return stats ? fileStamp(stats) : 'missing';
  } catch {
    // A folder on the way became a file, or cannot be read: not what was recorded.
    return 'unreadable';
  }
}

/** Whether every entry of `stamps` under `root` still has its stamp. */
function same(root: string, stamps: TreeStamps): boolean {
  for (let i = 0; i < stamps.length; i += 2) if (stampOf(path.join(root, stamps[i]!)) !== stamps[i + 1]) return false;
  return true;
}

/** Stamps of files outside the two folders (absolute paths), `missing` for one that is not there. */
export function besideStamps(files: readonly string[]): TreeStamps {
  return files.flatMap((file) => [file, stampOf(file)]);
}

/** The report of the last build into `inputs.outDir` if nothing it read or wrote changed since, else undefined. */
export async function unchangedBuild(cache: BuildCache, inputs: BuildInputs, at: Date): Promise<UnchangedReport | undefined> {
  const record = (await readJsonEntry(cache, KIND, recordKey(inputs))) as BuildRecord | undefined;
  if (!wellFormed(record) || record.inputs !== inputsOf(inputs)) return undefined;
  const moment = at.getTime();
  if ((record.window.from !== null && moment < record.window.from) || (record.window.until !== null && moment >= record.window.until)) return undefined;
  if (!same(path.resolve(inputs.contentDir), record.content) || !same(path.resolve(inputs.outDir), record.output) || !same('/', record.beside)) return undefined;
  const { css, loader, privacy, routes } = record.report;
  return {
    css,
    loader,
    privacy,
    routes: routes.map(([route, file, ...figures]) => ({ route, file, weight: Object.fromEntries(WEIGHT.map((name, i) => [name, figures[i]!])) as unknown as PageWeight })),
  };
}

function wellFormed(record: BuildRecord | undefined): record is BuildRecord {
  const stamps = (value: unknown) => Array.isArray(value) && value.length % 2 === 0 && value.every((s) => typeof s === 'string');
  return (
    record?.format === FORMAT &&
    typeof record.inputs === 'string' &&
    typeof record.window === 'object' &&
    record.window !== null &&
    stamps(record.content) &&
    stamps(record.output) &&
    stamps(record.beside) &&
    Array.isArray(record.report?.routes) &&
    record.report.routes.every((r) => Array.isArray(r) && r.length === WEIGHT.length + 2 && r.slice(2).every((n) => typeof n === 'number'))
  );
}

/** Records this build for the next one; `report` undefined (a build with budget errors) removes the last record instead. */
export async function recordBuild(
  cache: BuildCache,
  inputs: BuildInputs,
  stamps: { window: PublishingWindow; content: TreeStamps; output: TreeStamps; beside: TreeStamps } | undefined,
  report: UnchangedReport | undefined,
): Promise<void> {
  const key = recordKey(inputs);
  if (!stamps || !report) return cache.remove?.(KIND, key);
  const record: BuildRecord = {
    format: FORMAT,
    inputs: inputsOf(inputs),
    ...stamps,
    report: { css: report.css, loader: report.loader, privacy: report.privacy, routes: report.routes.map((r): StoredRoute => [r.route, r.file, ...WEIGHT.map((name) => r.weight[name])]) },
  };
  await cache.write(KIND, key, JSON.stringify(record));
}
