import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatLocation, SiteError, type Result, type SourceLocation } from '../errors/site-error.ts';
import { LocaleStrings } from '../schema/locale.ts';
import { createPageSchema } from '../schema/page.ts';
import type { SchemaContext } from '../schema/sections/index.ts';
import { LocaleCode, SiteConfig } from '../schema/site.ts';
import { closest } from './describe.ts';
import type { PageEntry, Placeholder, SiteModel } from './model.ts';
import { resolveReferences, type ReferenceScope } from './references.ts';
import { outputFileFor, routeFor } from './routes.ts';
import { validateSource } from './validate.ts';
import { locate, parseYaml, scalarStrings, type YamlSource } from './yaml-source.ts';

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

/**
 * Reads and parses one content file. A file that cannot be read is reported where it is asked for
 * (`requiredBy`: the locale's entry in site.yaml), since the missing file has no line to point at.
 */
async function readSource(root: string, relative: string, errors: SiteError[], files: ContentFiles, requiredBy?: { location: () => SourceLocation; why: string }): Promise<YamlSource | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(root, relative), 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    errors.push(new SiteError({
      code: 'missing-file',
      message: requiredBy ? `${relative} ${missing ? 'is missing' : 'cannot be read'}: ${requiredBy.why}` : `cannot read ${relative}`,
      location: requiredBy?.location() ?? { file: relative },
      expected: `a file ${relative} in the content directory`,
      found: missing ? 'no such file' : (error as Error).message,
      hint: requiredBy ? `create ${relative}, or remove the locale from site.yaml` : 'create the file or check the content directory (--content)',
    }));
    return undefined;
  }
  const parsed = parseYaml(relative, text);
  errors.push(...parsed.errors);
  if (parsed.source) files.sources.push(parsed.source);
  else files.unparsed.push(relative);
  return parsed.source;
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
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
function contextFrom(raw: unknown): { ctx: SchemaContext; scope: ReferenceScope } {
  const site = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const constants = (site.constants && typeof site.constants === 'object' ? site.constants : {}) as Record<string, unknown>;
  const keys = (value: unknown) => (value && typeof value === 'object' ? Object.keys(value) : []);
  return {
    ctx: { plans: keys(constants.plans), savings: keys(constants.savings) },
    scope: { ...constants, brand: site.brand, company: site.company, email: site.email, baseUrl: site.baseUrl },
  };
}

function collectPlaceholders(source: YamlSource): Placeholder[] {
  return scalarStrings(source)
    .filter((s) => s.tag === '!placeholder')
    .map((s) => ({
      value: s.value,
      // Only `site check` reads where a placeholder is; locating parses the file again.
      get location() {
        return s.location;
      },
    }));
}

/**
 * Reads and validates a content directory: site.yaml, locales/<lang>.yaml and pages/<family>/<lang>.yaml.
 * Returns the model, or every error found across all files.
 */
export async function loadContent(root: string, env: ContentEnv = {}): Promise<Result<SiteModel>> {
  return (await loadContentWithSources(root, env)).result;
}

/**
 * `loadContent` plus every parsed file (with references resolved in `data`, the raw text kept in `doc`)
 * and the files that did not parse, so cross-file checks can run and point at lines even when the model
 * does not validate.
 */
export async function loadContentWithSources(root: string, env: ContentEnv = {}): Promise<{ result: Result<SiteModel> } & ContentFiles> {
  const files: ContentFiles = { sources: [], unparsed: [] };
  const result = await load(root, env, files);
  return { result, ...files };
}

