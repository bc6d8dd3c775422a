import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isRacy } from '../cache/stamps.ts';
import { formatLocation, formatPath, SiteError, type Result, type SourceLocation } from '../errors/site-error.ts';
import type { SchemaContext } from '../schema/sections/index.ts';
import type { LocaleCode, SiteConfig } from '../schema/site.ts';
import { localeCodes } from '../schema/site-locales.ts';
import { brandFor } from './brand.ts';
import { closest } from './describe.ts';
import type { PageEntry, Placeholder, SiteModel } from './model.ts';
import { resolveReferences, type ReferenceScope } from './references.ts';
import { savingsWithNet } from './savings.ts';
import { outputFileFor, routeFor } from './routes.ts';
import { type ContentMemo, type Remembered } from './memo.ts';
import { textDigest } from '../cache/digest.ts';
import { fileStamp } from '../cache/stamps.ts';
import { listedLocaleCodes, schemaContextFrom } from './site-file.ts';
import { locate, parseYaml, scalarStrings, type YamlSource } from './yaml-source.ts';

/**
 * zod, the content schemas and the validator, imported when the first file must be validated: a build that recalls
 * every file from the memo unread never loads them (about two thirds of the build stage's import time; ARCHITECTURE.md,
 * Start-up).
 */
async function contentSchemas() {
  const [{ SiteConfig }, { LocaleStrings }, { createPageSchema }, { validateSource }] = await Promise.all([
    import('../schema/site.ts'),
    import('../schema/locale.ts'),
    import('../schema/page.ts'),
    import('./validate.ts'),
  ]);
  return { SiteConfig, LocaleStrings, createPageSchema, validateSource };
}
type ContentSchemas = Awaited<ReturnType<typeof contentSchemas>>;

/** Deploy settings that may come from the environment at build time instead of site.yaml. */
export interface ContentEnv {
  SITE_URL?: string;
  SUPABASE_URL?: string;
  SUPABASE_ANON_KEY?: string;
}

/** What the loader read, for checks across files: the parsed files, and the files that exist but did not parse. */
export interface ContentFiles {
  sources: YamlSource[];
  /** Present, so cross-file rules count them, but their contents are unknown (their syntax error is reported). */
  unparsed: string[];
}

interface RequiredBy {
  location: () => SourceLocation;
  why: string;
}

/**
 * Reads one content file's text. A file that cannot be read is reported where it is asked for
 * (`requiredBy`: the locale's entry in site.yaml), since the missing file has no line to point at.
 */
export async function readText(root: string, relative: string, requiredBy?: RequiredBy): Promise<{ text: string; stamp: string } | { error: SiteError }> {
  try {
    // Synchronous: through fs/promises a file's open, stat, reads and close were five round trips to the thread pool,
    // 10,000 page files 0.8-0.95 CPU-s on the main thread against 0.15 s read here (the files are small and cached).
    // The stamp comes from the descriptor the text is read from: a write after it changes the stamp the next build sees.
    const fd = openSync(path.join(root, relative), 'r');
    try {
      const stats = fstatSync(fd);
      // File times advance by clock ticks: a write within the tick of this read could keep size and mtime. Such a
      // file gets no stamp, so the next build reads it and compares its text (git's "racily clean" files).
      const stamp = isRacy(stats.mtimeMs, Date.now()) ? '' : fileStamp(stats);
      return { text: readFileSync(fd, 'utf8'), stamp };
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      error: new SiteError({
        code: 'missing-file',
        message: requiredBy ? `${relative} ${missing ? 'is missing' : 'cannot be read'}: ${requiredBy.why}` : `cannot read ${relative}`,
        location: requiredBy?.location() ?? { file: relative },
        expected: `a file ${relative} in the content directory`,
        found: missing ? 'no such file' : (error as Error).message,
        hint: requiredBy ? `create ${relative}, or remove the locale from site.yaml` : 'create the file or check the content directory (--content)',
      }),
    };
  }
}

function parseSource(relative: string, text: string, errors: SiteError[], files?: ContentFiles): YamlSource | undefined {
  const parsed = parseYaml(relative, text);
  errors.push(...parsed.errors);
  if (parsed.source) files?.sources.push(parsed.source);
  else files?.unparsed.push(relative);
  return parsed.source;
}

