import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError, type Result } from '../errors/site-error.ts';
import { LocaleStrings } from '../schema/locale.ts';
import { createPageSchema } from '../schema/page.ts';
import type { SchemaContext } from '../schema/sections/index.ts';
import { LocaleCode, SiteConfig } from '../schema/site.ts';
import type { PageEntry, Placeholder, SiteModel } from './model.ts';
import { resolveReferences, type ReferenceScope } from './references.ts';
import { outputFileFor, routeFor } from './routes.ts';
import { validateSource } from './validate.ts';
import { parseYaml, scalarStrings, type YamlSource } from './yaml-source.ts';

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

async function readSource(root: string, relative: string, errors: SiteError[], files: ContentFiles): Promise<YamlSource | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(root, relative), 'utf8');
  } catch {
    errors.push(new SiteError({ code: 'missing-file', message: `cannot read ${relative}`, location: { file: relative }, hint: 'create the file or check the content directory (--content)' }));
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
  return [...scalarStrings(source)].filter((s) => s.tag === '!placeholder').map((s) => ({ value: s.value, location: s.location }));
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
  const declared = site?.locales ?? (rawLocales.success ? rawLocales.data : [...LocaleCode.options]);
  const defaultLocale = site?.defaultLocale ?? 'de';
  const intlOf = (locale: LocaleCode, strings?: LocaleStrings) => strings?.intl ?? locale;

  const locales: SiteModel['locales'] = {};
  for (const locale of declared) {
    const source = await readSource(root, `locales/${locale}.yaml`, errors, files);
    if (!source) continue;
    errors.push(...resolveReferences(source, scope, locale));
    const checked = validateSource(LocaleStrings, source);
    errors.push(...checked.errors);
    if (checked.value) locales[locale] = checked.value;
  }
  for (const file of await listDir(path.join(root, 'locales'))) {
    const locale = file.replace(/\.yaml$/, '');
    if (file.endsWith('.yaml') && !(declared as string[]).includes(locale)) {
      errors.push(new SiteError({ code: 'unknown-locale', message: `locale file for '${locale}', which site.yaml does not list`, location: { file: `locales/${file}` }, expected: declared.join(', '), found: locale, hint: 'add it to `locales` in site.yaml or remove the file' }));
    }
  }

  const pageSchema = createPageSchema(ctx);
  const pages: PageEntry[] = [];
  for (const family of await listDir(path.join(root, 'pages'))) {
    for (const file of await listDir(path.join(root, 'pages', family))) {
      if (!file.endsWith('.yaml')) continue;
      const relative = `pages/${family}/${file}`;
      const locale = file.replace(/\.yaml$/, '');
      if (!(declared as string[]).includes(locale)) {
        errors.push(new SiteError({ code: 'unknown-locale', message: `page in locale '${locale}', which site.yaml does not list`, location: { file: relative }, expected: `one of ${declared.join(', ')}.yaml`, found: file }));
        continue;
      }
      const code = locale as LocaleCode;
      const source = await readSource(root, relative, errors, files);
      if (!source) continue;
      errors.push(...resolveReferences(source, scope, intlOf(code, locales[code])));
      const checked = validateSource(pageSchema, source);
      errors.push(...checked.errors);
      placeholders.push(...collectPlaceholders(source));
      if (!checked.value) continue;
      const route = routeFor(code, checked.value.slug, defaultLocale);
      pages.push({ family, locale: code, route, file: outputFileFor(route), source: relative, page: checked.value });
    }
  }

  const seen = new Map<string, string>();
  for (const entry of pages) {
    const other = seen.get(entry.route);
    if (other) errors.push(new SiteError({ code: 'duplicate-route', message: `route ${entry.route} is produced by two pages`, location: { file: entry.source, path: 'slug' }, found: `${other} and ${entry.source}`, hint: 'give one of them another slug' }));
    seen.set(entry.route, entry.source);
  }

  if (errors.length > 0 || !site) return { ok: false, errors: inReadingOrder(errors) };
  return { ok: true, value: { root, site, locales, pages, placeholders } };
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
