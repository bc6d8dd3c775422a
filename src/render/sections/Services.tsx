import { cardLayout, gridColumns } from '../grid.ts';
import { IconBadge } from '../icons.tsx';
import { KeepTogether } from '../keep-together.tsx';
import { buttonClass, cardClass, CheckList, SectionHeading, SectionShell } from '../ui.tsx';
import { useSourceMark } from '../source-marks.tsx';
import { useLinkLanguage } from '../page-context.tsx';
import type { SectionProps } from './props.ts';

/** Extra-service cards: 'Details ansehen' when a card links somewhere, else 'Mehr erfahren' to the contact section. */
export function Services({ section, ctx, level, headingId }: SectionProps<'services'>) {
  const layout = cardLayout(section.cards.length);
  const mark = useSourceMark();
  const language = useLinkLanguage();
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} />
      <ul className={`grid gap-4 sm:gap-6 ${layout.list} ${gridColumns(section.cards.length)}`}>
        {section.cards.map((card, i) => {
          const other = card.link ? language?.(card.link) : undefined;
          return (
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
                  {other && ` ${other.marker}`}
                  {/* One weight for every card's button (a single filled one read as a selected card); the link onward
                      gets an arrow, last, after the language marker, so it still ends the button. */}
                  {card.link && <span aria-hidden="true">→</span>}
                </a>
              </div>
            </li>
          );
        })}
      </ul>
    </SectionShell>
  );
}
