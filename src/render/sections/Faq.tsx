import { IconBadge } from '../icons.tsx';
import { RichText } from '../rich-text.tsx';
import { ActionLink, DisclosureChevron, SectionHeading, SectionShell } from '../ui.tsx';
import type { RenderContext } from '../context.ts';
import type { SectionProps } from './props.ts';

/**
 * The service address under the lead ("… Schreiben Sie uns."), from 1024 px where the heading has a column of its
 * own: the lead's invitation gets its answer beside it, and the column is not a heading above white.
 */
function MailCard({ ctx }: { ctx: RenderContext }) {
  const { email } = ctx.model.site;
  const [before = '', after = ''] = ctx.strings.footer.emailLine.split('{email}');
  return (
    <p className="mt-8 hidden items-center gap-3 rounded-card bg-brand-50/60 px-4 py-3 text-sm text-slate-700 ring-1 ring-brand-100 lg:flex" data-faq-mail="">
      <IconBadge name="mail" className="inline-flex size-9 flex-none items-center justify-center rounded-control bg-white text-brand-700 shadow-card" />
      <span>
        {before}
        <a className="whitespace-nowrap font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900" href={`mailto:${email}`}>
          {email}
        </a>
        {after}
      </span>
    </p>
  );
}

/**
 * Native <details>: each entry opens and closes on its own, keyboard-usable, no JavaScript. As a page of its own
 * (the section holds the page's h1) the heading stands beside the questions from 1024 px, and stays in view while
 * they scroll: one narrow column in the middle of a wide screen left most of /faq empty. SPEC §2's button to
 * /#contact stays at the bottom, under the questions.
 */
export function Faq({ section, ctx, level, headingId }: SectionProps<'faq'>) {
  const page = level === 1;
  const heading = <SectionHeading id={headingId} level={level} eyebrow={section.eyebrow} title={section.title} lead={section.lead} leftFromLg={page} />;
  const questions = (
    <>
      <div className="divide-y divide-slate-200 rounded-card bg-white shadow-card ring-1 ring-slate-200">
        {section.items.map((item, i) => (
          <details key={i} className="group px-4 py-1 sm:px-6" open={section.openFirst && i === 0}>
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-control py-4 text-left font-semibold text-slate-900 hyphens-none [&::-webkit-details-marker]:hidden">
              {item.question}
              <DisclosureChevron className="flex-none transition-transform duration-300 ease-out-soft" />
            </summary>
            <RichText blocks={item.answer} className="pb-5 text-slate-600" />
          </details>
        ))}
      </div>
      {section.action && (
        <div className={`mt-10 text-center ${page ? 'lg:text-left' : ''}`}>
          <ActionLink action={section.action} size="lg" />
        </div>
      )}
    </>
  );
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId} narrow={!page}>
      {page ? (
        // From 1024 px the header's container (its left edge is the logo's) and a heading column wide enough for the
        // title on two even lines.
        <div className="mx-auto max-w-3xl lg:grid lg:max-w-none lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-16 xl:gap-24" data-faq-page="">
          {/* The heading and its lead ("Ihre Frage ist nicht dabei? Schreiben Sie uns.") stay beside the questions
              while they scroll past, below the sticky header; the left column was empty under them. */}
          <div className="lg:sticky lg:top-24 lg:self-start">
            {heading}
            <MailCard ctx={ctx} />
          </div>
          <div>{questions}</div>
        </div>
      ) : (
        <>
          {heading}
          {questions}
        </>
      )}
    </SectionShell>
  );
}
