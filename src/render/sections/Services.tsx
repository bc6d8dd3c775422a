import { cardLayout, gridColumns } from '../grid.ts';
import { IconBadge } from '../icons.tsx';
import { KeepTogether } from '../keep-together.tsx';
import { buttonClass, cardClass, CheckList, DisclosureChevron, SectionHeading, SectionShell } from '../ui.tsx';
import { useSourceMark } from '../source-marks.tsx';
import { useLinkLanguage } from '../page-context.tsx';
import type { SectionProps } from './props.ts';

type ServicesProps = SectionProps<'services'>;
type Card = ServicesProps['section']['cards'][number];

/** 'Details ansehen' when a card links somewhere, else 'Mehr erfahren' to the contact section. */
function CardButton({ section, ctx, card }: Pick<ServicesProps, 'section' | 'ctx'> & { card: Card }) {
  const mark = useSourceMark();
  const language = useLinkLanguage();
  const other = card.link ? language?.(card.link) : undefined;
  return (
    <a
      href={card.link ?? section.contactHref}
      hrefLang={other?.hreflang}
      {...(card.link ? mark(card, 'link') : mark(section, 'contactHref'))}
      className={buttonClass('secondary')}
    >
      {card.link ? ctx.strings.services.details : ctx.strings.services.more}
      <span className="sr-only">
        {ctx.strings.labelSeparator}
        {card.title}
      </span>
      {/* The page's language, lighter and before the arrow: after it, "→ (en alemán)" read as where the arrow led. */}
      {other && <span className="font-normal text-slate-500">{` ${other.marker}`}</span>}
      {/* One weight for every card's button (a single filled one read as a selected card); the link onward gets an arrow. */}
      {card.link && <span aria-hidden="true">→</span>}
    </a>
  );
}

/**
 * `layout: folded` on phones: one panel of the cards' titles, each with its price, that open to the rest of the
 * card (native <details>, no JavaScript). Four tall cards were two phone screens on /chatbot, six were three on
 * home; the cards stay from 640 px, and first in the document.
 */
function FoldedOnPhones({ section, ctx }: Pick<ServicesProps, 'section' | 'ctx'>) {
  return (
    <ul className="divide-y divide-slate-200 rounded-card bg-white shadow-card ring-1 ring-slate-200 sm:hidden" data-folded="">
      {section.cards.map((card, i) => (
        <li key={i}>
          <details className="group px-4">
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3 py-3 [&::-webkit-details-marker]:hidden">
              <IconBadge name={card.icon} className="inline-flex size-8 flex-none items-center justify-center rounded-control bg-brand-50 text-brand-700" />
              <span className="flex-1">
                <span className="block font-semibold text-slate-900" data-fold-title="">
                  <KeepTogether text={card.title} />
                </span>
                {card.price && (
                  <span className="block text-sm font-medium text-brand-700">
                    <KeepTogether text={card.price} />
                  </span>
                )}
              </span>
              <DisclosureChevron className="flex-none transition-transform duration-300 ease-out-soft" />
            </summary>
            <div className="pb-4 pl-11 text-[0.9375rem] text-slate-600">
              <p>
                <KeepTogether text={card.description} />
              </p>
              <p className="mt-2 text-sm text-slate-500">
                <KeepTogether text={card.details} />
              </p>
              <div className="mt-3 text-sm text-slate-700">
                <CheckList items={card.features} />
              </div>
              {!card.link && (
                <div className="mt-4">
                  <CardButton section={section} ctx={ctx} card={card} />
                </div>
              )}
            </div>
          </details>
          {/* A card with a page of its own keeps its way there in sight ("Details ansehen →"), not inside the fold. */}
          {card.link && (
            <div className="-mt-1 pb-4 pl-15 pr-4">
              <CardButton section={section} ctx={ctx} card={card} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Extra-service cards, each with its details, features, an optional price and a button. */
export function Services({ section, ctx, level, headingId }: ServicesProps) {
  const layout = cardLayout(section.cards.length);
  const folded = section.layout === 'folded';
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} />
      <ul className={`grid gap-4 sm:gap-6 ${folded ? 'max-sm:hidden' : ''} ${layout.list} ${gridColumns(section.cards.length)}`}>
        {section.cards.map((card, i) => (
          <li key={i} className={`flex flex-col p-5 sm:p-6 ${cardClass()}`}>
            <div className={layout.head}>
              <IconBadge
                name={card.icon}
                className="inline-flex size-10 flex-none items-center justify-center rounded-control bg-brand-50 text-brand-700 sm:size-11"
              />
              <h3 className={`text-h3 font-semibold text-slate-900 ${layout.title}`}>
                <KeepTogether text={card.title} />
              </h3>
            </div>
            <p className="mt-2 text-slate-600">
              <KeepTogether text={card.description} />
            </p>
            <p className="mt-2 text-sm text-slate-500 sm:mt-3">
              <KeepTogether text={card.details} />
            </p>
            {card.price && (
              <p className="mt-3 text-sm font-semibold text-brand-700">
                <KeepTogether text={card.price} />
              </p>
            )}
            <div className="mt-4 flex-1 text-sm text-slate-700">
              <CheckList items={card.features} />
            </div>
            <div className="mt-5 sm:mt-6">
              <CardButton section={section} ctx={ctx} card={card} />
            </div>
          </li>
        ))}
      </ul>
      {folded && <FoldedOnPhones section={section} ctx={ctx} />}
    </SectionShell>
  );
}
