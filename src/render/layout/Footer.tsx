import { localeEntry } from '../../schema/site.ts';
import { alternates, type RenderContext } from '../context.ts';
import { Logo } from './Logo.tsx';

export function Footer({ ctx }: { ctx: RenderContext }) {
  const { site } = ctx.model;
  const f = ctx.strings.footer;
  const [beforeEmail, afterEmail] = f.emailLine.split('{email}');
  const languages = alternates(ctx.model, ctx.entry).filter((p) => p.locale !== ctx.entry.locale);
  const heading = 'text-sm font-semibold tracking-wide text-white';
  const link = 'text-sm text-slate-400 hover:text-white';
  return (
    <footer className="bg-slate-950 text-slate-400">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <Logo name={site.brand.name} onDark />
          <p className="mt-4 text-sm">{f.brandText}</p>
          <p className="mt-4 text-sm">
            {beforeEmail}<a className="text-brand-300 underline underline-offset-2 hover:text-white" href={`mailto:${site.email}`}>{site.email}</a>{afterEmail}
          </p>
        </div>
        <div>
          <h2 className={heading}>{f.industriesTitle}</h2>
          <ul className="mt-4 space-y-2 text-sm">{f.industries.map((name) => <li key={name}>{name}</li>)}</ul>
        </div>
        <div>
          <h2 className={heading}>{f.productsTitle}</h2>
          <ul className="mt-4 space-y-2">{f.products.map((p) => <li key={p.href + p.label}><a className={link} href={p.href}>{p.label}</a></li>)}</ul>
        </div>
        <div>
          <h2 className={heading}>{f.legalTitle}</h2>
          <ul className="mt-4 space-y-2">
            <li><a className={link} href="/impressum">{f.legal.impressum}</a></li>
            <li><a className={link} href="/agb">{f.legal.agb}</a></li>
            <li><a className={link} href="/datenschutz">{f.legal.datenschutz}</a></li>
            <li><a className={link} href="/faq">{f.legal.faq}</a></li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>{f.copyright}</p>
          {languages.length > 0 && (
            <nav aria-label={f.languagesLabel}>
              <ul className="flex gap-4">
                {languages.map((p) => (
                  <li key={p.locale}><a className={link} href={p.route} hrefLang={localeEntry(ctx.model.site, p.locale).hreflang} lang={localeEntry(ctx.model.site, p.locale).lang}>{ctx.model.locales[p.locale]?.name ?? p.locale}</a></li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      </div>
    </footer>
  );
}
