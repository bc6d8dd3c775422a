import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * The site's public origin as configured (`--base-url`, else SITE_URL, else `baseUrl` in site.yaml),
 * for the contact route's same-site decision: configuration, never the request's Host header.
 * Undefined when none is configured or it is not a URL.
 */
/**
 * site.yaml of `contentDir`, parsed leniently (undefined when missing or not YAML): the build reports its errors.
 * Tags such as !placeholder keep their plain value.
 */
async function siteSettings(contentDir: string): Promise<Record<string, unknown> | undefined> {
  const text = await readFile(path.join(contentDir, 'site.yaml'), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = parse(text, { logLevel: 'silent' });
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The locale codes site.yaml lists now, for the local backend's check of a request's language; undefined when the
 * content cannot say (then the generated list applies).
 */
export async function configuredLocales(contentDir: string): Promise<[string, ...string[]] | undefined> {
  const locales = (await siteSettings(contentDir))?.locales;
  if (!Array.isArray(locales)) return undefined;
  const codes = locales.map((entry: unknown) => (entry as { code?: unknown } | null)?.code).filter((code): code is string => typeof code === 'string');
  return codes.length ? (codes as [string, ...string[]]) : undefined;
}

export async function configuredSiteOrigin(contentDir: string, override?: string): Promise<string | undefined> {
  let url = override ?? process.env.SITE_URL;
  if (!url) {
    const baseUrl = (await siteSettings(contentDir))?.baseUrl;
    url = typeof baseUrl === 'string' ? baseUrl : undefined;
  }
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}
