import type { StoredContactRequest } from '../../supabase/functions/_shared/contact-request.ts';
import { leadNames, leadView, notificationWording, receivedAt, type NotificationWording } from '../../supabase/functions/_shared/lead-notification.ts';
import { FORM_SOURCES } from '../../supabase/functions/_shared/contact-fields.ts';
import { LEAD_NOTIFICATION_TEXTS } from '../../supabase/functions/_shared/generated/lead-notification-texts.ts';
import type { LeadNotificationStrings, NotificationTexts } from '../../supabase/functions/_shared/lead-notification-texts.ts';
import { bold, dim } from './report.ts';

/**
 * The words new-lead notifications use (SITE_NOTIFY_LANGUAGE, else the site's default language; the site's time zone):
 * `site leads` names forms, languages and products and gives times as the mail does, so sales reads one thing in both.
 */
export function leadsWording(env: NodeJS.ProcessEnv = process.env, all: NotificationTexts = LEAD_NOTIFICATION_TEXTS): NotificationWording {
  try {
    return notificationWording(env.SITE_NOTIFY_LANGUAGE, all);
  } catch {
    // A SITE_NOTIFY_LANGUAGE without texts is `site serve`'s error to report; the list still reads in the default language.
    if (all.languages[all.defaultLanguage]) return notificationWording(undefined, all);
    return codesWording(all.timeZone);
  }
}

/**
 * The lists' wording on a site no locale of which has `leadNotification` texts: forms, languages and products by the
 * codes stored, in the CLI's own English, times in the site's zone. Listing and erasing must not need sales texts.
 */
function codesWording(timeZone: string): NotificationWording {
  const forms = Object.fromEntries(FORM_SOURCES.map((source) => [source, source])) as LeadNotificationStrings['forms'];
  const labels = { name: 'name', email: 'email', company: 'company', products: 'products', subject: 'subject', message: 'message' };
  const strings = {
    heading: 'New contact request',
    intro: 'A contact request was stored.',
    form: 'form',
    language: 'language',
    received: 'received',
    reply: 'Reply to this mail to answer the visitor.',
    none: '–',
    forms,
  };
  return { language: 'und', timeZone, texts: { intl: 'en-GB', labelSeparator: ': ', strings, labels, variantLabels: {}, products: {}, languages: {} } };
}

