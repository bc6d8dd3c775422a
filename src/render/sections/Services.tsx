import { cardLayout, gridColumns } from '../grid.ts';
import { IconBadge } from '../icons.tsx';
import { KeepTogether } from '../keep-together.tsx';
import { buttonClass, cardClass, CheckList, SectionHeading, SectionShell } from '../ui.tsx';
import { FoldedRow, foldedListClass } from './FoldedRow.tsx';
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

/** A card's text, price line and checks, in the order the card shows them from 640 px. */
function CardText({ card, folded }: { card: Card; folded: boolean }) {
  return (
    <>
      <p className={folded ? 'text-[0.9375rem] text-slate-600 sm:mt-2 sm:text-base' : 'mt-2 text-slate-600'}>
        <KeepTogether text={card.description} />
      </p>
      <p className="mt-2 text-sm text-slate-500 sm:mt-3">
        <KeepTogether text={card.details} />
      </p>
      {/* Folded, the price is the line under the row's title (FoldedRow). */}
      {card.price && !folded && (
        <p className="mt-3 text-sm font-semibold text-brand-700">
          <KeepTogether text={card.price} />
        </p>
      )}
      <div className={`flex-1 text-sm text-slate-700 ${folded ? 'mt-3 sm:order-2 sm:mt-4' : 'mt-4'}`}>
        <CheckList items={card.features} />
      </div>
    </>
  );
}

/**
 * `layout: folded`: on phones one panel of the cards' titles, each with its price, that open to the rest of the
 * card (six tall cards were three phone screens on home); the cards from 640 px. One markup (FoldedRow): each
 * title, text and button is in the page once. A card with a page of its own keeps its way there in sight
 * ("Details ansehen →"), outside the fold; the contact buttons are inside it.
 */
function FoldedCards({ section, ctx, headingId }: Pick<ServicesProps, 'section' | 'ctx' | 'headingId'>) {
  return (
    <ul className={foldedListClass(gridColumns(section.cards.length))} data-folded="">
      {section.cards.map((card, i) => {
        // Outside the fold on phones the button sits right under the row; inside it, under the checks.
        const button = (
          <div className={`${card.link ? '-mt-1' : 'mt-4'} sm:order-2 sm:mt-6`}>
            <CardButton section={section} ctx={ctx} card={card} />
          </div>
        );
        return (
          <FoldedRow key={i} id={`${headingId}-${i}`} icon={card.icon} title={<KeepTogether text={card.title} />} sub={card.price} after={card.link && button}>
            <CardText card={card} folded />
            {!card.link && button}
          </FoldedRow>
        );
      })}
    </ul>
  );
}

/** Extra-service cards, each with its details, features, an optional price and a button. */
export function Services({ section, ctx, level, headingId }: ServicesProps) {
  const layout = cardLayout(section.cards.length);
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} />
      {section.layout === 'folded' ? (
        <FoldedCards section={section} ctx={ctx} headingId={headingId} />
      ) : (
        <ul className={`grid gap-4 sm:gap-6 ${layout.list} ${gridColumns(section.cards.length)}`}>
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
              <CardText card={card} folded={false} />
              <div className="mt-5 sm:mt-6">
                <CardButton section={section} ctx={ctx} card={card} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionShell>
  );
}
