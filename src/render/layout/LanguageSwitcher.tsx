import { isWithheld } from '../../content/publishing.ts';
import { NOT_FOUND_SLUG } from '../../content/routes.ts';
import { localeEntry } from '../../schema/site-locales.ts';
import { alternates, type RenderContext } from '../context.ts';

/**
 * The same page in every language of the site: the page's translation where one exists, else that language's
 * home (always the home from the not-found page). The current language is marked (`aria-current`), each link names its language in that language
 * (`lang`, `hreflang`). `compact` (the header on wide screens) shows language codes with the full name for
 * assistive technology; the footer shows the names.
 */
export function LanguageSwitcher({
  ctx,
  compact = false,
  className = '',
  shows = 'always',
}: {
  ctx: RenderContext;
  compact?: boolean;
  className?: string;
  /** `translated`: only on a page another language has (and the not-found page), as the header offers it. */
  shows?: 'always' | 'translated';
}) {
  const { model, entry } = ctx;
  // The not-found page has no address of its own (it answers every unknown path): offer the homes.
  const notFound = entry.page.slug === NOT_FOUND_SLUG;
  const family = notFound ? [] : alternates(model, entry);
  if (model.site.locales.length < 2) return null;
  // A German-only page's header offering FR/EN/ES promised a translation and led to a home (design review 13).
  if (shows === 'translated' && !notFound && !family.some((p) => p.locale !== entry.locale && !isWithheld(model, p.route))) return null;
  const links = model.site.locales
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
      // A language whose home is not live yet (content/publishing.ts) has nothing to offer.
    })
    .filter((l) => !isWithheld(model, l.route));
  const base = compact
    ? 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-control px-2 text-xs font-semibold uppercase tracking-wide'
    : 'inline-flex min-h-11 items-center text-sm';
  return (
    <ul aria-label={ctx.strings.footer.languagesLabel} className={`flex items-center ${compact ? 'gap-0.5' : 'flex-wrap gap-x-5'} ${className}`}>
      {links.map((l) => {
        const current = l.locale === entry.locale;
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
