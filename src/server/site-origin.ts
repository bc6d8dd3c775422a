import { listedLocaleCodes, readSiteFile, type SiteSettings } from '../content/site-file.ts';

/** site.yaml of `contentDir`, or undefined when it is missing or not YAML: the build reports its errors. */
async function siteSettings(contentDir: string): Promise<SiteSettings | undefined> {
  const settings = await readSiteFile(contentDir);
  return settings.ok ? settings.value : undefined;
}

/**
 * The locale codes site.yaml lists now, for the local backend's check of a request's language; undefined when the
 * content cannot say (then the generated list applies).
 */
export async function configuredLocales(contentDir: string): Promise<[string, ...string[]] | undefined> {
  return listedLocaleCodes(await siteSettings(contentDir));
}

/**
 * The site's public origin as configured (`--base-url`, else SITE_URL, else `baseUrl` in site.yaml),
 * for the contact route's same-site decision: configuration, never the request's Host header.
 * Undefined when none is configured or it is not a URL.
 */
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
