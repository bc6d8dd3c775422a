import type { BuiltImageSet } from '../../assets/images.ts';
import type { BuildCache } from '../../cache/build-cache.ts';
import type { CheckConfig } from '../../content/check-config.ts';
import type { ContentEnv } from '../../content/load.ts';
import type { SiteModel, SiteView } from '../../content/model.ts';
import type { Publication } from '../../content/publishing.ts';
import type { LoadedRedirects } from '../../content/redirects.ts';
import type { StoredContentMemo } from '../../content/stored-memo.ts';
import type { YamlSource } from '../../content/yaml-source.ts';
import type { SiteError } from '../../errors/site-error.ts';
import type { PlanReport } from '../incremental/explain.ts';
import type { BuildPage } from '../incremental/pages.ts';
import type { BuildPlan, Look, PagePlan } from '../incremental/plan.ts';
import type { OutputManifest, ReadManifest, StoredPage } from '../page-cache.ts';
import type { PageSources } from '../page-sources.ts';
import type { BudgetOverrun, PageWeight } from '../page-weight.ts';
import type { PrivacyPolicyFacts } from '../privacy-policy.ts';
import type { InlineCode } from '../seo-files.ts';
import type { CodeAssets } from '../site-render.ts';
import type { PlannedCard } from '../social-cards.ts';
import type { TreeStamps } from '../tree-stamps.ts';
import type { BuildInputs, BuildRecord, LastPages } from '../unchanged-build.ts';
import type { OutputWriter } from '../writer.ts';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  env?: ContentEnv;
  /** Where deterministic steps keep their results; default `node_modules/.cache/site` (see cache/). */
  cache?: BuildCache;
  /**
   * Use and keep the page cache (content memo and output manifest in `cache`) for warm builds into the same
   * folder, as `site build` does. Off by default: builds into a temporary folder (`site check`, tests) would
   * only leave entries behind.
   */
  pageCache?: boolean;
  /** With the page cache: ignore what earlier builds left and build everything; the result is stored for the next build. */
  fresh?: boolean;
  /** Names the generator's code in the page cache (default: generatorId()); tests change it to stand for a code edit. */
  generator?: string;
  /** The moment the site is built for and whether drafts show (default: now, no drafts); see content/publishing.ts. */
  publication?: Publication;
  /**
   * Whether the build writes the files it generates into the project beside the output (the contact function's
   * language list): `site build` does; `site check`, a CI gate, must leave the tree as it found it (default).
   */
  projectFiles?: 'write' | 'leave';
  /**
   * Empty an output folder even when it holds files no build wrote (`site build --empty-out`); without it such a
   * folder is refused (out-dir.ts claimOutDir), so a mistyped `--out` deletes nothing.
   */
  emptyOutDir?: boolean;
}

/** How the pages came about: rendered, reused (from the output folder or restored from the build cache), removed (routes gone since the last build). */
export interface PageCounts {
  rendered: number;
  reused: number;
  removed: number;
}

export interface RouteReport {
  route: string;
  file: string;
  /** gzip bytes a visitor downloads, by moment (see PageWeight). */
  weight: PageWeight;
  /** Figures over the route's budget in content/check.yaml. */
  overBudget: BudgetOverrun[];
}

export interface BuildReport {
  outDir: string;
  routes: RouteReport[];
  /** URL of the stylesheet every page links. */
  css: string;
  /** URL of the island loader, the one script pages load up front. */
  loader: string;
  /** One error per figure over budget (the files are written all the same, for inspection). */
  budgetErrors: SiteError[];
  pages: PageCounts;
  /** What the contact function is told about the privacy policy (written into supabase/functions, project-files.ts). */
  privacy: PrivacyPolicyFacts;
  /** How many page files the build loaded: every one, fewer in a scoped build (incremental/scope.ts), none when nothing changed. */
  loadedPages: number;
  /** What the build did with each page and why, and the files of pages it removed (`site build --explain`). */
  plan: PlanReport;
  /** The files generated into the project that this build wrote, to be committed (`projectFiles: 'write'`). */
  projectFiles: string[];
}

/** The build's settings resolved (start.ts), and the record of the last build into the same folder. */
export interface BuildStart {
  options: BuildOptions;
  cache: BuildCache;
  /** The output folder, resolved. */
  outDir: string;
  /** Whether the page cache is used: asked for, and a cache to keep it in. */
  cached: boolean;
  generator: string;
  publication: Publication;
  inputs: BuildInputs;
  recorded: BuildRecord | undefined;
}

