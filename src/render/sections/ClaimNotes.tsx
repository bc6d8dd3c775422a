import type { ReactNode } from 'react';
import { claimNoteText, noteId, refId, superscript } from '../claim-notes.ts';
import type { RenderContext } from '../context.ts';
import { KeepTogether } from '../keep-together.tsx';
import { RichText } from '../rich-text.tsx';
import { DisclosureChevron, SectionShell } from '../ui.tsx';
import { spacingRules } from '../typography.ts';
import type { SectionProps } from './props.ts';

/** The numbered footnotes of the registered claims on this page: what each figure rests on. */
function NotesList({ ctx }: { ctx: RenderContext }) {
  const notes = ctx.claimNotes ?? [];
  // The figures are filled in after the locale's typography was applied to the templates: apply it again.
  const typeset = spacingRules(ctx.strings.typography);
  const back = ctx.strings.claimNoteBack;
  return (
    // Two columns on wide screens: one column of notes at full measure read as a grey wall before the footer.
    <ol className="text-[0.8125rem] leading-normal text-slate-600 sm:text-sm lg:columns-2 lg:gap-x-12 [&>li]:mb-2 [&>li]:break-inside-avoid">
      {notes.map(({ id, n }) => {
        const template = ctx.strings.claimNotes[id];
        return (
          <li key={id} id={`claim-${id}`} value={n} data-claim-note={id} className="flex gap-2">
            {/* The note's number leads back to where the text first refers to it (render/claim-notes.ts, linkClaimMarks).
                A box of one width, the number set to its right: "¹" is narrower than "²", and the notes' text started
                on different indents. */}
            <span className="w-5 flex-none text-right tabular-nums">
              <a href={`#${refId(n)}`} id={noteId(n)} aria-label={back?.replace('{n}', String(n))} className="rounded-sm px-1 py-1 hover:underline">
                {superscript(n)}
              </a>
            </span>
            <span>
              <KeepTogether text={template ? typeset(claimNoteText(ctx.model.site, id, template, ctx.strings.intl)) : id} />
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The notes' heading, which on phones is their toggle: one size on every page, with or without a section of its own. */
const NOTES_TITLE = 'text-sm font-semibold sm:mb-3';

/**
 * The notes under their heading, folded on phones (styles.css, "Folds on phones"): 500 to 900 px of small grey
 * text closed to one row that says how many notes there are; open from 640 px, with no toggle there, unless every
 * mark that cites them sits in a folded FAQ answer: notes open beside closed answers pointed at nothing a visitor
 * could see (design review 13), so they stay folded at every width. A footnote mark's link opens the fold
 * (Chromium does so itself; islands/reveal-target.ts for the others); with no script the row still opens.
 */
function FoldedNotes({ ctx, headingId, title, children }: { ctx: RenderContext; headingId: string; title: string; children: ReactNode }) {
  const notes = ctx.claimNotes ?? [];
  const foldedEverywhere = notes.length > 0 && notes.every((note) => note.folded);
  return (
    <div
      className={foldedEverywhere ? 'border-y border-slate-200' : 'max-sm:border-y max-sm:border-slate-200'}
      data-fold="notes"
      data-fold-wide={foldedEverywhere ? 'folded' : undefined}
    >
      <h2 id={headingId} className={`text-slate-900 ${NOTES_TITLE}`} data-fold-title="">
        <KeepTogether text={title} />
        <span className={`font-normal text-slate-500 ${foldedEverywhere ? '' : 'sm:hidden'}`}>{` (${notes.length})`}</span>
      </h2>
      <details className="group">
        <summary aria-labelledby={headingId}>
          <DisclosureChevron className="flex-none transition-transform duration-300 ease-out-soft" />
        </summary>
        {children}
      </details>
    </div>
  );
}

export function ClaimNotes({ section, ctx, headingId }: SectionProps<'claimNotes'>) {
  return (
    // The page's full container, as the home pages' notes: in a narrow one the two columns were ~320 px each and a
    // long note ran to eight lines beside an empty half of the screen. The closing text keeps a reading measure.
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId}>
      <FoldedNotes ctx={ctx} headingId={headingId} title={section.title}>
        <div className="space-y-4" data-claim-notes="">
          <NotesList ctx={ctx} />
          {section.text && <RichText blocks={section.text} className="max-w-3xl text-sm text-slate-600" />}
        </div>
      </FoldedNotes>
    </SectionShell>
  );
}

/** The notes after the last section, on a page without a claimNotes section of its own. */
export function TrailingClaimNotes({ ctx }: { ctx: RenderContext }) {
  if (!ctx.claimNotes?.length || ctx.entry.page.sections.some((s) => s.type === 'claimNotes')) return null;
  const title = ctx.strings.claimNotesTitle;
  return (
    <section aria-labelledby={title ? 'claim-notes-title' : undefined} className="bg-white pb-10 pt-2">
      <div className="mx-auto max-w-3xl px-page lg:max-w-page">
        {/* Without a heading there is nothing to name the fold: the notes stay open. */}
        {title ? (
          <FoldedNotes ctx={ctx} headingId="claim-notes-title" title={title}>
            <div data-claim-notes="">
              <NotesList ctx={ctx} />
            </div>
          </FoldedNotes>
        ) : (
          <div data-claim-notes="">
            <NotesList ctx={ctx} />
          </div>
        )}
      </div>
    </section>
  );
}
