import { claimNoteText, noteId, refId, superscript } from '../claim-notes.ts';
import type { RenderContext } from '../context.ts';
import { KeepTogether } from '../keep-together.tsx';
import { RichText } from '../rich-text.tsx';
import { SectionShell } from '../ui.tsx';
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

export function ClaimNotes({ section, ctx, headingId }: SectionProps<'claimNotes'>) {
  return (
    <SectionShell id={section.id} tone={section.tone} labelledBy={headingId} narrow>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        <KeepTogether text={section.title} />
      </h2>
      <div className="mt-4 space-y-4" data-claim-notes="">
        <NotesList ctx={ctx} />
        {section.text && <RichText blocks={section.text} className="text-sm text-slate-600" />}
      </div>
    </SectionShell>
  );
}

/** The notes after the last section, on a page without a claimNotes section of its own. */
export function TrailingClaimNotes({ ctx }: { ctx: RenderContext }) {
  if (!ctx.claimNotes?.length || ctx.entry.page.sections.some((s) => s.type === 'claimNotes')) return null;
  return (
    <section aria-labelledby={ctx.strings.claimNotesTitle ? 'claim-notes-title' : undefined} className="bg-white pb-10 pt-2">
      <div className="mx-auto max-w-3xl px-gutter lg:max-w-7xl" data-claim-notes="">
        {ctx.strings.claimNotesTitle && (
          <h2 id="claim-notes-title" className="mb-3 text-sm font-semibold text-slate-900">
            {ctx.strings.claimNotesTitle}
          </h2>
        )}
        <NotesList ctx={ctx} />
      </div>
    </section>
  );
}
