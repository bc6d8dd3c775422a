import { isWithheld } from '../../content/publishing.ts';
import type { HeaderVariant } from '../../schema/navigation.ts';
import type { RenderContext } from '../context.ts';
import { useSourceMark } from '../source-marks.tsx';
import { useLinkLanguage } from '../page-context.tsx';
import { Shared } from '../shared-parts.tsx';
import { LanguageSwitcher, languageLinks } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';

/** The page a link goes to (`/agb#x` → `/agb`), to leave out links to pages not published yet. */
function routeOf(href: string): string {
  return href.replace(/[?#].*$/, '');
}

/**
 * Plain entries, bulleted so they do not read as links. On phones one run of text separated by dots: each dot sits
 * before its entry in the gap, and the gap at a line's start lies outside the clipped box, so no line begins or ends
 * with a dot. From `sm` one entry a line like the link columns beside it (as a run it wrapped into a line with dots
 * and lines without).
 */
function PlainEntries({ items }: { items: string[] }) {
  return (
    <div className="mt-4 overflow-hidden">
      <ul data-plain-entries="" className="-ml-4 flex flex-wrap gap-y-1 text-sm leading-relaxed text-slate-400 sm:ml-0 sm:block sm:space-y-2 sm:leading-5">
        {items.map((item) => (
          <li key={item} className="relative pl-4 before:absolute before:left-1.5 before:content-['·'_/_''] sm:pl-3 sm:before:left-0">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The brand, the address and the link columns: the same on every page of a locale with this header variant. */
function FooterColumns({ ctx, variant }: { ctx: RenderContext; variant: HeaderVariant }) {
  const { site } = ctx.model;
  const f = ctx.strings.footer;
  const columns = f.columns.filter((column) => !column.pages || column.pages.includes(variant));
  const mark = useSourceMark();
  const language = useLinkLanguage();
  // A footer link into a page only available in another language says so: its hreflang, the locale's marker for screen
  // readers, and for the eye the language's code as a small tag ("CGV DE"), as the header's language codes read. The
  // marker drawn after each link wrapped them to two lines, and a note under the column's heading ("Texts in German")
  // cost the phone footer a line in every link column (design review 16 #4).
  const FooterLink = ({ href, text, owner }: { href: string; text: string; owner?: object }) => {
    const other = language?.(href);
    return (
      <a className={link} href={href} hrefLang={other?.hreflang} {...(owner ? mark(owner, 'href') : {})}>
        {other ? (
          // One run of text, so the tag follows the label's last word and never stands on a line of its own.
          <span>
            {text}
            <span aria-hidden="true" className="ml-1.5 rounded-sm px-1 text-[0.6875rem] font-semibold ring-1 ring-slate-600 ring-inset">
              {other.hreflang.replace(/-.*/, '').toUpperCase()}
            </span>
            <span className="sr-only">{` ${other.marker}`}</span>
          </span>
        ) : (
          text
        )}
      </a>
    );
  };
  const [beforeEmail, afterEmail] = f.emailLine.split('{email}');
  const heading = 'text-sm font-semibold tracking-wide text-white';
  const link = 'inline-flex min-h-11 min-w-11 items-center text-sm text-slate-400 transition-colors hover:text-white sm:min-h-0 sm:min-w-0';
  return (
    <div className="mx-auto grid max-w-page grid-cols-2 gap-x-6 gap-y-8 px-page py-12 sm:gap-10 sm:py-14 lg:grid-cols-4">
      <div className="col-span-2 sm:col-span-1">
        <Logo name={site.brand.name} onDark />
        <p className="mt-4 text-sm">{f.brandText}</p>
        <p className="mt-4 text-sm">
          {beforeEmail}
          <a className="text-brand-300 underline underline-offset-2 hover:text-white" href={`mailto:${site.email}`}>
            {site.email}
          </a>
          {afterEmail}
        </p>
      </div>
      {columns.map((column, i) => {
        const items = column.items.filter((item) => typeof item === 'string' || !isWithheld(ctx.model, routeOf(item.href)));
        // A column of plain entries (industries) takes the full width on phones; link columns share a row.
        if (items.every((item) => typeof item === 'string')) {
          return (
            <div key={i} className="col-span-2 sm:col-span-1">
              <h2 className={heading}>{column.title}</h2>
              <PlainEntries items={items.map(String)} />
            </div>
          );
        }
        return (
          <div key={i}>
            <h2 className={heading}>{column.title}</h2>
            <ul className="mt-3 sm:mt-4 sm:space-y-2">
              {items.map((item) =>
                typeof item === 'string' ? (
                  <li key={item} className="text-sm">
                    {item}
                  </li>
                ) : (
                  <li key={item.href + item.label}>
                    <FooterLink href={item.href} text={item.label} owner={item} />
                  </li>
                ),
              )}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

export function Footer({ ctx, variant }: { ctx: RenderContext; variant: HeaderVariant }) {
  const f = ctx.strings.footer;
  // Pages whose header variant shows the same columns share one rendering.
  const shown = f.columns.some((column) => column.pages) ? `:${variant}` : '';
  const languages = languageLinks(ctx, 'always');
  return (
    <footer className="bg-slate-950 text-slate-400">
      {/* Rendered once a build for each locale and spliced into its pages (render/shared-parts.tsx). */}
      <Shared owner={f} part={`footer:${ctx.entry.locale}${shown}`}>
        <FooterColumns ctx={ctx} variant={variant} />
      </Shared>
      <div className="border-t border-white/10">
        {/* Copyright and languages share a row only from `lg`: at 768 px a long copyright (es) pushed "Español"
            onto a line of its own. In the row the switcher keeps its width and the copyright wraps instead. */}
        <div className="mx-auto flex max-w-page flex-col gap-3 px-page py-4 text-xs lg:flex-row lg:items-center lg:justify-between lg:gap-8">
          {/* The copyright names the company by its German legal form: the page's own patterns (fr, en, es) break
              it at wrong syllables ("haftungsbes-chränkt"), so the line wraps at spaces only. */}
          <p className="hyphens-none">{f.copyright}</p>
          {languages && <LanguageSwitcher ctx={ctx} links={languages} form="names" className="lg:shrink-0" />}
        </div>
      </div>
    </footer>
  );
}