/** The names in a content folder, sorted: as the build's walk listed it when the memo has that, else read. */
async function listDir(root: string, folder: string, memo?: ContentMemo): Promise<string[]> {
  try {
    return (memo?.listing(folder) ?? (await readdir(path.join(root, folder)))).sort();
  } catch {
    return [];
  }
}

function applyEnv(data: unknown, env: ContentEnv): void {
  if (!data || typeof data !== 'object') return;
  const site = data as Record<string, unknown>;
  if (env.SITE_URL) site.baseUrl = env.SITE_URL;
  const backend = site.backend as Record<string, unknown> | undefined;
  if (backend && typeof backend === 'object') {
    if (env.SUPABASE_URL !== undefined && env.SUPABASE_URL !== '') backend.url = env.SUPABASE_URL;
    if (env.SUPABASE_ANON_KEY !== undefined && env.SUPABASE_ANON_KEY !== '') backend.anonKey = env.SUPABASE_ANON_KEY;
  }
}

/** What pages may reference from site.yaml; taken from the raw data so pages are checked even when site.yaml has errors. */
function contextFrom(raw: unknown): { ctx: SchemaContext; scope: (locale: string) => ReferenceScope } {
  const site = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const constants = (site.constants && typeof site.constants === 'object' ? site.constants : {}) as Record<string, unknown>;
  // Derived once per load: `{{savings.vsTwo.netPercent}}`, the footnote's like-for-like figure.
  const savings = savingsWithNet(constants, site.claimRegister);
  return {
    ctx: schemaContextFrom(site),
    scope: (locale) => ({
      ...constants,
      savings,
      brand: brandFor(site.brand, locale),
      company: site.company,
      email: site.email,
      baseUrl: site.baseUrl,
      anchors: site.anchors,
    }),
  };
}

/**
 * Without site.yaml, references stay unresolved: a value that still holds one (a menu's "#{{anchors.overview}}")
 * is not judged, or its error would bury site.yaml's own.
 */
function withoutUnresolved(source: YamlSource, errors: SiteError[]): SiteError[] {
  const unresolved = new Set(
    scalarStrings(source)
      .filter((s) => s.value.includes('{{'))
      .map((s) => formatPath(s.path)),
  );
  return errors.filter((e) => !unresolved.has(e.location?.path ?? ''));
}

function collectPlaceholders(source: YamlSource): Placeholder[] {
  return scalarStrings(source)
    .filter((s) => s.tag === '!placeholder')
    .map((s) => ({
      value: s.value,
      path: s.path as (string | number)[],
      // Only `site check` reads where a placeholder is; locating parses the file again.
      get location() {
        return s.location;
      },
    }));
}

/**
 * Texts that stand in for files of the content directory (relative path → text): the unsaved edits of the
 * `site dev` editor, which previews and validates them without writing them.
 */
export type UnsavedEdits = ReadonlyMap<string, string>;

/**
 * Reads and validates a content directory: site.yaml, locales/<lang>.yaml and pages/<family>/<lang>.yaml.
 * Returns the model, or every error found across all files. With a `memo` (site dev), files unchanged
 * since the last load give back last time's objects.
 */
export async function loadContent(root: string, env: ContentEnv = {}, memo?: ContentMemo, unsaved?: UnsavedEdits): Promise<Result<SiteModel>> {
  // The sources are not kept: a page's parsed file can go as soon as it is validated.
  return load(root, env, undefined, memo, unsaved);
}

/**
 * `loadContent` plus every parsed file (with references resolved in `data`, the raw text kept in `doc`)
 * and the files that did not parse, so cross-file checks can run and point at lines even when the model
 * does not validate. With `site dev`'s memo, files unchanged since its build give back the build's sources
 * and values instead of being parsed and validated a second time.
 */
export async function loadContentWithSources(
  root: string,
  env: ContentEnv = {},
  unsaved?: UnsavedEdits,
  memo?: ContentMemo,
): Promise<{ result: Result<SiteModel> } & ContentFiles> {
  const files: ContentFiles = { sources: [], unparsed: [] };
  const result = await load(root, env, files, memo, unsaved);
  return { result, ...files };
}

