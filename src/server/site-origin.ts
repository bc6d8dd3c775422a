import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { load } from 'js-yaml';

/**
 * The site's public origin as configured (`--base-url`, else SITE_URL, else `baseUrl` in site.yaml),
 * for the contact route's same-site decision: configuration, never the request's Host header.
 * Undefined when none is configured or it is not a URL.
 */
export async function configuredSiteOrigin(contentDir: string, override?: string): Promise<string | undefined> {
  let url = override ?? process.env.SITE_URL;
  if (!url) {
    const text = await readFile(path.join(contentDir, 'site.yaml'), 'utf8').catch(() => undefined);
    const parsed = text === undefined ? undefined : (() => { try { return load(text); } catch { return undefined; } })();
    const baseUrl = (parsed as { baseUrl?: unknown } | undefined)?.baseUrl;
    url = typeof baseUrl === 'string' ? baseUrl : undefined;
  }
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}
