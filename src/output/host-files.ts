import path from 'node:path';
import { addressOf, type Redirect } from '../content/redirects.ts';
import type { SiteView } from '../content/model.ts';
import { activeRedirects, nestedNotFoundPages } from './redirects.ts';

/**
 * What each static host needs beside the pages, from one source: the header rules `_headers` holds (security headers
 * with this build's CSP, the cache policy) and the redirects of content/redirects.yaml. Netlify and Cloudflare Pages
 * read `_headers` and `_redirects`; Vercel reads `vercel.json` (when the built folder is what is deployed); nginx
 * includes `_nginx.conf` in the server block that serves the folder. Pure: text in, files out.
 */

/** One block of `_headers`: a path pattern (`/*`, `/assets/*`, `/education`) and the headers of what it matches. */
export interface HeaderRule {
  path: string;
  headers: [name: string, value: string][];
}

/** `_headers` as seo-files.ts writes it: blocks of a path line and indented `Name: value` lines, separated by blank lines. */
export function formatHeaderRules(rules: readonly HeaderRule[]): string {
  return `${rules.map((rule) => [rule.path, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n')).join('\n\n')}\n`;
}

/** The rules of a `_headers` file this build wrote (a small edit keeps the last one as it is, so it is read back). */
export function parseHeaderRules(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) rules.at(-1)?.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** The URLs of hostFiles, in its order. */
export const HOST_FILES = ['/vercel.json', '/_nginx.conf'];

/** The files only a host reads: `site serve` and the nginx include never serve them. */
export const HOST_ONLY_FILES = ['_headers', '_redirects', ...HOST_FILES.map((url) => url.slice(1))];

/** vercel.json and the nginx include, from the text of this build's `_headers` and the redirects that apply. */
export function hostFiles(model: SiteView, headersText: string, redirects: readonly Redirect[]): Map<string, string> {
  const rules = parseHeaderRules(headersText);
  const active = activeRedirects(model, redirects);
  return new Map([
    ['/vercel.json', vercelJson(rules, active)],
    ['/_nginx.conf', nginxInclude(rules, active, nestedNotFoundPages(model))],
  ]);
}

/** A literal path as a path-to-regexp source (Vercel): its special characters escaped. */
function literalSource(urlPath: string): string {
  return urlPath.replace(/[:()*+?{}\\]/g, '\\$&');
}

/** A `_headers` pattern as a Vercel source: a trailing `*` matches the rest of the path. */
function vercelSource(pattern: string): string {
  return pattern.endsWith('*') ? `${literalSource(pattern.slice(0, -1))}(.*)` : literalSource(pattern);
}

/** The `/from` and `/from/` forms of a redirect's address, as `_redirects` lists them (hosts match them apart). */
function fromForms(redirect: Redirect): string[] {
  const from = addressOf(redirect.from);
  return from === '/' ? [from] : [from, `${from}/`];
}

/**
 * vercel.json: clean URLs without a trailing slash (the site's canonical form), the header rules, and each redirect
 * (Vercel applies redirects before files, so the fallback pages at old addresses are never reached there).
 */
export function vercelJson(rules: readonly HeaderRule[], redirects: readonly Redirect[]): string {
  // With trailingSlash false Vercel answers `/x/` with a redirect to `/x` first: a rule for `/x/` never matches.
  const headers = rules
    .filter((rule) => rule.path === '/' || !rule.path.endsWith('/'))
    .map((rule) => ({ source: vercelSource(rule.path), headers: rule.headers.map(([key, value]) => ({ key, value })) }));
  const redirectRules = redirects.map((r) => ({ source: literalSource(addressOf(r.from)), destination: r.to, statusCode: r.status }));
  const config = {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    cleanUrls: true,
    trailingSlash: false,
    headers,
    redirects: redirectRules,
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** A value in nginx's double quotes. */
function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/** A redirect target with the request's query kept, before the fragment: `/#contact` → `/$is_args$args#contact`. */
function withQuery(to: string): string {
  const hash = to.indexOf('#');
  const [target, fragment] = hash < 0 ? [to, ''] : [to.slice(0, hash), to.slice(hash)];
  return `${target}$is_args$args${fragment}`;
}

/**
 * `_nginx.conf`: what nginx needs to serve this build, for `include` inside the `server` block whose `root` is the
 * built folder. nginx drops every `add_header` of the server block in a location that adds its own, so each location
 * repeats the security headers. `notFoundPages` (`en/404.html`, see redirects.ts) each get a location for their
 * language's root whose `error_page` answers its unknown paths, as Netlify's `_redirects` rules do.
 */
export function nginxInclude(rules: readonly HeaderRule[], redirects: readonly Redirect[], notFoundPages: readonly string[] = []): string {
  const everywhere = rules.find((rule) => rule.path === '/*')?.headers ?? [];
  // Security headers on every answer (`always`: errors too); a cache policy only on successful ones, never a 404's.
  const addHeaders = (headers: readonly [string, string][], indent: string) =>
    headers.map(([name, value]) => `${indent}add_header ${name} ${quoted(value)}${name === 'Cache-Control' ? '' : ' always'};`);
  /** A language root's not-found page by its location (`^~ "/en/"`); a header rule for that root takes it in. */
  const notFound = new Map(notFoundPages.map((file) => [`^~ ${quoted(`/${path.posix.dirname(file)}/`)}`, `/${file}`]));
  const location = (where: string, headers: readonly [string, string][]) => {
    const page = notFound.get(where);
    notFound.delete(where);
    return [
      '',
      `location ${where} {`,
      ...addHeaders(headers, '    '),
      '    try_files $uri $uri/index.html =404;',
      ...(page ? [`    error_page 404 ${page};`] : []),
      '}',
    ];
  };
  const out = [
    '# Written by `site build` from the same rules as _headers and _redirects: include it in the server block whose',
    '# root is the built folder, e.g.',
    '#   server { listen 443 ssl; server_name www.example.com; root /srv/site/dist; include /srv/site/dist/_nginx.conf; }',
    "# The Content-Security-Policy holds the hashes of this build's inline scripts: deploy it with the pages it was built with.",
    '',
    'index index.html;',
    'error_page 404 /404.html;',
    '# Assets have their .gz (and .br) beside them; pages are compressed on the fly.',
    'gzip_static on;',
    '# With the brotli module (Debian: libnginx-mod-http-brotli-static) also: brotli_static on;',
    'gzip on;',
    'gzip_types text/css application/javascript application/json image/svg+xml text/xml application/xml text/plain;',
    '',
    ...addHeaders(everywhere, ''),
    '',
    'location / {',
    ...addHeaders(everywhere, '    '),
    '    try_files $uri $uri/index.html =404;',
    '}',
    '',
    '# The host files are configuration, not pages.',
    `location ~ ^/(${HOST_ONLY_FILES.map((f) => f.replace(/\./g, '\\.')).join('|')})$ {`,
    '    return 404;',
    '}',
  ];
  for (const rule of rules) {
    if (rule.path === '/*') continue;
    out.push(...location(rule.path.endsWith('*') ? `^~ ${quoted(rule.path.slice(0, -1))}` : `= ${quoted(rule.path)}`, [...everywhere, ...rule.headers]));
  }
  if (notFound.size) out.push('', "# Each language's not-found page for unknown paths below its root.");
  for (const where of [...notFound.keys()]) out.push(...location(where, everywhere));
  for (const redirect of redirects) {
    for (const from of fromForms(redirect))
      out.push('', `location = ${quoted(from)} {`, `    return ${redirect.status} ${quoted(withQuery(redirect.to))};`, '}');
  }
  return `${out.join('\n')}\n`;
}