/** What one load collects across files; `loadFile` adds each file's part. */
interface LoadState {
  errors: SiteError[];
  files?: ContentFiles;
  placeholders: Placeholder[];
  verbatim: string[];
  memo?: ContentMemo;
}

/** One load: where it reads, what it collects, and the validators, made on first use. */
interface LoadRun {
  root: string;
  state: LoadState;
  /** An unsaved edit's text in place of the file's (it has no stamp: the memo compares it by its text). */
  unsavedText(relative: string): Promise<{ text: string; stamp: string }> | undefined;
  validation(): Promise<ContentSchemas>;
}

/**
 * Reads, parses and validates one file, or recalls it from the memo when its text and `inputs` are the
 * same as last time. `validate` returns the value (undefined when the file has errors, which it pushes).
 */
async function loadFile<T>(
  file: { root: string; relative: string; requiredBy?: RequiredBy; text?: ReturnType<typeof readText> },
  inputs: string,
  state: LoadState,
  validate: (source: YamlSource, errors: SiteError[]) => Promise<T | undefined>,
): Promise<{ source?: YamlSource; value?: T }> {
  const recall = (recalled: Remembered<T>) => {
    state.files?.sources.push(recalled.source);
    state.placeholders.push(...recalled.placeholders);
    state.verbatim.push(...recalled.verbatim);
    return recalled;
  };
  // Stat-first: a file the memo has under the same stamp and inputs is not read at all.
  const unread = file.text ? undefined : state.memo?.recallUnread<T>(file.relative, inputs);
  if (unread) return recall(unread);
  const read = await (file.text ?? readText(file.root, file.relative, file.requiredBy));
  if ('error' in read) {
    state.errors.push(read.error);
    return {};
  }
  const key = `${inputs}\u0000${read.text}`;
  const recalled = state.memo?.recall<T>(file.relative, key, read.stamp);
  if (recalled) return recall(recalled);
  state.memo?.forget(file.relative);
  const source = parseSource(file.relative, read.text, state.errors, state.files);
  if (!source) return {};
  const own: SiteError[] = [];
  const value = await validate(source, own);
  state.errors.push(...own);
  const placeholders = collectPlaceholders(source);
  state.placeholders.push(...placeholders);
  const verbatim = scalarStrings(source)
    .filter((s) => s.tag === '!verbatim')
    .map((s) => s.value);
  state.verbatim.push(...verbatim);
  if (value !== undefined && own.length === 0) state.memo?.remember(file.relative, { key, source, value, placeholders, verbatim, inputs, stamp: read.stamp });
  return { source, value };
}

async function load(root: string, env: ContentEnv, files: ContentFiles | undefined, memo?: ContentMemo, unsaved?: UnsavedEdits): Promise<Result<SiteModel>> {
  const state: LoadState = { errors: [], files, placeholders: [], verbatim: [], memo };
  let schemas: Promise<ContentSchemas> | undefined;
  const run: LoadRun = {
    root,
    state,
    unsavedText: (relative) => {
      const text = unsaved?.get(relative);
      return text === undefined ? undefined : Promise.resolve({ text, stamp: '' });
    },
    validation: () => (schemas ??= contentSchemas()),
  };
  const site = await loadSite(run, env);
  const locales = await loadLocales(run, site);
  const pages = await loadPages(run, site, locales);
  const { errors, placeholders, verbatim } = state;
  if (errors.length > 0 || !site.value) return { ok: false, errors: inReadingOrder(errors) };
  return { ok: true, value: { root, site: site.value, locales, pages, placeholders, verbatim: new Set(verbatim) } };
}

/** site.yaml as loaded, and what the locale and page files take from it (even when it does not validate). */
interface LoadedSite {
  source?: YamlSource;
  value?: SiteConfig;
  /** Locale and page files resolve references against site.yaml: they depend on its text and the environment. */
  dependsOnSite: string;
  ctx: SchemaContext;
  scope: (locale: string) => ReferenceScope;
  /** The locales site.yaml lists, or (without a readable list) the locale files there are. */
  declared: readonly LocaleCode[];
  /** Whether `declared` is site.yaml's list. */
  listed: boolean;
}

