import { Inline } from '../../islands/inline-markup.tsx';
import { KeepTogether } from '../keep-together.tsx';
import { ProductMock } from '../mocks/ProductMock.tsx';
import { SectionFigure } from '../picture.tsx';
import { ActionLink, CheckMark } from '../ui.tsx';
import { trialSummary } from '../offer.tsx';
import type { SectionProps } from './props.ts';

/**
 * Characters a line of a hero headline beside a drawing holds at full size from 1024 px (a 535 px column at 56 px,
 * 422 px at 44 px: Inter ExtraBold sets about 0.49 em a character). The headline's lead-in and its accent phrase each
 * start a line, so a headline of more than three such lines is set a step smaller.
 */
const HEADLINE_LINE_CHARS = 19;
const HEADLINE_MAX_LINES = 3;
const linesOf = (text: string) => Math.ceil(text.replace(/\u00ad/g, '').trim().length / HEADLINE_LINE_CHARS);

/** A middle dot between phrases ends a line, never starts one ("… RGPD / · Hébergement" at 360 px). */
const dotsStayBehind = (text: string) => text.replace(/ · /g, '\u00a0· ');

/** Letters of a headline's last word that never stand alone on a line ("Los grandes modelos de / IA."). */
const SHORT_LAST_WORD = 3;
const SHORT_LAST = new RegExp(`[ \\t\\n]+(?=\\p{L}{1,${SHORT_LAST_WORD}}\\p{P}*$)`, 'u');

/** A headline's short last word stays on the line of the word before it. */
export const bindShortLastWord = (text: string) => text.replace(SHORT_LAST, '\u00a0');

/**
 * The page's opening: with a product mock, text and mock side by side on wide screens (the product above the
 * fold) and stacked on phones, where the mock follows the buttons (and a trial line, which belongs to them) so its
 * first part is on the first screen and the other small print and figures come after it (spaced tighter on phones
 * for that: tests/browser/layout-hero.spec.ts); without one, centred text. Figures sit in one compact row, not in
 * cards. From 1024 px the space above the hero and its figures is tight enough that the figures end within a
 * 1280 × 800 first screen with a first visit's cookie bar above the header (the layout gate's hero-figures rule).
 */
