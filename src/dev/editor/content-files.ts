import { readdir, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { routeFor } from '../../content/routes.ts';
import { CUSTOM_TAGS } from '../../content/yaml-source.ts';
import type { LocaleCode } from '../../schema/site.ts';
import type { EditableKind } from './form-schema.ts';

/** What the editor may open and write: site.yaml, locales/<lang>.yaml, pages/<family>/<lang>.yaml. */
const EDITABLE = /^(?:site\.yaml|locales\/[a-z]{2}(?:-[A-Za-z0-9]+)*\.yaml|pages\/[a-z0-9][a-z0-9-]*\/[a-z]{2}(?:-[A-Za-z0-9]+)*\.yaml)$/;

export function kindOf(relative: string): EditableKind {
  return relative === 'site.yaml' ? 'site' : relative.startsWith('locales/') ? 'locale' : 'page';
}

/**
 * The absolute path of an editable content file named by the browser, or undefined. The name must be one of
 * the three content file forms (no `..`, no absolute path, no other extension), the path must stay inside the
 * content folder, and so must the real file a symlink leads to.
 */
export async function editablePath(contentDir: string, relative: unknown): Promise<string | undefined> {
  if (typeof relative !== 'string' || !EDITABLE.test(relative)) return undefined;
  const root = path.resolve(contentDir);
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return undefined;
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]);
    if (!realFile.startsWith(realRoot + path.sep)) return undefined;
  } catch {
    return undefined;
  }
  return file;
}

async function list(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}

const readYamlFile = async (file: string): Promise<unknown> => parse(await readFile(file, 'utf8'), { customTags: CUSTOM_TAGS }) as unknown;

/**
 * A page's heading as visitors read it (its first section's title, else its meta title) and its slug, each where
 * the file has one: the page list reads "Häufig gestellte Fragen — /faq" rather than a folder name.
 */
async function pageInfo(file: string): Promise<{ title?: string; slug?: string }> {
  try {
    const page = (await readYamlFile(file)) as { sections?: { title?: unknown }[]; meta?: { title?: unknown }; slug?: unknown } | null;
    const title = page?.sections?.[0]?.title ?? page?.meta?.title;
    return {
      ...(typeof title === 'string' && title.trim() ? { title: title.trim() } : {}),
      ...(typeof page?.slug === 'string' || typeof page?.slug === 'number' ? { slug: String(page.slug) } : {}),
    };
  } catch {
    return {};
  }
}

/** The site's default language (served at /), or `de` while site.yaml is unreadable or names none. */
async function defaultLocaleOf(contentDir: string): Promise<string> {
  try {
    const site = (await readYamlFile(path.join(contentDir, 'site.yaml'))) as { defaultLocale?: unknown } | null;
    return typeof site?.defaultLocale === 'string' ? site.defaultLocale : 'de';
  } catch {
    return 'de';
  }
}

/**
 * A language's name in itself as its UI strings give it (`name: Français`, the language switcher's text), or
 * undefined while the file is unreadable or names none: the editor then shows the code.
 */
async function languageName(contentDir: string, locale: string): Promise<string | undefined> {
  try {
    const data = await readYamlFile(path.join(contentDir, 'locales', `${locale}.yaml`));
    const name = data && typeof data === 'object' ? (data as Record<string, unknown>).name : undefined;
    return typeof name === 'string' && name.trim() ? name.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** The editable files by kind: the navigation's locales (with their names) → pages (with headings and addresses), shared strings and constants. */
export async function contentFiles(contentDir: string): Promise<{
  site: boolean;
  locales: string[];
  languageNames: Record<string, string>;
  pages: Record<string, string[]>;
  pageTitles: Record<string, Record<string, string>>;
  pageRoutes: Record<string, Record<string, string>>;
}> {
  const locales = (await list(path.join(contentDir, 'locales'))).filter((f) => EDITABLE.test(`locales/${f}`)).map((f) => f.replace(/\.yaml$/, ''));
  const names = await Promise.all(locales.map(async (locale) => [locale, (await languageName(contentDir, locale)) ?? locale] as const));
  const pages: Record<string, string[]> = {};
  for (const family of await list(path.join(contentDir, 'pages'))) {
    const files = (await list(path.join(contentDir, 'pages', family))).filter((f) => EDITABLE.test(`pages/${family}/${f}`));
    if (files.length) pages[family] = files.map((f) => f.replace(/\.yaml$/, ''));
  }
  const defaultLocale = await defaultLocaleOf(contentDir);
  const pageTitles: Record<string, Record<string, string>> = {};
  const pageRoutes: Record<string, Record<string, string>> = {};
  await Promise.all(
    Object.entries(pages).flatMap(([family, langs]) =>
      langs.map(async (locale) => {
        const { title, slug } = await pageInfo(path.join(contentDir, 'pages', family, `${locale}.yaml`));
        if (title) (pageTitles[family] ??= {})[locale] = title;
        (pageRoutes[family] ??= {})[locale] = routeFor(locale as LocaleCode, slug ?? family, defaultLocale as LocaleCode);
      }),
    ),
  );
  return { site: (await list(contentDir)).includes('site.yaml'), locales, languageNames: Object.fromEntries(names), pages, pageTitles, pageRoutes };
}
