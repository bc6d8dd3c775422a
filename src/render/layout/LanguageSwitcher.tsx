import { isWithheld } from '../../content/publishing.ts';
import { NOT_FOUND_SLUG } from '../../content/routes.ts';
import { localeEntry } from '../../schema/site-locales.ts';
import { alternates, type RenderContext } from '../context.ts';

type Shows = 'always' | 'translated';

export interface LanguageLink {
  locale: string;
  lang: string;
  hreflang: string;
  route: string;
  name: string;
}

/**
 * The same page in every language of the site: the page's translation where one exists, else that language's
 * home (always the home from the not-found page). `translated`: none at all unless another language has the page
 * (the not-found page always offers the homes), as the header offers them.
 */
export function languageLinks(ctx: RenderContext, shows: Shows): LanguageLink[] | null {
  const { model, entry } = ctx;
  // The not-found page has no address of its own (it answers every unknown path): offer the homes.
  const notFound = entry.page.slug === NOT_FOUND_SLUG;
  const family = notFound ? [] : alternates(model, entry);
  if (model.site.locales.length < 2) return null;
  // A German-only page's header offering FR/EN/ES promised a translation and led to a home (design review 13).
  if (shows === 'translated' && !notFound && !family.some((p) => p.locale !== entry.locale && !isWithheld(model, p.route))) return null;
  return (
    model.site.locales
      .map(({ code: locale }) => {
        const page = family.find((p) => p.locale === locale) ?? model.pages.find((p) => p.locale === locale && p.page.slug === '');
        const { lang, hreflang } = localeEntry(model.site, locale);
        return {
          locale,
          lang,
          hreflang,
          route: page?.route ?? (locale === model.site.defaultLocale ? '/' : `/${locale}`),
          name: model.locales[locale]?.name ?? locale,
        };
      })
      // A language whose home is not live yet (content/publishing.ts) has nothing to offer.
      .filter((l) => !isWithheld(model, l.route))
  );
}

/**
 * The languages as a list of links (from `languageLinks`). The current language is marked (`aria-current`), each
 * link names its language in that language (`lang`, `hreflang`). `codes` (the header on wide screens) shows language
 * codes with the full name for assistive technology; `names` (the footer) shows the names.
 */
export function LanguageSwitcher({
  ctx,
  links,
  form,
  className = '',
}: {
  ctx: RenderContext;
  links: LanguageLink[];
  form: 'codes' | 'names';
  className?: string;
}) {
  const compact = form === 'codes';
  const base = compact
    ? 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-control px-2 text-xs font-semibold uppercase tracking-wide'
    : 'inline-flex min-h-11 items-center text-sm';
  return (
    <ul aria-label={ctx.strings.footer.languagesLabel} className={`flex items-center ${compact ? 'gap-0.5' : 'flex-wrap gap-x-5'} ${className}`}>
      {links.map((l) => {
        const current = l.locale === ctx.entry.locale;
        const look = compact
          ? current
            ? 'bg-slate-100 text-slate-900'
            : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
          : current
            ? 'font-semibold text-white'
            : 'text-slate-400 hover:text-white';
        return (
          <li key={l.locale}>
            <a href={l.route} hrefLang={l.hreflang} lang={l.lang} aria-current={current ? 'page' : undefined} className={`${base} transition-colors ${look}`}>
              {compact ? (
                <>
                  <span aria-hidden="true">{l.locale}</span>
                  <span className="sr-only">{l.name}</span>
                </>
              ) : (
                l.name
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The header's languages below 1024 px, where a row of codes has no room: a native disclosure, so it opens by
 * touch and keyboard without JavaScript. Its button shows the current code; its list names each language in that
 * language. It offers what the wide header offers (`translated`).
 */
export function LanguageMenu({ ctx, links, className = '' }: { ctx: RenderContext; links: LanguageLink[]; className?: string }) {
  return (
    <details className={`language-menu relative flex-none ${className}`}>
      <summary className="flex size-11 cursor-pointer list-none items-center justify-center gap-0.5 rounded-control text-xs font-semibold tracking-wide text-slate-700 uppercase transition-colors hover:bg-slate-100 hover:text-slate-900 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true">{ctx.entry.locale}</span>
        <svg
          viewBox="0 0 12 12"
          aria-hidden="true"
          className="language-menu-chevron size-2.5 flex-none text-slate-500 transition-transform motion-reduce:transition-none"
        >
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="sr-only">{ctx.strings.header.languageMenu}</span>
      </summary>
      <ul
        aria-label={ctx.strings.footer.languagesLabel}
        className="absolute top-full right-0 mt-2 w-max min-w-40 rounded-card bg-white p-1.5 shadow-raised ring-1 ring-slate-200"
      >
        {links.map((l) => {
          const current = l.locale === ctx.entry.locale;
          return (
            <li key={l.locale}>
              <a
                href={l.route}
                hrefLang={l.hreflang}
                lang={l.lang}
                aria-current={current ? 'page' : undefined}
                className={`flex min-h-11 items-center justify-between gap-4 rounded-control px-3 text-sm transition-colors ${current ? 'bg-slate-100 font-semibold text-slate-900' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`}
              >
                {l.name}
                {current && (
                  <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4 flex-none text-brand-600">
                    <path d="m3.5 8.5 3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
