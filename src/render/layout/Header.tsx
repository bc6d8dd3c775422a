import type { HeaderItem, HeaderVariant } from '../../schema/navigation.ts';
import { localeHome, type RenderContext } from '../context.ts';
import { useSourceMark } from '../source-marks.tsx';
import { buttonClass } from '../ui.tsx';
import { Shared } from '../shared-parts.tsx';
import { LanguageMenu, LanguageSwitcher, languageLinks } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';
import { ChatBubbleIcon } from '../../islands/chat-demo/ChatBubbleIcon.tsx';

/** Which screens an item shows on (SPEC §2: phones show only contact, pricing and extras). */
const SHOW: Record<HeaderItem['show'], string> = { always: '', desktop: 'hidden md:block', mobile: 'md:hidden' };

export function Header({ variant, ctx }: { variant: HeaderVariant; ctx: RenderContext }) {
  const items = ctx.strings.header.menus[variant] ?? [];
  const languages = languageLinks(ctx, 'translated');
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-page items-center justify-between gap-2 px-page">
        {/* The home link and the menu are rendered once a build and spliced into every page that shows them (render/shared-parts.tsx). */}
        <Shared owner={ctx.strings.header} part={`home:${ctx.entry.locale}`}>
          <a
            href={localeHome(ctx.model, ctx.entry)}
            aria-label={ctx.strings.header.homeLabel}
            className="home-link flex min-h-11 flex-none items-center rounded-control"
          >
            <Logo name={ctx.model.site.brand.name} />
          </a>
        </Shared>
        <div className="flex min-w-0 items-center gap-3">
          {items.length > 0 && (
            <Shared owner={ctx.strings.header} part={`menu:${variant}`}>
              <HeaderMenu items={items} label={ctx.strings.header.navLabel} />
            </Shared>
          )}
          {/* With no links beside it (the not-found pages), the switcher has the room at every width. */}
          {languages && (
            <LanguageSwitcher ctx={ctx} links={languages} form="codes" className={items.length > 0 ? 'hidden border-l border-slate-200 pl-3 lg:flex' : ''} />
          )}
          {languages && items.length > 0 && <LanguageMenu ctx={ctx} links={languages} className="lg:hidden" />}
          {ctx.entry.page.chatDemo && <ChatEntry label={ctx.strings.chatDemo.open} />}
        </div>
      </div>
    </header>
  );
}

/**
 * The chat demo's entry on phones and tablets (issue #36): below 1024 px nothing floats, the header carries the button. The
 * page-load script (islands/client.ts) hands its click to the chat demo, which wakes as from its own button;
 * without JavaScript there is no demo to open, and styles.css hides it.
 */
function ChatEntry({ label }: { label: string }) {
  return (
    <button
      type="button"
      data-chat-open=""
      aria-haspopup="dialog"
      aria-expanded="false"
      aria-label={label}
      // Last, its icon on the gutter's edge as the text above and below it is: "Productos Precios Contacto", the mark
      // and the language menu leave it no more than 44 px at 360.
      className="chat-entry -mr-2.5 -ml-2 flex size-11 flex-none items-center justify-center rounded-control text-brand-700 transition-colors hover:bg-slate-100 lg:hidden"
    >
      <ChatBubbleIcon className="size-6" />
    </button>
  );
}

/** A header's links: the same on every page of a locale that has this header. */
function HeaderMenu({ items, label }: { items: HeaderItem[]; label: string }) {
  const mark = useSourceMark();
  // 44 px tall tap targets; narrow side padding on phones, where the brand and three links share 328 px. A label
  // never wraps ("Modos de aprendizaje" and "Modes d'apprentissage" took two lines at 360 px).
  const link =
    'inline-flex min-h-11 min-w-11 items-center justify-center whitespace-nowrap rounded-control px-1 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 min-[400px]:px-2.5 md:max-lg:px-2';
  return (
    <nav aria-label={label}>
      {/* From 768 to 1023 px the menu shares the row with the chat entry: tighter, so a two-word button stays on one line. */}
      <ul className="flex items-center gap-0.5 sm:gap-2 md:max-lg:gap-0.5">
        {items.map((item) => (
          <li key={item.href + item.label} className={SHOW[item.show]}>
            <a
              href={item.href}
              className={item.style === 'link' ? link : buttonClass(item.style === 'primary' ? 'primary' : 'secondary')}
              data-back={item.style === 'back' ? '' : undefined}
              {...mark(item, 'href')}
            >
              {item.style === 'back' && <span aria-hidden="true">←</span>}
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