/** `2026-11-29 13:12` in the site's time zone: sortable, and the hour the mail says. */
export function localMinute(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * Characters a terminal acts on rather than prints, or that change what a row reads as without being
 * seen: C0 and C1 controls and DEL (`\p{Cc}`: escape sequences can clear the screen, set the window
 * title or rewrite earlier lines), the bidi marks, embeddings, overrides and isolates (they reorder
 * what follows), and the zero-width and invisible characters (U+200B–U+200D, U+2060–U+2064, U+FEFF,
 * U+180E: `pay\u200bpal` would look like `paypal`). Visitors type every stored value, so none may
 * reach the terminal raw.
 */
const UNSAFE = /[\p{Cc}\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;
/** What `JSON.stringify` leaves raw of UNSAFE (it escapes U+0000–U+001F itself; its own line breaks stay). */
const JSON_UNSAFE = /[\u007F-\u009F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

const escaped = (c: string) => `\\u{${c.codePointAt(0)!.toString(16)}}`;

/** `\u{1b}` for ESC and so on: the operator sees that the character was there, and it does nothing. */
function visible(value: string): string {
  // U+FEFF counts as whitespace to `\s`: it is escaped below, not blanked.
  return value.replace(/[^\S\uFEFF]+/g, ' ').replace(UNSAFE, escaped);
}

/** UNSAFE except the line breaks (LF, CRLF) and tabs a multi-line cell may hold; a CR on its own returns the cursor, so it is escaped. */
const UNSAFE_IN_CELL = /\r(?!\n)|[^\P{Cc}\t\n\r]|[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

/** A value for a multi-line cell (`site leads --csv`, `site leads show`): every UNSAFE character escaped as `visible` does, line breaks kept. */
export function terminalSafe(value: string): string {
  return value.replace(UNSAFE_IN_CELL, escaped);
}

/** A request as the lists of `leads erase`, `leads purge` and `leads --failed` name it: what the table's first four columns say. */
export interface ListedRequest {
  id: string;
  created_at: string;
  form_variant?: string | null;
  locale?: string | null;
}

/**
 * One request in a list line: its id, when it came in (the site's time zone, as the table's "received" column) and its
 * form and language by name, "0b9e…  received 2026-11-29 16:45 (Europe/Berlin)  Kontaktformular Unternehmen  Französisch".
 */
export function requestLine(r: ListedRequest, wording = leadsWording()): string {
  const names = leadNames(r, wording);
  return [
    r.id,
    `received ${localMinute(r.created_at, wording.timeZone)} (${wording.timeZone})`,
    r.form_variant ? names.formName : '(no form)',
    r.locale ? names.languageName : '–',
  ]
    .map(visible)
    .join('  ');
}

function clip(value: string, width: number): string {
  const chars = [...value];
  return chars.length <= width ? value + ' '.repeat(width - chars.length) : `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
}

const length = (value: string) => [...value].length;

/**
 * `site leads` on a terminal: one line per request, newest last, with the id `keep` and `show` take, the time in the
 * site's time zone and forms, languages and products by name (`wording`, as the notification says them). The message
 * is clipped to the width unless `wide` (then no value is clipped and long lines wrap).
 */
export function leadsTable(rows: readonly StoredContactRequest[], columns: number, wide = false, wording = leadsWording()): string {
  if (rows.length === 0) return dim('no contact requests stored yet');
  const cells = rows.map((r) => {
    const view = leadNames(r, wording);
    return [
      r.id,
      localMinute(r.created_at, wording.timeZone),
      r.form_variant ? view.formName : '(no form)',
      r.locale ? view.languageName : '',
      r.name,
      r.email,
      r.company ?? '',
      view.productNames.join(', '),
      r.subject ?? '',
      r.message,
    ].map(visible);
  });
  const header = ['id', `received (${wording.timeZone})`, 'form', 'language', 'name', 'email', 'company', 'products', 'subject', 'message'];
  const last = header.length - 1;
  const widths = header.map((h, i) => Math.min(i === last || i === 0 || wide ? Infinity : 32, Math.max(h.length, ...cells.map((c) => length(c[i]!)))));
  const fixed = widths.slice(0, last).reduce((sum, w) => sum + w + 2, 0);
  if (!wide) widths[last] = Math.max(20, Math.min(widths[last]!, columns - fixed));
  const line = (row: string[]) =>
    row
      .map((c, i) => clip(c, widths[i]!))
      .join('  ')
      .trimEnd();
  const count = `${rows.length} request${rows.length === 1 ? '' : 's'}`;
  return [bold(line(header)), ...cells.map(line), dim(wide ? count : `${count}; \`site leads show <id>\` shows one in full, --wide every message whole`)].join(
    '\n',
  );
}

/** What `site leads show` adds to a request: whether it is kept from the retention purge, and its notification's state. */
export interface LeadStatus {
  kept_at?: string | null;
  keep_reason?: string | null;
  /** The lead_notifications row (none: stored with no notification queued, or before notifications existed). */
  notification?: Record<string, unknown>;
}

const instant = (value: unknown, wording: NotificationWording) => (typeof value === 'string' ? receivedAt(value, wording) : '');

/** A notification's state in a line: delivered when, given up with the last error, retried, or waiting. */
function notificationLine(notification: Record<string, unknown> | undefined, wording: NotificationWording): string {
  if (!notification) return 'none queued';
  const attempts = Number(notification.attempts ?? 0);
  const error = typeof notification.last_error === 'string' ? ` (last error: ${notification.last_error})` : '';
  if (notification.delivered_at) return `delivered ${instant(notification.delivered_at, wording)}`;
  if (notification.failed_at) return `given up ${instant(notification.failed_at, wording)} after ${attempts} attempts${error}`;
  if (attempts > 0) return `failing, ${attempts} attempt${attempts === 1 ? '' : 's'} so far; next ${instant(notification.next_attempt_at, wording)}${error}`;
  return `queued ${instant(notification.queued_at, wording)}, not sent yet (sent while \`site serve\` runs with a notification channel)`;
}

/**
 * `site leads show <id>`: every stored value of one request, one per line, names and times as the notification words
 * them, whether it is kept and why, its notification's state, and the message whole with its line breaks.
 */
export function leadDetail(row: StoredContactRequest, status: LeadStatus = {}, wording = leadsWording()): string {
  const view = leadView(row, wording);
  const fields: [string, string][] = [
    ['id', row.id],
    ['received', `${view.received} (${row.created_at})`],
    ['form', row.form_variant ? view.formName : '(no form)'],
    ['language', row.locale ? view.languageName : ''],
    ['name', row.name],
    ['email', row.email],
    ['company', row.company ?? ''],
    ['products', view.productNames.join(', ')],
    ['subject', row.subject ?? ''],
    ['consent', row.privacy_consent ? 'yes' : 'no'],
    [
      'kept',
      status.kept_at
        ? `yes, since ${instant(status.kept_at, wording)}: ${status.keep_reason ?? ''} (\`site leads unkeep ${row.id}\` returns it to the retention rule)`
        : `no (deleted by the retention rule when due; \`site leads keep ${row.id} --reason …\` exempts it)`,
    ],
    ['notification', notificationLine(status.notification, wording)],
  ];
  const width = Math.max(...fields.map(([label]) => label.length));
  return [
    ...fields.map(([label, value]) => `${bold(label.padEnd(width))}  ${visible(value)}`),
    bold('message'),
    ...terminalSafe(row.message)
      .split(/\r?\n/)
      .map((line) => `  ${line}`),
  ].join('\n');
}

/**
 * `site leads --json`: the rows as JSON, with every character `leadsTable` escapes written as a `\uXXXX`
 * escape. `JSON.stringify` alone escapes only U+0000–U+001F, so DEL, the C1 controls (U+009B is a
 * complete CSI for many terminals) and the bidi controls would reach the terminal raw. Parsing the
 * output gives back exactly the stored values.
 */
export function leadsJson(rows: unknown): string {
  return JSON.stringify(rows, null, 2).replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