/** The content memo with what the last build left of it (load.ts openContent), opened before the content loads. */
export interface OpenedContent {
  memo: StoredContentMemo;
  /** The content folder's stamps, taken before any content is read; undefined without the page cache. */
  contentStamps: TreeStamps | undefined;
  /** The last build's output manifest, when its output folder is there. */
  last: ReadManifest | undefined;
  /** The page families a scoped build loads (incremental/scope.ts); undefined: all of them. */
  scope: Set<string> | undefined;
}

/** The content as loaded and what the build observed of the output folder (load.ts loadSite). */
export interface LoadedSite {
  /** The whole model as loaded (drafts and unpublished pages included). */
  loaded: SiteModel;
  /** The model live at the build's moment. */
  model: SiteModel;
  /** Every page as the build makes it: loaded or, in a scoped build, recorded. */
  pages: BuildPage[];
  view: SiteView;
  checkConfig: CheckConfig;
  checkSource: YamlSource | undefined;
  /** A digest of check.yaml's budgets. */
  budgets: string;
  redirects: LoadedRedirects;
  /** The content memo's digests of the values it recalled (page-cache.ts pageKey). */
  known: (value: object) => string | undefined;
  look: Look;
  /** An islands' props file in the output folder: its text if it is the file its name says, else undefined. */
  propsFile: (url: string) => string | undefined;
  /** The last build's element sources by page file (empty when they are not that build's). */
  previousSources: Map<string, Buffer>;
}

/** What the pages are made with besides their content (assets.ts). */
export interface SiteAssets {
  code: CodeAssets;
  images: BuiltImageSet;
  /** Each page's social card plan, in page order (none for a recorded page). */
  cards: { card?: PlannedCard; error?: SiteError }[];
  /** The generated project files this build wrote (project-files.ts). */
  projectFiles: string[];
}

/** The plan the pages phase carries out (plan-pages.ts). */
export interface PlannedBuild {
  /** The site part of every page's key ('' without the page cache). */
  site: string;
  /** The last build's record lines, while the site part of the keys and the budgets are the same. */
  lastLines: LastPages | undefined;
  /** Each page's key, in page order ('' without the page cache). */
  keys: string[];
  plan: BuildPlan;
  /** The stored page of a restore in the plan, by page index (undefined when nothing is restored). */
  restoring: ((index: number) => Promise<StoredPage | undefined>) | undefined;
}

/** The output folder as the pages phase left it (pages.ts). */
export interface WrittenPages {
  writer: OutputWriter;
  /** The manifest of this build, filled in as pages are written. */
  next: OutputManifest;
  /** Output-relative files this build wrote or kept: everything else goes at the end. */
  keep: Set<string>;
  counts: PageCounts;
  /** How many of the reused pages were restored from the build cache. */
  restored: number;
  /** Set when the output folder was emptied (no earlier build there): removes the old output once the new one is written. */
  removeOldOutput: (() => Promise<void>) | undefined;
  /** Each page's inline code, in page order. */
  inline: InlineCode[];
  /** Each page's element sources, in page order. */
  elementSources: [string, PageSources['pages'][string] | Buffer][];
  /** Each page's report line, once written. */
  written: Promise<RouteReport>[];
  /** Social cards being drawn and written. */
  cardWrites: Promise<void>[];
  /** Each page's card file as the manifest records it: output-relative path, and its stamp once written or kept. */
  cardFiles: Map<string, { path: string; stamp: string }>;
  /** Keys of stored pages this folder will not ask for again. */
  superseded: string[];
  /** What the build did with each page: the plan, with a restore refused when read turned into a render. */
  done: PagePlan[];
}

/** The output folder once everything is written and what is not this build's removed (finish.ts). */
export interface FinishedOutput {
  routes: RouteReport[];
  /** The output folder's stamps when the removal left them as listed; else they are taken again for the record. */
  listed: TreeStamps | undefined;
}

/** Everything the phases before the pages phase made, as the later phases read it. */
export interface BuildRun {
  start: BuildStart;
  content: OpenedContent;
  site: LoadedSite;
  assets: SiteAssets;
  plan: PlannedBuild;
}
