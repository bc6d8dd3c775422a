import path from 'node:path';
import { cacheKey, readJsonEntry, replaceEarlier, type BuildCache } from '../cache/build-cache.ts';
import type { PublishingWindow } from '../content/publishing.ts';
import type { PrivacyPolicyFacts } from './privacy-policy.ts';
import type { PageWeight, WeightFigure } from './page-weight.ts';
import { stampOf, type TreeStamps } from './tree-stamps.ts';

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
const FORMAT = 5;
const KIND = 'unchanged-build';

/**
 * A route's report line: route, file, the page's key and site facts (seo-files.ts siteFacts), then its weight
 * (PageWeight's figures in FIGURES order, then 1 if its html figure is a bound: `htmlAtMost`, else 0).
 */
type StoredRoute = [string, string, string, string, ...number[]];
const FIRST_FIGURE = 4;
/** Every figure of PageWeight, so a figure added to it fails to compile here until it is stored too (and FORMAT bumped). */
const FIGURE_ORDER = { html: 0, css: 1, jsBeforeInteraction: 2, jsHydrated: 3, jsSubmit: 4, islandProps: 5 } satisfies Record<WeightFigure, number>;
const FIGURES = (Object.keys(FIGURE_ORDER) as WeightFigure[]).sort((a, b) => FIGURE_ORDER[a] - FIGURE_ORDER[b]);
const AT_MOST = FIRST_FIGURE + FIGURES.length;

/** What a build that changed nothing reports: every page reused, none over budget (a build with budget errors is not recorded). */
export interface UnchangedReport {
  css: string;
  loader: string;
  privacy: PrivacyPolicyFacts;
  routes: { route: string; file: string; weight: PageWeight }[];
}

export interface BuildRecord {
  format: number;
  inputs: string;
  window: PublishingWindow;
  content: TreeStamps;
  output: TreeStamps;
  /** Absolute paths outside both folders that a build writes (the element sources beside the output, the function's locales). */
  beside: TreeStamps;
  /** The part of every page key that is the same for all pages (page-cache.ts siteKey), and a digest of check.yaml's budgets. */
  site: string;
  budgets: string;
  /** The families a scoped build always loads (incremental/scope.ts siteFamilies). */
  siteFamilies: string[];
  report: { css: string; loader: string; privacy: PrivacyPolicyFacts; routes: StoredRoute[] };
}

/** The pages of the last build as its record has them, by output file. */
export class LastPages {
  constructor(private readonly lines: ReadonlyMap<string, StoredRoute>) {}

  get size(): number {
    return this.lines.size;
  }

  route(file: string): string | undefined {
    return this.lines.get(file)?.[0];
  }

  key(file: string): string | undefined {
    return this.lines.get(file)?.[2];
  }

  facts(file: string): string | undefined {
    return this.lines.get(file)?.[3];
  }

  /** Every page's output file, route, key and site facts, in the record's order. */
  *recorded(): Generator<[file: string, route: string, key: string, facts: string]> {
    for (const [file, line] of this.lines) yield [file, line[0], line[2], line[3]];
  }

  /** The page's weight if it was built under `key`. */
  weightUnder(file: string, key: string): PageWeight | undefined {
    const line = this.lineUnder(file, key);
    return line && weightOf(line);
  }

