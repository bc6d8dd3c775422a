import { wellFormedRecord, type OutputManifest, type PageRecord } from '../page-cache.ts';
import type { PageEntry } from '../../content/model.ts';
import { summaryOf, type BuildPage } from './pages.ts';

/**
 * The incremental build as a plan (issue #37): for every page, what this build does with it and why, decided before
 * anything is rendered or written, from the last build's manifest and what the build observed of the output folder.
 * Pure: the observations come in as functions (`Look`), so a test can plan any state without a disk. `buildSite` carries
 * the plan out; `site build --explain` prints it.
 *
 * - `unloaded`: a page a scoped build did not load (scope.ts): reused as its record line has it.
 * - `reuse`: a loaded page built under the same key whose output file is as the last build wrote it.
 * - `restore`: not reusable, but the build cache holds its HTML under its key (a CI job that restored the cache only).
 * - `render`: anything else.
 */

export type DecisionKind = 'reuse' | 'unloaded' | 'restore' | 'render';

interface Planned {
  file: string;
  route: string;
  /** The key this build gives the page ('' without a page cache). */
  key: string;
  /** A sentence for `--explain`: what changed, or what was found as it was. */
  reason: string;
}

/** A page's decision; a page reused or unloaded carries the record it is reused as, a loaded page its entry. */
export type PagePlan =
  | (Planned & { kind: 'unloaded'; record: PageRecord })
  | (Planned & { kind: 'reuse'; record: PageRecord; entry: PageEntry })
  | (Planned & { kind: 'restore' | 'render'; record: PageRecord | undefined; entry: PageEntry });

export interface BuildPlan {
  pages: PagePlan[];
  /** Pages of the last build this one does not have: their files go (the build also removes stray files it finds). */
  removals: { file: string; reason: string }[];
}

/** What the build observed of the output folder (synchronous reads the build makes anyway). */
export interface Look {
  /** The stamp of an output file (output-relative), undefined when there is none. */
  stamp(file: string): string | undefined;
  /** Whether an islands' props file is in the output folder with the bytes its name says. */
  propsPresent(url: string): boolean;
  /** Whether the element sources beside the output folder have the page's entry. */
  sourcesPresent(file: string): boolean;
}

/** What changed in the content folder since the last build (content-relative paths), when that build was recorded. */
export interface ContentChanges {
  files: ReadonlySet<string>;
}

export interface PlanInputs {
  pages: readonly BuildPage[];
  keys: readonly string[];
  /** Why no page can be reused, when none can: no page cache, `--no-cache`, no earlier build into this folder. */
  cold?: string;
  manifest: OutputManifest | undefined;
  /** Whether what every page reads besides itself (site.yaml, locale names, code, environment) is as the last build had it. */
  sameSite: boolean;
  /** What changed in the content folder since the last build; asked only to tell why a page's key changed. */
  changes: () => ContentChanges | undefined;
  /** The first field that differs between the page as the last build loaded it and now (`meta.title`), when known. */
  changedField?: (entry: PageEntry) => string | undefined;
  look: Look;
}

/** The plan for every page (render or reuse; restore comes from planRestores) and the removals. */
export function planPages(inputs: PlanInputs): BuildPlan {
  const { pages, keys, manifest } = inputs;
  const why = reasons(inputs);
  const planned = pages.map((page, index): PagePlan => {
    const key = keys[index]!;
    if (page.kind === 'recorded') {
      const { file, route, source } = page.summary;
      return { kind: 'unloaded', file, route, key, record: page.record, reason: `not loaded: ${source} and its family are unchanged since the last build` };
    }
    const { entry } = page;
    const base = { file: entry.file, route: entry.route, key, entry };
    const record = manifest?.pages[entry.file];
    const against =
      inputs.cold ??
      whyNotReusable(record, key, entry.file, inputs.look) ??
      (inputs.look.sourcesPresent(entry.file) ? undefined : 'its element sources beside the output folder are missing');
    if (against === undefined && record)
      return { ...base, kind: 'reuse', record, reason: `unchanged: built under the same key, ${entry.file} as the last build wrote it` };
    return { ...base, kind: 'render', record, reason: against === KEY_CHANGED || against === undefined ? why(page) : against };
  });
  const files = new Set(pages.map((page) => summaryOf(page).file));
  const removals = Object.keys(manifest?.pages ?? {})
    .filter((file) => !files.has(file))
    .sort()
    .map((file) => ({ file, reason: 'its page is gone from the content (or no longer live)' }));
  return { pages: planned, removals };
}