async function load(root: string, env: ContentEnv, files: ContentFiles): Promise<Result<SiteModel>> {
  const errors: SiteError[] = [];
  const placeholders: Placeholder[] = [];

  const siteSource = await readSource(root, 'site.yaml', errors, files);
  let site: SiteConfig | undefined;
  if (siteSource) {
    applyEnv(siteSource.data, env);
    const checked = validateSource(SiteConfig, siteSource);
    errors.push(...checked.errors);
    site = checked.value;
    placeholders.push(...collectPlaceholders(siteSource));
  }
  const { ctx, scope } = contextFrom(siteSource?.data);
  const rawLocales = LocaleCode.array().safeParse((siteSource?.data as { locales?: unknown } | undefined)?.locales);
  const listed = site?.locales ?? (rawLocales.success ? rawLocales.data : undefined);
  // Without a readable locales list, check the locale files that are there rather than report the others missing.
  const present = (await listDir(path.join(root, 'locales'))).map((f) => f.replace(/\.yaml$/, '')).filter((l): l is LocaleCode => (LocaleCode.options as string[]).includes(l));
  const declared = listed ?? present;
  const known: readonly LocaleCode[] = listed ?? LocaleCode.options;
  const defaultLocale = site?.defaultLocale ?? 'de';
  const intlOf = (locale: LocaleCode, strings?: LocaleStrings) => strings?.intl ?? locale;

  const locales: SiteModel['locales'] = {};
  for (const [i, locale] of declared.entries()) {
    const requiredBy = listed && siteSource ? { location: () => locate(siteSource, ['locales', i]), why: `site.yaml lists '${locale}' in locales` } : undefined;
    const source = await readSource(root, `locales/${locale}.yaml`, errors, files, requiredBy);
    if (!source) continue;
    // Without site.yaml there is nothing to resolve against; reporting every reference would bury its error.
    if (siteSource) errors.push(...resolveReferences(source, scope, locale));
    const checked = validateSource(LocaleStrings, source);
    errors.push(...checked.errors);
    if (checked.value) locales[locale] = checked.value;
  }
  for (const file of await listDir(path.join(root, 'locales'))) {
    const locale = file.replace(/\.yaml$/, '');
    if (file.endsWith('.yaml') && !(known as string[]).includes(locale)) errors.push(unknownLocale(`locales/${file}`, locale, known));
  }

  const pageSchema = createPageSchema(ctx);
  const pages: PageEntry[] = [];
  const sourceOf = new Map<PageEntry, YamlSource>();
  for (const family of await listDir(path.join(root, 'pages'))) {
    for (const file of await listDir(path.join(root, 'pages', family))) {
      if (!file.endsWith('.yaml')) continue;
      const relative = `pages/${family}/${file}`;
      const locale = file.replace(/\.yaml$/, '');
      if (!(known as string[]).includes(locale)) {
        errors.push(unknownLocale(relative, locale, known));
        continue;
      }
      const code = locale as LocaleCode;
      const source = await readSource(root, relative, errors, files);
      // References, plan and claim keys all come from site.yaml: without it every page would report each one.
      if (!source || !siteSource) continue;
      errors.push(...resolveReferences(source, scope, intlOf(code, locales[code])));
      const checked = validateSource(pageSchema, source);
      errors.push(...checked.errors);
      placeholders.push(...collectPlaceholders(source));
      if (!checked.value) continue;
      const route = routeFor(code, checked.value.slug, defaultLocale);
      const entry: PageEntry = { family, locale: code, route, file: outputFileFor(route), source: relative, page: checked.value };
      pages.push(entry);
      sourceOf.set(entry, source);
    }
  }

  const seen = new Map<string, PageEntry>();
  for (const entry of pages) {
    const other = seen.get(entry.route);
    if (!other) {
      seen.set(entry.route, entry);
      continue;
    }
    const slugOf = (page: PageEntry) => locate(sourceOf.get(page)!, ['slug']);
    const first = slugOf(other);
    errors.push(new SiteError({
      code: 'duplicate-route',
      message: `route ${entry.route} is produced by two pages`,
      location: slugOf(entry),
      expected: `a slug no other ${entry.locale} page uses`,
      found: `slug ${JSON.stringify(entry.page.slug)} here and in ${formatLocation(first)}`,
      hint: 'give one of them another slug',
    }));
  }

  if (errors.length > 0 || !site) return { ok: false, errors: inReadingOrder(errors) };
  return { ok: true, value: { root, site, locales, pages, placeholders } };
}

/** A locale file or page for a language site.yaml does not list (or the generator does not support). */
function unknownLocale(file: string, locale: string, declared: readonly LocaleCode[]): SiteError {
  const supported = (LocaleCode.options as readonly string[]).includes(locale);
  const suggestion = closest(locale, declared);
  return new SiteError({
    code: 'unknown-locale',
    message: `${file.startsWith('locales/') ? 'UI strings' : 'a page'} in '${locale}', which site.yaml does not list in locales`,
    location: { file },
    expected: `a file named after a locale in site.yaml: ${declared.map((l) => `${l}.yaml`).join(', ')}`,
    found: path.posix.basename(file),
    hint: supported
      ? `add '${locale}' to locales in site.yaml, or remove the file`
      : suggestion
        ? `did you mean ${suggestion}.yaml?`
        : `site supports ${LocaleCode.options.join(', ')}; rename or remove the file`,
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
