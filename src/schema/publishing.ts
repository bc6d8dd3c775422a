import { z } from 'zod';

/** Whether the date and time exist as written (Date.parse turns 30 February into 2 March). */
function onTheCalendar(value: string): boolean {
  const [year, month, day, hour, minute, second = 0] = (value.match(/\d+/g) ?? []).map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  const [offsetHours = 0, offsetMinutes = 0] = (/[+-](\d{2}):(\d{2})$/.exec(value) ?? []).slice(1).map(Number);
  return date.getUTCMonth() === month! - 1 && date.getUTCDate() === day && hour! < 24 && minute! < 60 && second < 60 && offsetHours < 24 && offsetMinutes < 60;
}

/**
 * A moment in ISO 8601 with an explicit offset (`Z` or `±hh:mm`): a time without one would mean the build
 * machine's zone, which in CI is UTC and on an author's laptop is not, so a page would go live at a
 * different hour depending on who builds it.
 */
export const IsoInstant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, {
    message: 'expected an ISO 8601 date and time with a time zone offset, e.g. 2026-12-01T09:00:00+01:00 or 2026-12-01T08:00:00Z',
  })
  .refine(onTheCalendar, { message: 'expected a date and time that exists on the calendar' })
  .describe('An ISO 8601 date and time with its time zone offset, e.g. 2026-12-01T09:00:00+01:00 (Z for UTC).');

/** The keys that decide when a page or a section is live: on every page and every section. */
export const publishingFields = {
  draft: z.boolean().optional().describe('true keeps this out of `site build` (it shows with a "Draft" label in `site dev` and `site build --drafts`).'),
  publishAt: IsoInstant.optional().describe(
    'Live from this moment on (ISO 8601 with offset, e.g. 2026-12-01T09:00:00+01:00); before it, builds leave it out. A static site changes only when built: schedule a rebuild (docs/authoring/publishing.md).',
  ),
  unpublishAt: IsoInstant.optional().describe('Live until this moment (ISO 8601 with offset); builds after it leave it out.'),
};

export type Publishing = { draft?: boolean; publishAt?: string; unpublishAt?: string };

const withDate = (what: string, example: string) =>
  z
    .string()
    .regex(/^[^{}]*\{date\}[^{}]*$/, { message: `expected the label with {date} once where the date goes, e.g. "${example}"` })
    .describe(`${what}; {date} marks where the date and time go, e.g. "${example}".`);

/** What a preview build labels and what a redirect's fallback page says, in each locale file (`publishing:`). */
export const PublishingStrings = z
  .strictObject({
    draft: z.string().min(1).describe('The label on a draft page or section in `site dev` and `site build --drafts`, e.g. "Entwurf".'),
    scheduled: withDate('The label on a page or section that is not live yet (preview builds only)', 'Geplant für {date}'),
    expired: withDate('The label on a page or section past its unpublishAt (preview builds only)', 'Nicht mehr online seit {date}'),
    movedTitle: z
      .string()
      .min(1)
      .describe(
        'Title and heading of the page left at an old address of content/redirects.yaml, for hosts without redirects, e.g. "Diese Seite ist umgezogen".',
      ),
    movedLink: z.string().min(1).describe('The link on that page to the new address, e.g. "Weiter zur neuen Adresse".'),
  })
  .describe('Labels of drafts and scheduled pages in preview builds, and the fallback page of a redirect.');
export type PublishingStrings = z.infer<typeof PublishingStrings>;
