import type { LocaleCode } from '../schema/site.ts';

export const NOT_FOUND_SLUG = '404';

export function routeFor(locale: LocaleCode, slug: string, defaultLocale: LocaleCode): string {
  const parts = [locale === defaultLocale ? '' : locale, slug].filter(Boolean);
  return `/${parts.join('/')}`;
}

/**
 * A language's not-found page is `404.html` in its folder (`/fr/404` → `fr/404.html`): Cloudflare Pages and
 * `site serve` answer an unknown path with the nearest 404.html up the tree, and Netlify's `_redirects` names it.
 */
export function outputFileFor(route: string): string {
  if (isNotFound(route)) return `${route.slice(1)}.html`;
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/**
 * The not-found pages (`/404`, and `/<locale>/404` per language) are served at every unknown path below their
 * language root: they have no URL of their own to be canonical.
 */
export function isNotFound(route: string): boolean {
  return new RegExp(`^/(?:[^/]+/)?${NOT_FOUND_SLUG}$`).test(route);
}

export function isIndexable(route: string, noindex: boolean): boolean {
  return !noindex && !isNotFound(route);
}
