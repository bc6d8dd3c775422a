import type { Messages } from '../messages/index.ts';

/** A page's publishing keys (schema/publishing.ts), as the form holds them. */
type Publishing = { draft?: unknown; publishAt?: unknown; unpublishAt?: unknown };

/** Where a page stands: a draft, scheduled, ended, or published (until a time, or not). */
export type PublishState = { kind: 'draft' } | { kind: 'scheduled'; from: string } | { kind: 'ended'; until: string } | { kind: 'live'; until?: string };

const moment = (value: unknown) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined);

/** The page's state at `now` from its draft switch and publishing times, as `site build` decides it. */
export function publishState(data: unknown, now: number): PublishState {
  const page = (data ?? {}) as Publishing;
  if (page.draft === true) return { kind: 'draft' };
  const from = moment(page.publishAt);
  const until = moment(page.unpublishAt);
  if (from && Date.parse(from) > now) return { kind: 'scheduled', from };
  if (until && Date.parse(until) <= now) return { kind: 'ended', until };
  return until ? { kind: 'live', until } : { kind: 'live' };
}

/** The state in a sentence, its times as the author's language writes them ("1. Dezember 2026 um 09:00"). */
export function publishText(state: PublishState, m: Messages, language: string): string {
  const when = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
  switch (state.kind) {
    case 'draft':
      return m.publishDraft;
    case 'scheduled':
      return m.publishScheduled(when(state.from));
    case 'ended':
      return m.publishEnded(when(state.until));
    case 'live':
      return state.until ? `${m.publishLive} ${m.publishUntil(when(state.until))}` : m.publishLive;
  }
}

/**
 * At the top of a page's form: whether the page is published, and the one action that changes it ("Veröffentlichen"
 * on a draft, "Wieder zum Entwurf machen" on a published page), which saves the page at once. Times of a scheduled
 * publication stay under "more settings"; the bar names them.
 */
export function PublishBar({
  data,
  m,
  language,
  busy,
  publish,
}: {
  data: unknown;
  m: Messages;
  language: string;
  busy: boolean;
  publish(draft: boolean): void;
}) {
  const state = publishState(data, Date.now());
  const draft = state.kind === 'draft';
  const timed = !!(data && typeof data === 'object' && ('publishAt' in data || 'unpublishAt' in data));
  return (
    <section className={`publish publish-${state.kind}`} aria-label={m.publishRegion}>
      <p className="publish-state">{publishText(state, m, language)}</p>
      <button type="button" className={draft ? undefined : 'secondary'} disabled={busy} aria-describedby="publish-help" onClick={() => publish(!draft)}>
        {draft ? m.publishAction : m.unpublishAction}
      </button>
      <p className="field-description" id="publish-help">
        {m.publishActionHelp}
        {timed ? ` ${m.publishTimes}` : ''}
      </p>
    </section>
  );
}