  /** The page's line if it was built under `key`: then route, facts and weight are the same now (lastPages). */
  lineUnder(file: string, key: string): StoredRoute | undefined {
    const line = this.lines.get(file);
    return line?.[2] === key ? line : undefined;
  }
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
 * Whether every entry of `stamps` under `root` still has its stamp; without `root`, the entries are absolute paths.
 * Joined as strings (a walk's entries are `/`-separated relative paths): path.join for each of 50,000 entries was a
 * measurable part of a no-change build.
 */
function same(root: string | undefined, stamps: TreeStamps): boolean {
  for (let i = 0; i < stamps.length; i += 2) if (stampOf(root === undefined ? stamps[i]! : `${root}/${stamps[i]!}`) !== stamps[i + 1]) return false;
  return true;
}

/** Stamps of files outside the two folders (absolute paths), `missing` for one that is not there. */
export function besideStamps(files: readonly string[]): TreeStamps {
  return files.flatMap((file) => [file, stampOf(file)]);
}

/** The record of the last build into `inputs.outDir` by the same generator from the same content folder, if there is a well-formed one. */
export async function lastBuild(cache: BuildCache, inputs: BuildInputs): Promise<BuildRecord | undefined> {
  const record = (await readJsonEntry(cache, KIND, recordKey(inputs))) as BuildRecord | undefined;
  return wellFormed(record) ? record : undefined;
}

/** Whether a build with `inputs` at `at` has the `last` build's inputs and a moment in its publishing window. */
export function inputsSince(last: BuildRecord, inputs: BuildInputs, at: Date): boolean {
  if (last.inputs !== inputsOf(inputs)) return false;
  const moment = at.getTime();
  return (last.window.from === null || moment >= last.window.from) && (last.window.until === null || moment < last.window.until);
}

/** The report of the `last` build if this one would be the same: same inputs, a moment in its window, nothing it read or wrote changed. */
export function unchangedSince(last: BuildRecord, inputs: BuildInputs, at: Date): UnchangedReport | undefined {
  if (!inputsSince(last, inputs, at)) return undefined;
  if (!same(path.resolve(inputs.contentDir), last.content) || !same(path.resolve(inputs.outDir), last.output) || !same(undefined, last.beside))
    return undefined;
  const { css, loader, privacy, routes } = last.report;
  return {
    css,
    loader,
    privacy,
    routes: routes.map((line) => ({ route: line[0], file: line[1], weight: weightOf(line) })),
  };
}

function weightOf(line: StoredRoute): PageWeight {
  const at = (name: WeightFigure) => line[FIRST_FIGURE + FIGURE_ORDER[name]] as number;
  // A literal: every weight gets the same shape at once (10,000 of them on a one-page build).
  return {
    html: at('html'),
    css: at('css'),
    jsBeforeInteraction: at('jsBeforeInteraction'),
    jsHydrated: at('jsHydrated'),
    jsSubmit: at('jsSubmit'),
    islandProps: at('islandProps'),
    htmlAtMost: line[AT_MOST] === 1 ? true : undefined,
  };
}

/**
 * The pages of the `last` build by output file, when what every page's report line and the site-wide files are made
 * from besides the pages themselves is the same now: the environment and drafts setting, the site part of the page keys
 * (`site`: site.yaml, code, locales) and check.yaml's budgets (`budgets`). Then a page built under the key its line has
 * has that line's weight and, as a recorded build had no figure over budget, none over budget now; and the site-wide
 * files are the last build's if every page has the route, facts and inline code it had then. Undefined otherwise.
 */
export function lastPages(last: BuildRecord, inputs: BuildInputs, site: string, budgets: string): LastPages | undefined {
  if (last.inputs !== inputsOf(inputs) || last.site !== site || last.budgets !== budgets) return undefined;
  return new LastPages(new Map(last.report.routes.map((line) => [line[1], line])));
}

/** Whether each of `files` (output-relative, a few) still has the stamp the last build recorded for it. */
export function stillAsRecorded(last: BuildRecord, outDir: string, files: readonly string[]): boolean {
  let found = 0;
  for (let i = 0; i < last.output.length; i += 2) {
    const file = last.output[i]!;
    if (!files.includes(file)) continue;
    if (stampOf(path.join(outDir, file)) !== last.output[i + 1]) return false;
    found++;
  }
  return found === files.length;
}

/** Whether `file` (an absolute path the `last` build recorded beside its folders) still has the stamp recorded for it. */
export function stillBeside(last: BuildRecord, file: string): boolean {
  const at = last.beside.indexOf(file);
  return at % 2 === 0 && stampOf(file) === last.beside[at + 1];
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
    typeof record.site === 'string' &&
    typeof record.budgets === 'string' &&
    Array.isArray(record.siteFamilies) &&
    record.siteFamilies.every((family) => typeof family === 'string') &&
    Array.isArray(record.report?.routes) &&
    record.report.routes.every((r) => Array.isArray(r) && r.length === AT_MOST + 1 && r.every((v, i) => typeof v === (i < FIRST_FIGURE ? 'string' : 'number')))
  );
}

/**
 * Records this build for the next one; `stamps` undefined (a build with budget errors) removes the last record instead.
 * `page`: each route's key and site facts, by output file; `last`: the last build's lines (lastPages), a page built
 * under the key its line has keeps that line.
 */
export async function recordBuild(
  cache: BuildCache,
  inputs: BuildInputs,
  stamps: Omit<BuildRecord, 'format' | 'inputs' | 'report'> | undefined,
  report: UnchangedReport,
  page: { key: (file: string) => string; facts: (file: string) => string },
  last?: LastPages,
): Promise<void> {
  const key = recordKey(inputs);
  if (!stamps) return cache.remove?.(KIND, key);
  const line = (r: UnchangedReport['routes'][number]): StoredRoute => {
    const pageKey = page.key(r.file);
    return (
      last?.lineUnder(r.file, pageKey) ?? [r.route, r.file, pageKey, page.facts(r.file), ...FIGURES.map((name) => r.weight[name]), r.weight.htmlAtMost ? 1 : 0]
    );
  };
  const record: BuildRecord = {
    format: FORMAT,
    inputs: inputsOf(inputs),
    ...stamps,
    report: { css: report.css, loader: report.loader, privacy: report.privacy, routes: report.routes.map(line) },
  };
  await cache.write(KIND, key, JSON.stringify(record));
  // One record per content and output folder: the one another version of the code left goes.
  await replaceEarlier(cache, [KIND], JSON.stringify([path.resolve(inputs.contentDir), path.resolve(inputs.outDir)]), key);
}