/** The plan with each page to render whose key the build cache holds (`stored`) restored from there instead. */
export function planRestores(plan: BuildPlan, stored: (key: string) => boolean): BuildPlan {
  const pages = plan.pages.map((page): PagePlan => {
    if (page.kind !== 'render' || !stored(page.key)) return page;
    return { ...page, kind: 'restore', reason: `${page.reason}; the build cache holds its HTML` };
  });
  return { ...plan, pages };
}

/** The pages a build would look up in the build cache: the ones to render (a page cache and not `--no-cache`). */
export const restoreCandidates = (plan: BuildPlan): string[] => plan.pages.flatMap((page) => (page.kind === 'render' ? [page.key] : []));

const KEY_CHANGED = '\u0000key';

/**
 * Why the page's record cannot be reused as it is (undefined: it can): built under another key (KEY_CHANGED, told
 * apart by `reasons`), a record damaged or not there, the file changed since it was written, a props file missing.
 */
export function whyNotReusable(record: PageRecord | undefined, key: string, file: string, look: Pick<Look, 'stamp' | 'propsPresent'>): string | undefined {
  if (record === undefined) return 'a new page: the last build had none at this route';
  if (record.key !== key) return KEY_CHANGED;
  if (!wellFormedRecord(record)) return 'its record in the page cache is damaged';
  if (record.stamp !== look.stamp(file)) return `${file} in the output folder is not as the last build wrote it`;
  const missing = Object.keys(record.islandProps).find((url) => !look.propsPresent(url));
  return missing === undefined ? undefined : `its islands' props file ${missing} is missing from the output folder or changed`;
}

/** Why a loaded page's key changed, from what changed in the content folder: its file first, then what it reads. */
function reasons(inputs: PlanInputs): (page: BuildPage) => string {
  let families: Map<string, string[]> | undefined;
  const familySources = (family: string) => {
    if (!families) {
      families = new Map();
      for (const page of inputs.pages) {
        const { family: name, source } = summaryOf(page);
        const sources = families.get(name);
        if (sources) sources.push(source);
        else families.set(name, [source]);
      }
    }
    return families.get(family) ?? [];
  };
  return (page) => {
    const { source, locale, family } = summaryOf(page);
    if (!inputs.sameSite) return 'what every page reads changed: site.yaml, a language, the code, the environment or the check budgets';
    const changed = inputs.changes()?.files;
    if (!changed) return 'built under another key (the last build left no record of the content it read)';
    if (changed.has(source)) {
      const field = page.kind === 'loaded' ? inputs.changedField?.(page.entry) : undefined;
      return field ? `${field} changed in ${source}` : `${source} changed`;
    }
    if (changed.has(`locales/${locale}.yaml`)) return `locales/${locale}.yaml changed`;
    const translation = familySources(family).find((other) => other !== source && changed.has(other));
    if (translation) return `its translation ${translation} changed (hreflang, the language switcher)`;
    return 'what it shows besides its file changed: an image, its social card, another page of its family, or the pages a build leaves out';
  };
}

/** What changed between two walks of the content folder (tree-stamps.ts): every entry added, removed or with another stamp. */
export function contentChanges(before: readonly string[], now: readonly string[]): ContentChanges {
  const was = new Map<string, string>();
  for (let i = 0; i < before.length; i += 2) was.set(before[i]!, before[i + 1]!);
  const files = new Set<string>();
  for (let i = 0; i < now.length; i += 2) {
    const entry = now[i]!;
    // An entry the walk did not trust (written within the last second) has no stamp: it counts as changed.
    if (was.get(entry) !== now[i + 1] || now[i + 1] === '') files.add(entry);
    was.delete(entry);
  }
  for (const entry of was.keys()) files.add(entry);
  return { files };
}

/**
 * The path of the first value that differs between `before` and `after` (`meta.title`, `sections[2].items[0].text`), or
 * undefined when they are equal: the reason a page renders, said the way its file is written.
 */
export function firstDifference(before: unknown, after: unknown, at = ''): string | undefined {
  if (before === after) return undefined;
  const bothArrays = Array.isArray(before) && Array.isArray(after);
  const bothObjects = !bothArrays && isObject(before) && isObject(after) && !Array.isArray(before) && !Array.isArray(after);
  if (!bothArrays && !bothObjects) return JSON.stringify(before) === JSON.stringify(after) ? undefined : at || 'the page';
  if (bothArrays && before.length !== after.length) return `${at || 'the page'} (items added or removed)`;
  const keys = bothArrays ? before.map((_, i) => i) : [...new Set([...Object.keys(before as object), ...Object.keys(after as object)])];
  for (const key of keys) {
    const path = typeof key === 'number' ? `${at}[${key}]` : at ? `${at}.${key}` : key;
    const found = firstDifference((before as Record<string | number, unknown>)[key], (after as Record<string | number, unknown>)[key], path);
    if (found) return found;
  }
  return undefined;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