async function loadSite(run: LoadRun, env: ContentEnv): Promise<LoadedSite> {
  const siteInputs = JSON.stringify(env);
  const { source, value } = await loadFile(
    { root: run.root, relative: 'site.yaml', text: run.unsavedText('site.yaml') },
    siteInputs,
    run.state,
    async (source, own) => {
      applyEnv(source.data, env);
      const { SiteConfig, validateSource } = await run.validation();
      const checked = validateSource(SiteConfig, source);
      own.push(...checked.errors);
      return checked.value;
    },
  );
  const listed = value ? localeCodes(value) : listedLocaleCodes(source?.data);
  // Without a readable locales list, check the locale files that are there rather than report the others missing.
  const present = async () => (await listDir(run.root, 'locales', run.state.memo)).filter((f) => f.endsWith('.yaml')).map((f) => f.replace(/\.yaml$/, ''));
  return {
    source,
    value,
    dependsOnSite: `${siteInputs}\u0000${textDigest(source?.text ?? '')}`,
    ...contextFrom(source?.data),
    declared: listed ?? (await present()),
    listed: listed !== undefined,
  };
}

/** The UI strings of every declared locale, and an error for each locale file site.yaml does not list. */
async function loadLocales(run: LoadRun, site: LoadedSite): Promise<SiteModel['locales']> {
  const { source: siteSource, declared } = site;
  const locales: SiteModel['locales'] = {};
  for (const [i, locale] of declared.entries()) {
    const requiredBy =
      site.listed && siteSource ? { location: () => locate(siteSource, ['locales', i]), why: `site.yaml lists '${locale}' in locales` } : undefined;
    const relative = `locales/${locale}.yaml`;
    const { value } = await loadFile(
      { root: run.root, relative, requiredBy, text: run.unsavedText(relative) },
      site.dependsOnSite,
      run.state,
      async (source, own) => {
        // Without site.yaml there is nothing to resolve against; reporting every reference would bury its error.
        if (siteSource) own.push(...resolveReferences(source, site.scope(locale), locale));
        const { LocaleStrings, validateSource } = await run.validation();
        const checked = validateSource(LocaleStrings, source);
        own.push(...(siteSource ? checked.errors : withoutUnresolved(source, checked.errors)));
        return checked.value;
      },
    );
    if (value) locales[locale] = value;
  }
  for (const file of await listDir(run.root, 'locales', run.state.memo)) {
    const locale = file.replace(/\.yaml$/, '');
    if (file.endsWith('.yaml') && !(declared as string[]).includes(locale)) run.state.errors.push(unknownLocale(`locales/${file}`, locale, declared));
  }
  return locales;
}

/** Every page file, by family folder then file name. */
async function pageFilesOf(root: string, memo?: ContentMemo): Promise<{ family: string; file: string; relative: string }[]> {
  // Folders listed at once (one after another, 2,500 folders took longer than recalling 10,000 unchanged pages).
  const families = await listDir(root, 'pages', memo);
  const listings = await Promise.all(families.map((family) => listDir(root, `pages/${family}`, memo)));
  return families.flatMap((family, i) =>
    (listings[i] ?? []).filter((file) => file.endsWith('.yaml')).map((file) => ({ family, file, relative: `pages/${family}/${file}` })),
  );
}

