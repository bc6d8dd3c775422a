import type { HeaderVariant } from '../../schema/page.ts';
import { localeHome, type RenderContext } from '../context.ts';
import { buttonClass } from '../ui.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';

interface NavItem {
  label: string;
  href: string;
  /** Shown on small screens too (SPEC §2: only contact, pricing and extras there). */
  mobile: boolean;
  button?: boolean;
  /** Rendered with a leading arrow (the legal pages' back button). */
  back?: boolean;
}

function navItems(variant: HeaderVariant, ctx: RenderContext): { items: NavItem[]; start?: NavItem } {
  const h = ctx.strings.header;
  const overview = `#${ctx.model.site.anchors.overview}`;
  switch (variant) {
    case 'business':
      return {
        items: [
          { label: h.products, href: overview, mobile: true },
          { label: h.pricing, href: '#pricing', mobile: true },
          { label: h.about, href: '#about', mobile: false },
          { label: h.contact, href: '#contact', mobile: true },
        ],
        start: { label: h.start, href: '#contact', mobile: false },
      };
    case 'education':
      return {
        items: [
          { label: h.learningModes, href: '#learning-modes', mobile: true },
          { label: h.contact, href: '#contact', mobile: true },
        ],
        start: { label: h.start, href: '#contact', mobile: false },
      };
    case 'chatbot':
      return {
        items: [
          { label: h.moreSolutions, href: '/', mobile: false },
          { label: h.pricing, href: '#pricing', mobile: false, button: true },
          { label: h.contact, href: '#contact', mobile: false, button: true },
        ],
      };
    case 'back':
      return { items: [{ label: h.back, href: localeHome(ctx.model, ctx.entry), mobile: true, button: true, back: true }] };
    case 'home':
      return { items: [] };
  }
}

export function Header({ variant, ctx }: { variant: HeaderVariant; ctx: RenderContext }) {
  const { items, start } = navItems(variant, ctx);
  // 44 px tall tap targets; narrow side padding on phones, where the brand and three links share 328 px. A label
  // never wraps ("Modos de aprendizaje" and "Modes d'apprentissage" took two lines at 360 px).
  const link = 'inline-flex min-h-11 items-center whitespace-nowrap rounded-control px-1 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 min-[400px]:px-2.5';
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-gutter">
        <a href={localeHome(ctx.model, ctx.entry)} aria-label={ctx.strings.header.homeLabel} className="flex min-h-11 flex-none items-center rounded-control">
          <Logo name={ctx.model.site.brand.name} />
        </a>
        <div className="flex min-w-0 items-center gap-3">
          {items.length > 0 && <nav aria-label={ctx.strings.header.navLabel}>
            <ul className="flex items-center gap-0.5 sm:gap-2">
              {items.map((item) => (
                <li key={item.href + item.label} className={item.mobile ? '' : 'hidden md:block'}>
                  <a href={item.href} className={item.button ? buttonClass('secondary') : link} data-back={item.back ? '' : undefined}>
                    {item.back && <span aria-hidden="true">←</span>}
                    {item.label}
                  </a>
                </li>
              ))}
              {variant === 'chatbot' && (
                <li className="md:hidden"><a href="/" className={link}>{ctx.strings.header.moreSolutionsShort}</a></li>
              )}
              {start && (
                <li className="hidden md:block"><a href={start.href} className={buttonClass('primary')}>{start.label}</a></li>
              )}
            </ul>
          </nav>}
          {/* With no links beside it, the switcher has the room at every width. */}
          <LanguageSwitcher ctx={ctx} compact className={items.length > 0 ? 'hidden border-l border-slate-200 pl-3 lg:flex' : ''} />
        </div>
      </div>
    </header>
  );
}