// eslint-disable-next-line max-lines-per-function -- The hero's two layouts (with and without a drawing) in one tree, so the parts they share are written once.
export function Hero({ section, ctx, headingId }: SectionProps<'hero'>) {
  const { mock } = section;
  // On phones left-aligned, as a column of text reads (centred, the lead ran to seven ragged lines at 360 px).
  const align = mock ? 'text-left sm:text-center lg:text-left' : 'text-left sm:text-center';
  const justify = mock ? 'justify-start sm:justify-center lg:justify-start' : 'justify-start sm:justify-center';
  const note = (section.trialNote ? trialSummary(ctx, 'short') : undefined) ?? section.note;
  // A headline of more than three lines beside a drawing is set a step smaller from 1024 px: at full size it took four
  // lines in the text column (/, /fr, /es with the accent on a line of its own) and pushed the figures below the first screen.
  const longTitle = linesOf(section.title) + (section.highlight ? linesOf(section.highlight) : 0) > HEADLINE_MAX_LINES;
  // The trial line belongs to the buttons: on phones it follows them, before the drawing (design review 15); claims
  // and other small print come after the drawing. From 1024 px both stand under the text, beside the drawing.
  const trialFirst = Boolean(section.trialNote);
  const noteBlock = note && (
    <div className={`${align} ${mock ? 'max-lg:-mt-6 lg:self-start' : ''}`}>
      {!section.trialNote && note.includes(' · ') ? (
        // Claims joined by middle dots become items that never split, each behind a tick: as a run the line ended on
        // a dangling dot at 1280 px and split "auch / monatlich kündbar" at 360 px. Beside the drawing they stand one
        // per line: three did not fit the text column, and the third stood alone under the other two.
        <ul data-hero-claims="" className={`mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-500 ${justify} ${mock ? 'lg:flex-col' : ''}`}>
          {note.split(' · ').map((claim) => (
            <li key={claim} className="inline-flex items-center gap-1.5 whitespace-nowrap">
              <CheckMark className="size-4 text-brand-600" />
              {claim}
            </li>
          ))}
        </ul>
      ) : (
        <p data-trial={section.trialNote ? '' : undefined} className={`mt-4 text-sm text-balance text-slate-500 ${mock ? 'lg:text-pretty' : ''}`}>
          <Inline text={note} plain={(part) => <KeepTogether text={part} />} />
        </p>
      )}
    </div>
  );
  return (
    <section
      id={section.id}
      aria-labelledby={headingId}
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white pt-20 pb-8 sm:pt-32 sm:pb-12 lg:pt-24"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 h-[36rem] w-[60rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl"
      />
      <div
        className={`relative mx-auto ${mock ? 'grid max-w-page items-center gap-8 px-page sm:gap-10 lg:grid-cols-2 lg:gap-x-12 lg:gap-y-0 xl:grid-cols-[minmax(0,10fr)_minmax(0,11fr)] xl:gap-x-10' : 'max-w-5xl px-gutter'}`}
      >
        <div className={`${align} ${mock ? 'lg:self-end' : ''}`}>
          {section.eyebrow && (
            // On phones plain eyebrow text, a pill from 640 px: a long badge (fr, es) wrapped into a two-line pill that read as broken.
            <p className="inline-block text-balance text-xs font-semibold text-brand-700 sm:rounded-full sm:bg-white sm:px-4 sm:py-1 sm:text-sm sm:shadow-card sm:ring-1 sm:ring-brand-100">
              <KeepTogether text={dotsStayBehind(section.eyebrow)} />
            </p>
          )}
          <h1
            id={headingId}
            className={`mt-4 text-display font-extrabold sm:mt-5 text-slate-900 ${mock ? (longTitle ? 'lg:text-4xl xl:text-[2.875rem]' : 'lg:text-h1 xl:text-[3.5rem]') : ''}`}
          >
            <KeepTogether text={bindShortLastWord(section.title)} />
            {section.highlight && (
              <>
                {' '}
                {/* The accent phrase (the product promise) starts a line of its own and breaks only inside itself: run
                    on after the lead-in it split as "AI models. All / in one place.", a lone word at a line's end. */}
                <span data-accent="" className="block text-brand-600">
                  <KeepTogether text={bindShortLastWord(section.highlight)} />
                </span>
              </>
            )}
          </h1>
          <p
            data-hero-lead=""
            className={`mt-4 text-base text-pretty text-slate-600 sm:mt-5 sm:text-lead sm:text-balance ${mock ? 'mx-auto max-w-2xl lg:mx-0 lg:text-pretty' : 'mx-auto max-w-3xl'}`}
          >
            <KeepTogether text={section.lead} />
          </p>
          {/* One rule in every language: on phones (below `sm`) the buttons stack, each the full width; from `sm` they
              sit side by side. Whether two labels share a phone's row depended on their length, so EN sat side by
              side at 360 px while DE/FR/ES stacked. */}
          <div
            data-hero-actions=""
            className={`mx-auto mt-6 flex max-w-sm flex-col gap-3 sm:mt-8 sm:max-w-none sm:flex-row sm:flex-wrap sm:items-center sm:gap-4 ${justify}`}
          >
            {section.actions.map((action, i) => (
              <ActionLink key={i} action={action} size="lg" />
            ))}
          </div>
        </div>
        {trialFirst && noteBlock}
        {mock && (
          <ProductMock
            mock={mock}
            intl={ctx.strings.intl}
            separator={ctx.strings.labelSeparator}
            className={`lg:col-start-2 lg:row-span-2 lg:row-start-1 ${trialFirst && note ? 'max-lg:-mt-2' : ''}`}
          />
        )}
        {!trialFirst && noteBlock}
        {section.stats.length > 0 && (
          // Beside a drawing the figures run under text and drawing both, so each has room for its label on a line or
          // two (in the text column's quarters "günstiger als ChatGPT Plus + Claude Pro" took three). Labels are never
          // hyphenated: a figure's proof reads as broken with "Konversions-/rate" in it. On phones two by two; from 640 px
          // one row, its columns as wide as their words (in equal quarters at 768 px the long label took three lines);
          // from 1024 px equal, left-aligned columns on the width of the grids below (spread with space-between, the
          // last figure sat flush right and no column lined up with the cards under it).
          <dl
            data-hero-stats=""
            className={`grid grid-cols-2 gap-x-6 gap-y-4 border-t border-slate-200 pt-6 sm:flex sm:justify-between lg:grid lg:auto-cols-fr lg:grid-flow-col lg:grid-cols-none ${mock ? `mx-auto w-full max-w-2xl sm:max-w-none lg:col-span-2 lg:mt-8 xl:mt-6 ${note ? '' : 'max-lg:-mt-4'}` : 'mx-auto mt-8 max-w-3xl'}`}
          >
            {section.stats.map((stat, i) => (
              // A column flex box, so the figure (`order-first`) shows above its label; the DOM keeps dt before dd.
              <div key={i} className={`flex flex-col ${mock ? 'text-left' : align}`}>
                <dt className="text-sm leading-snug text-balance text-slate-600 hyphens-none">
                  <KeepTogether text={stat.label} />
                </dt>
                <dd className="order-first text-2xl font-bold tracking-tight text-brand-700 sm:whitespace-nowrap">
                  <KeepTogether text={stat.value} />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      {section.image && (
        <div className="relative mx-auto max-w-page px-page">
          <SectionFigure />
        </div>
      )}
    </section>
  );
}