/** Every page of a declared locale, validated against the page schema of site.yaml's keys; two pages on one route are an error. */
async function loadPages(run: LoadRun, site: LoadedSite, locales: SiteModel['locales']): Promise<PageEntry[]> {
  const { declared } = site;
  const intlOf = (locale: LocaleCode) => locales[locale]?.intl ?? locale;
  const defaultLocale = site.value?.defaultLocale ?? 'de';
  // Made once, by the first page that is validated.
  let pageSchema: Promise<ReturnType<ContentSchemas['createPageSchema']>> | undefined;
  const pageSchemaNow = () => (pageSchema ??= run.validation().then(({ createPageSchema }) => createPageSchema(site.ctx)));
  // A page's inputs: site.yaml and the environment, and its locale's number format (references print numbers in it).
  // One string a locale: the memo digests each inputs string once, looked up by it for every page.
  const inputsByLocale = new Map<string, string>();
  const pageInputs = (locale: LocaleCode) => {
    let inputs = inputsByLocale.get(locale);
    if (inputs === undefined) inputsByLocale.set(locale, (inputs = `${site.dependsOnSite}\u0000${intlOf(locale)}`));
    return inputs;
  };
  const pages: PageEntry[] = [];
  // Routes by the page that claimed them first. Only entries are kept, not their parsed files: a
  // duplicate (rare) reads the first page's file again to point at its slug.
  const claimed = new Map<string, PageEntry>();
  for (const { family, file, relative } of await pageFilesOf(run.root, run.state.memo)) {
    const locale = file.replace(/\.yaml$/, '');
    if (!(declared as string[]).includes(locale)) {
      run.state.errors.push(unknownLocale(relative, locale, declared));
      continue;
    }
    const code = locale as LocaleCode;
    const { source, value: entry } = await loadFile(
      { root: run.root, relative, text: run.unsavedText(relative) },
      pageInputs(code),
      run.state,
      async (source, own): Promise<PageEntry | undefined> => {
        // References, plan and claim keys all come from site.yaml: without it every page would report each one.
        if (!site.source) return undefined;
        own.push(...resolveReferences(source, site.scope(code), intlOf(code)));
        const { validateSource } = await run.validation();
        const checked = validateSource(await pageSchemaNow(), source);
        own.push(...checked.errors);
        if (!checked.value) return undefined;
        const route = routeFor(code, checked.value.slug, defaultLocale);
        return { family, locale: code, route, file: outputFileFor(route), source: relative, page: checked.value };
      },
    );
    if (!source || !entry) continue;
    const other = claimed.get(entry.route);
    if (other) run.state.errors.push(await duplicateRoute(run.root, entry, source, other));
    else {
      claimed.set(entry.route, entry);
      pages.push(entry);
    }
  }
  return pages;
}

/** The error for a page whose route `other` (read again to point at its slug) claimed first. */
async function duplicateRoute(root: string, entry: PageEntry, source: YamlSource, other: PageEntry): Promise<SiteError> {
  const first = await readText(root, other.source);
  const firstSource = 'text' in first ? parseYaml(other.source, first.text).source : undefined;
  return new SiteError({
    code: 'duplicate-route',
    message: `route ${entry.route} is produced by two pages`,
    location: locate(source, ['slug']),
    expected: `a slug no other ${entry.locale} page uses`,
    found: `slug ${JSON.stringify(entry.page.slug)} here and in ${formatLocation(firstSource ? locate(firstSource, ['slug']) : { file: other.source })}`,
    hint: 'give one of them another slug',
  });
}

/** A locale file or page for a language site.yaml does not list. */
function unknownLocale(file: string, locale: string, declared: readonly LocaleCode[]): SiteError {
  const suggestion = closest(locale, declared);
  return new SiteError({
    code: 'unknown-locale',
    message: `${file.startsWith('locales/') ? 'UI strings' : 'a page'} in '${locale}', which site.yaml does not list in locales`,
    location: { file },
    expected: `a file named after a locale in site.yaml: ${declared.map((l) => `${l}.yaml`).join(', ')}`,
    found: path.posix.basename(file),
    hint: suggestion
      ? `did you mean ${suggestion}.yaml? To add a language instead, add an entry with code: ${locale} to locales in site.yaml (docs/authoring/languages.md, Add a language)`
      : `add an entry with code: ${locale} to locales in site.yaml (docs/authoring/languages.md, Add a language), or remove the file`,
  });
}

/** Files in the order they were read, each file's errors top to bottom. */
function inReadingOrder(errors: SiteError[]): SiteError[] {
  const fileOrder = new Map<string, number>();
  for (const error of errors) {
    const file = error.location?.file ?? '';
    if (!fileOrder.has(file)) fileOrder.set(file, fileOrder.size);
  }
  const rank = (e: SiteError) => [fileOrder.get(e.location?.file ?? '') ?? 0, e.location?.line ?? 0, e.location?.column ?? 0] as const;
  return [...errors].sort((a, b) => {
    const [fa, la, ca] = rank(a);
    const [fb, lb, cb] = rank(b);
    return fa - fb || la - lb || ca - cb;
  });
}
