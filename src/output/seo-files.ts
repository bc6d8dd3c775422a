import { createHash } from 'node:crypto';
import type { PageSummary, SiteView } from '../content/model.ts';
import { isIndexable } from '../content/routes.ts';
import { absoluteUrl } from '../render/context.ts';
import { cacheHintSeconds, escapeHtml, hreflangSet } from '../render/head.ts';
import { formatHeaderRules, type HeaderRule } from './host-files.ts';
import { CARD_DIR } from './social-cards.ts';

function indexable(entry: PageSummary): boolean {
  return isIndexable(entry.route, entry.page.meta.noindex);
}

/**
 * What the site-wide files (sitemap, `_headers`) read of one page besides its route and inline code, as a string: the
 * last build's record keeps it, so a build that changed a few pages can tell whether these files would come out the
 * same without making them (output/unchanged-build.ts). Anything sitemapXml or headersFile reads of a page belongs here.
 */
export function siteFacts(entry: PageSummary): string {
  return `${entry.family}/${entry.locale}/${indexable(entry) ? 1 : 0}/${entry.page.meta.structuredData === 'education' ? 1 : 0}`;
}

/** sitemap.xml: every indexable route (no 404, no noindex pages) with its language alternates. */
export function sitemapXml(model: SiteView): string {
  // Every indexable page of a family has the same hreflang set (head.ts): its lines are made once a family.
  const familyLinks = new Map<string, string[]>();
  const urls = model.pages
    .filter(indexable)
    .sort((a, b) => a.route.localeCompare(b.route))
    .map((entry) => {
      let links = familyLinks.get(entry.family);
      if (!links) {
        links = hreflangSet(model, entry).map(
          (alt) => `    <xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeHtml(absoluteUrl(model, alt.route))}"/>`,
        );
        familyLinks.set(entry.family, links);
      }
      return ['  <url>', `    <loc>${escapeHtml(absoluteUrl(model, entry.route))}</loc>`, ...links, '  </url>'].join('\n');
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * robots.txt: everything may be crawled. noindex pages are deliberately not disallowed: a crawler
 * must fetch them to see their noindex.
 */
export function robotsTxt(model: SiteView): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(model, '/sitemap.xml')}\n`;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

/** Hash sources by text: every page carries the same few inline scripts, hashed once per build. */
const hashSources = new Map<string, string>();

function sha256(text: string): string {
  let source = hashSources.get(text);
  if (source === undefined) {
    source = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    if (text.length < 4096) hashSources.set(text, source);
  }
  return source;
}

/** Whether a <script> element's attributes make it executable inline code (not src, not a data block). */
function isInlineCode(attributes: string): boolean {
  if (/\bsrc\s*=/i.test(attributes)) return false;
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
}

/** What one page runs inline, as the CSP must allow it. */
export interface InlineCode {
  /** CSP hash sources of its inline scripts (code only: JSON-LD is data) and inline style elements. */
  scripts: string[];
  styles: string[];
  /** Whether an element carries a style attribute. */
  styleAttributes: boolean;
}

/** A page's inline code, read once from its HTML (the build then keeps only this, not the page). */
export function inlineCode(html: string): InlineCode {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, attributes = '', code = ''] of html.matchAll(INLINE_SCRIPT)) if (isInlineCode(attributes)) scripts.add(sha256(code));
  for (const [, css = ''] of html.matchAll(INLINE_STYLE)) styles.add(sha256(css));
  // React escapes quotes in text and attribute values, so ` style="` only ever starts a style attribute.
  return { scripts: [...scripts].sort(), styles: [...styles].sort(), styleAttributes: hasStyleAttribute(html) };
}

/**
 * Whether `html` holds ` style="`, found by its tail `yle="`: V8 looks for a pattern by its first character, and a
 * page's spaces made the whole pattern's search cost four times as much (0.03 ms a page, as much as a regex pass).
 */
function hasStyleAttribute(html: string): boolean {
  for (let at = html.indexOf('yle="'); at >= 0; at = html.indexOf('yle="', at + 1)) if (at >= 3 && html.startsWith(' st', at - 3)) return true;
  return false;
}

/** What the pages do at run time that their HTML does not show. */
export interface RuntimeNeeds {
  /** CSS text that island code inserts as <style> elements (e.g. a toast library's styles): allowed by hash. */
  injectedStyles?: readonly string[];
}

/** The Content-Security-Policy for the built pages: only what they load, and the backend they call. */
export function contentSecurityPolicy(model: SiteView, pages: readonly InlineCode[], runtime: RuntimeNeeds = {}): string {
  const scripts = [...new Set(pages.flatMap((p) => p.scripts))].sort();
  const styles = [...new Set([...pages.flatMap((p) => p.styles), ...(runtime.injectedStyles ?? []).map(sha256)])].sort();
  const backend = model.site.backend.url ? new URL(model.site.backend.url).origin : undefined;
  const styleAttributes = pages.some((p) => p.styleAttributes);
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${scripts.join(' ')}`.trim(),
    `style-src 'self' ${styles.join(' ')}`.trim(),
    ...(styleAttributes ? ["style-src-attr 'unsafe-inline'"] : []),
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${backend ? ` ${backend}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}

/** Directives a <meta> policy may not carry (browsers ignore them there and say so in the console). */
const HEADER_ONLY_DIRECTIVES = ['frame-ancestors', 'report-uri', 'sandbox'];

/** The same policy as a meta tag, for the pages themselves; placed before any script or style. */
export function contentSecurityPolicyMeta(policy: string): string {
  const directives = policy.split(/;\s*/).filter((d) => !HEADER_ONLY_DIRECTIVES.includes(d.split(/\s+/)[0]!));
  return `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(directives.join('; '))}">`;
}

/**
 * The header rules of every static host (host-files.ts turns them into each host's format): security headers on every
 * path, long caching for hashed assets, and the one-hour cache hint on the pages that ask for it (the education pages).
 */
export function headerRules(model: SiteView, entries: readonly PageSummary[], csp: string): HeaderRule[] {
  const immutable: [string, string] = ['Cache-Control', 'public, max-age=31536000, immutable'];
  const rules: HeaderRule[] = [
    {
      path: '/*',
      headers: [
        ['Content-Security-Policy', csp],
        ['X-Content-Type-Options', 'nosniff'],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ['X-Frame-Options', 'DENY'],
        ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
      ],
    },
    { path: '/assets/*', headers: [immutable] },
    { path: `${CARD_DIR}*`, headers: [immutable] },
  ];
  for (const entry of entries) {
    const seconds = cacheHintSeconds(model, entry);
    if (!seconds) continue;
    for (const path of [entry.route, `${entry.route}/`]) rules.push({ path, headers: [['Cache-Control', `public, max-age=${seconds}`]] });
  }
  return rules;
}

/** `_headers` for Netlify and Cloudflare Pages (and `site serve`, which applies it with their semantics). */
export function headersFile(model: SiteView, entries: readonly PageSummary[], csp: string): string {
  return formatHeaderRules(headerRules(model, entries, csp));
}

/** The URLs of seoFiles, in its order. */
export const SEO_FILES = ['/sitemap.xml', '/robots.txt', '/_headers'];

/** The SEO and hosting files of a build, by URL (SEO_FILES); `csp` is the policy of its pages (contentSecurityPolicy). */
export function seoFiles(model: SiteView, csp: string): Map<string, string> {
  return new Map([
    ['/sitemap.xml', sitemapXml(model)],
    ['/robots.txt', robotsTxt(model)],
    ['/_headers', headersFile(model, model.pages, csp)],
  ]);
}
