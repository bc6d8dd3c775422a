/**
 * Link targets content may use, decided by parsing the URL as a browser would, not by its first
 * characters: `https:`, `mailto:` and `tel:` URLs, in-page anchors, and paths on this site. A prefix
 * check let `//evil.example` and `/\evil.example` through (a browser reads both as another host), and
 * `javascript:`, `data:` or `http:` must never become a link. Used by the schema (a content error with
 * its file and line), the renderer (anything else renders as text) and `site check`. No zod here: the
 * contact form island imports it.
 */
const ALLOWED_SCHEMES = new Set(['https:', 'mailto:', 'tel:']);
/** A host that cannot exist: a relative target that resolves off it leaves the site. */
const SITE = 'https://site.invalid';

export function isSafeLinkTarget(href: string): boolean {
  // A phone number as people write it, spaces included (the only place a space may appear).
  if (/^tel:\+?[0-9][0-9 ()./-]*$/.test(href)) return true;
  // Whitespace and controls are dropped or kept differently by browsers: never a link.
  if (href === '' || /[\s\u0000-\u001f\u007f\\]/.test(href)) return false;
  if (href.startsWith('#')) return /^#[A-Za-z][\w-]*$/.test(href);
  if (href.startsWith('/')) {
    try {
      return new URL(href, SITE).origin === SITE;
    } catch {
      return false;
    }
  }
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (!ALLOWED_SCHEMES.has(url.protocol)) return false;
  return url.protocol !== 'https:' || (url.hostname !== '' && url.username === '' && url.password === '');
}

/**
 * Inline markup, the one grammar the renderer and the checks share: `**bold**` (no link inside),
 * `[label](href)` (the label cannot hold brackets, so links do not nest) or `` `code` `` (a name such as a
 * cookie's, set as a small chip).
 */
export const INLINE_MARKUP = /\*\*([^*]+)\*\*|\[([^\][]+)\]\(([^)\s]+)\)|`([^`]+)`/g;

/** The links of a line of inline markup, as the renderer reads them. */
export function inlineLinks(value: string): { label: string; href: string; index: number }[] {
  return [...value.matchAll(INLINE_MARKUP)].flatMap((match) =>
    match[2] !== undefined && match[3] !== undefined ? [{ label: match[2], href: match[3], index: match.index ?? 0 }] : [],
  );
}
