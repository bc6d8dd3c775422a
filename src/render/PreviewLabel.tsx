import type { Withheld } from '../content/model.ts';
import type { PublishingStrings } from '../schema/publishing.ts';

/**
 * The moment of a publishAt/unpublishAt in the page's language, in the offset it was written with (the
 * author's zone, not the build machine's), e.g. "1. Dezember 2026 um 09:00 (UTC+01:00)".
 */
export function formatMoment(iso: string, intl: string): string {
  const offset = /(Z|[+-]\d{2}:\d{2})$/.exec(iso)?.[1] ?? 'Z';
  const minutes = offset === 'Z' ? 0 : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const wall = new Date(Date.parse(iso) + minutes * 60_000);
  const text = new Intl.DateTimeFormat(intl, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(wall);
  return `${text} (UTC${offset === 'Z' ? '' : offset})`;
}

export function previewText(why: Withheld, strings: PublishingStrings, intl: string): string {
  if (why.state === 'draft') return strings.draft;
  return strings[why.state].replace('{date}', formatMoment(why.at, intl));
}

/**
 * The label a preview build (`site dev`, `site build --drafts`) puts on a page or a section that a real
 * build would leave out. Only preview builds render it, so its few classes cost the live pages nothing.
 */
export function PreviewLabel({ why, strings, intl, page }: { why: Withheld; strings: PublishingStrings; intl: string; page?: boolean }) {
  const text = previewText(why, strings, intl);
  if (page) {
    return (
      <p
        data-preview={why.state}
        className="fixed right-4 bottom-4 left-4 z-50 rounded-2xl bg-slate-950 px-4 py-2 text-sm font-semibold text-white shadow-lg sm:right-auto"
      >
        {text}
      </p>
    );
  }
  return (
    <p data-preview={why.state} className="mx-auto max-w-page px-page pt-4">
      <span className="inline-block rounded-full bg-slate-950 px-3 py-1 text-sm font-semibold text-white">{text}</span>
    </p>
  );
}
