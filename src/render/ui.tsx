import type { ReactNode } from 'react';
import type { Action } from '../schema/text.ts';
import { KeepTogether } from './keep-together.tsx';
import { SectionFigure } from './picture.tsx';
import { useSourceMark } from './source-marks.tsx';
import { useLinkLanguage } from './page-context.tsx';

const buttonStyles = {
  primary: 'bg-brand-600 text-white shadow-card hover:bg-brand-700 hover:shadow-raised',
  secondary: 'bg-white text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 hover:ring-slate-400',
  ghost: 'text-brand-700 hover:bg-brand-50',
} as const;

/** Buttons are at least 44 px tall (a thumb's tap target) at every size. */
export function buttonClass(style: keyof typeof buttonStyles = 'primary', size: 'md' | 'lg' = 'md'): string {
  const sizing = size === 'lg' ? 'min-h-12 px-5 py-3 text-base sm:px-6' : 'min-h-11 px-4 py-2 text-sm';
  // A label that needs two lines breaks between words, centred and balanced, never inside one ("apprentis- / sage").
  return `inline-flex items-center justify-center gap-2 rounded-control text-center text-balance font-semibold hyphens-none transition duration-200 ease-out-soft hover:-translate-y-px active:translate-y-0 ${sizing} ${buttonStyles[style]}`;
}

/** A content action as a button link; `style` overrides the action's own (the featured plan's is primary). */
export function ActionLink({ action, size = 'md', style = action.style }: { action: Action; size?: 'md' | 'lg'; style?: Action['style'] }) {
  const mark = useSourceMark();
  const other = useLinkLanguage()?.(action.href);
  return (
    <a href={action.href} hrefLang={other?.hreflang} className={buttonClass(style, size)} {...mark(action, 'href')}>
      {action.label}
      {other && ` ${other.marker}`}
    </a>
  );
}

const tones = {
  default: 'bg-white',
  muted: 'bg-slate-50',
  dark: 'bg-slate-900 text-slate-100',
  brand: 'bg-brand-700 text-white',
} as const;

export function SectionShell({
  id,
  tone = 'default',
  labelledBy,
  children,
  narrow = false,
}: {
  id?: string;
  tone?: keyof typeof tones;
  labelledBy: string;
  children: ReactNode;
  narrow?: boolean;
}) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={`${tones[tone]} py-section`}>
      <div className={`mx-auto ${narrow ? 'max-w-3xl px-gutter' : 'max-w-page px-page'}`}>
        {children}
        <SectionFigure />
      </div>
    </section>
  );
}

/** Card surface used by every card grid: one radius, one ring, one shadow, one hover. */
export function cardClass(dark = false): string {
  return dark
    ? 'rounded-card bg-white/5 ring-1 ring-white/10'
    : 'rounded-card bg-white shadow-card ring-1 ring-slate-200 transition duration-300 ease-out-soft hover:-translate-y-0.5 hover:shadow-raised';
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  level,
  dark = false,
  center = true,
  leftFromLg = false,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  level: 1 | 2;
  dark?: boolean;
  center?: boolean;
  /** Centred below 1024 px, left-aligned above (a heading in a side column). */
  leftFromLg?: boolean;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    // On phones every heading is left-aligned, as the hero's is: a column of text reads from its left edge.
    <div className={`mb-8 max-w-3xl sm:mb-12 ${center ? 'mx-auto sm:text-center' : ''} ${leftFromLg ? 'lg:mx-0 lg:mb-0 lg:text-left' : ''}`}>
      {eyebrow && <p className={`text-sm font-semibold uppercase tracking-wider ${dark ? 'text-brand-300' : 'text-brand-700'}`}>{eyebrow}</p>}
      <Heading id={id} className={`mt-2 font-bold ${level === 1 ? 'text-h1' : 'text-h2'} ${dark ? 'text-white' : 'text-slate-900'}`}>
        <KeepTogether text={title} />
      </Heading>
      {/* A centred lead is balanced: ragged centred lines with a two-word last line read as a mistake. */}
      {lead && (
        <p className={`mt-4 text-lead ${center ? 'sm:text-balance' : ''} ${dark ? 'text-slate-300' : 'text-slate-600'}`}>
          <KeepTogether text={lead} />
        </p>
      )}
    </div>
  );
}

/** The tick before an item of a list of what is included: one mark, in the accent, wherever a list has ticks. */
export function CheckMark({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={`flex-none ${className}`} fill="currentColor">
      <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
    </svg>
  );
}

export function CheckList({ items, dark = false }: { items: string[]; dark?: boolean }) {
  return (
    <ul className="space-y-2">
      {items.map((item, i) => (
        <li key={i} className="flex gap-2">
          <CheckMark className={`mt-0.5 size-5 ${dark ? 'text-brand-300' : 'text-brand-600'}`} />
          <span>
            <KeepTogether text={item} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The chevron of a disclosure's summary: it turns when the `group` <details> around it opens. */
export function DisclosureChevron({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={`size-5 text-slate-500 group-open:rotate-180 ${className}`}>
      <path
        fillRule="evenodd"
        d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
