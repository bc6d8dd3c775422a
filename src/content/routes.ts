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

export function isIndexable(route: string, noindex: boolean): boolean {
  return !noindex && route !== `/${NOT_FOUND_SLUG}`;
}
