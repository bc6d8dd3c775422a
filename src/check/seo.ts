import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { finding, type Finding } from './finding.ts';
import type { IndexedPage, SiteIndex } from './site-index.ts';
import { localeEntry } from '../schema/site-locales.ts';

/** The primary language of a BCP 47 tag (`pt` of `pt-BR`), lower case. */
const primaryLanguage = (tag: string) => tag.split('-')[0]!.toLowerCase();

/** hreflang: alternates point at built pages whose <html lang> matches, and every alternate links back. */
export function checkHreflang(pages: readonly IndexedPage[], site: SiteIndex): Finding[] {
  const out: Finding[] = [];
  const alternatesOf = (page: IndexedPage) => page.facts.alternates;
  const urlOf = (page: IndexedPage) => `${site.base}${page.entry.route === '/' ? '/' : page.entry.route}`;
  const indexable = (p: IndexedPage) => !site.isNoindex(p.entry);
  const hreflangOf = (p: IndexedPage) => localeEntry(site.model.site, p.entry.locale).hreflang;
  // Each family's indexable pages, in page order, found once (not by a pass over every page for each page).
  const families = new Map<string, IndexedPage[]>();
  for (const p of pages) if (indexable(p)) families.set(p.entry.family, [...(families.get(p.entry.family) ?? []), p]);
  for (const page of pages) {
    const alternates = alternatesOf(page);
    const family = indexable(page) ? (families.get(page.entry.family) ?? []) : [];
    const absent = family.length > 1 ? family.filter((p) => !alternates.some((a) => a.lang === hreflangOf(p) && a.href === urlOf(p))) : [];
    if (absent.length > 0) {
      out.push(
        finding({
          code: 'hreflang',
          severity: 'error',
          message: `no hreflang alternate for the ${absent.map((p) => p.entry.locale).join(', ')} translation of this page`,
          route: page.entry.route,
          expected: absent.map((p) => `hreflang="${hreflangOf(p)}" href="${urlOf(p)}"`).join(', '),
          found: alternates.map((a) => `${a.lang} ${a.href}`).join(', ') || 'no alternates',
          hint: 'every indexable page of a family lists all of its translations (pages/<family>/<lang>.yaml)',
        }),
      );
    }
    if (alternates.length === 0) continue;
    const add = (message: string, element: string | undefined, expected: string, found: string) =>
      out.push(
        finding({
          code: 'hreflang',
          severity: 'error',
          message,
          route: page.entry.route,
          element,
          expected,
          found,
          hint: 'alternates come from the pages of one family (pages/<family>/<lang>.yaml)',
        }),
      );
    if (!alternates.some((a) => a.href === urlOf(page) && a.lang === hreflangOf(page)))
      add(
        'the hreflang alternates do not include the page itself',
        undefined,
        `hreflang="${hreflangOf(page)}" href="${urlOf(page)}"`,
        alternates.map((a) => `${a.lang} ${a.href}`).join(', '),
      );
    if (!alternates.some((a) => a.lang === 'x-default'))
      add('no x-default alternate', undefined, 'hreflang="x-default"', alternates.map((a) => a.lang).join(', '));
    for (const alt of alternates) {
      const local = site.internalPath(alt.href);
      const file = local === undefined ? undefined : site.fileFor(local);
      const target = file ? site.page(file) : undefined;
      if (!target) {
        add(`hreflang ${alt.lang} points at ${alt.href}, which is not a built page`, alt.element, 'an absolute URL of a built route', alt.href);
        continue;
      }
      const targetLang = target.facts.lang;
      if (alt.lang !== 'x-default' && primaryLanguage(alt.lang) !== primaryLanguage(targetLang))
        add(`hreflang ${alt.lang} points at a page in ${targetLang}`, alt.element, alt.lang, targetLang);
      if (
        alt.lang !== 'x-default' &&
        target.entry !== page.entry &&
        !alternatesOf(target).some((back) => back.href === urlOf(page) && back.lang === hreflangOf(page))
      ) {
        add(
          `${target.entry.route} does not link back to this page (hreflang must be reciprocal)`,
          alt.element,
          `on ${target.entry.route}: hreflang="${hreflangOf(page)}" href="${urlOf(page)}"`,
          'no such alternate',
        );
      }
    }
  }
  return out;
}

/** sitemap / noindex: when the build writes sitemap.xml, it lists exactly the indexable built pages. */
export async function checkSitemap(outDir: string, files: Set<string>, site: SiteIndex): Promise<Finding[]> {
  if (!files.has('sitemap.xml')) return [];
  const xml = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
  const urls = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const out: Finding[] = [];
  const listed = new Set<string>();
  for (const url of urls) {
    const local = site.internalPath(url);
    const file = local === undefined ? undefined : site.fileFor(local);
    const page = file ? site.page(file) : undefined;
    if (!page) {
      out.push(
        finding({
          code: 'sitemap',
          severity: 'error',
          message: `sitemap.xml lists ${url}, which is not a built page`,
          route: '/sitemap.xml',
          element: `<loc>${url}</loc>`,
          expected: `${site.base}/… of a built route`,
          found: url,
        }),
      );
      continue;
    }
    listed.add(page.entry.file);
    if (site.isNoindex(page.entry)) {
      out.push(
        finding({
          code: 'noindex',
          severity: 'error',
          message: `sitemap.xml lists ${page.entry.route}, which is noindex`,
          route: '/sitemap.xml',
          element: `<loc>${url}</loc>`,
          expected: 'noindex pages absent from the sitemap',
          found: url,
          hint: 'the sitemap must leave out noindex pages and the 404 page',
        }),
      );
    }
  }
  for (const entry of site.model.pages) {
    if (!site.isNoindex(entry) && !listed.has(entry.file) && files.has(entry.file)) {
      out.push(
        finding({
          code: 'sitemap',
          severity: 'warning',
          message: `indexable page ${entry.route} is missing from sitemap.xml`,
          route: '/sitemap.xml',
          expected: `${site.base}${entry.route === '/' ? '/' : entry.route}`,
          found: 'not listed',
        }),
      );
    }
  }
  return out;
}
