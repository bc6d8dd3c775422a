import type { LocaleCode } from '../schema/site.ts';

export const NOT_FOUND_SLUG = '404';

export function routeFor(locale: LocaleCode, slug: string, defaultLocale: LocaleCode): string {
  const parts = [locale === defaultLocale ? '' : locale, slug].filter(Boolean);
  return `/${parts.join('/')}`;
}

export function outputFileFor(route: string): string {
  if (route === `/${NOT_FOUND_SLUG}`) return '404.html';
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/** The not-found page is one file served at every unknown path: it has no URL of its own to be canonical. */
export function isNotFound(route: string): boolean {
  return route === `/${NOT_FOUND_SLUG}`;
}

export function isIndexable(route: string, noindex: boolean): boolean {
  return !noindex && !isNotFound(route);
}
