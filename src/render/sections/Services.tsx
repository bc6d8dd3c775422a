import { Icon } from '../icons.tsx';
import { buttonClass, CheckList, SectionHeading, SectionShell } from '../ui.tsx';
import type { SectionProps } from './props.ts';

/** Extra-service cards: 'Details ansehen' when a card links somewhere, else 'Mehr erfahren' to the contact section. */
export function Services({ section, ctx, level, headingId }: SectionProps<'services'>) {
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} />
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {section.cards.map((card, i) => (
          <li key={i} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700"><Icon name={card.icon} /></span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{card.title}</h3>
            <p className="mt-2 text-slate-600">{card.description}</p>
            <p className="mt-3 text-sm text-slate-500">{card.details}</p>
            {card.price && <p className="mt-3 text-sm font-semibold text-brand-700">{card.price}</p>}
            <div className="mt-4 flex-1 text-sm text-slate-700"><CheckList items={card.features} /></div>
            <div className="mt-6">
              <a href={card.link ?? section.contactHref} className={buttonClass(card.link ? 'primary' : 'secondary')}>
                {card.link ? ctx.strings.services.details : ctx.strings.services.more}
                <span className="sr-only">: {card.title}</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
