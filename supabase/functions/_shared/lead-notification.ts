/**
 * What a new-lead notification says and how it is signed: one definition for `site serve`'s notifier
 * and the Supabase deployment. Plain Web APIs only (fetch, WebCrypto), so Node and Deno run it alike.
 *
 * Receivers de-duplicate by `id` (the contact request's id), sent as the body's `id` and as the
 * `Idempotency-Key` header: delivery is at least once, so a receiver may see the same id again after a
 * worker was stopped mid-delivery or a response was lost.
 */
import type { StoredContactRequest } from './contact-request.ts';
import { LEAD_NOTIFICATION_TEXTS } from './generated/lead-notification-texts.ts';
import type { NotificationLanguage, NotificationTexts } from './lead-notification-texts.ts';

/** The language, words and time zone notifications are written with (SITE_NOTIFY_LANGUAGE, content). */
export interface NotificationWording {
  language: string;
  texts: NotificationLanguage;
  timeZone: string;
}

/**
 * The wording for SITE_NOTIFY_LANGUAGE (a locale code whose locale file has `leadNotification`), or the
 * site's default language when it is not set. Throws naming the languages there are.
 */
export function notificationWording(language: string | undefined, all: NotificationTexts = LEAD_NOTIFICATION_TEXTS): NotificationWording {
  const code = language || all.defaultLanguage;
  const texts = all.languages[code];
  if (!texts) {
    const known = Object.keys(all.languages);
    throw new Error(
      known.length
        ? `SITE_NOTIFY_LANGUAGE must be one of ${known.join(', ')} (the locales whose file has leadNotification texts), not ${JSON.stringify(code)}`
        : 'no locale file has leadNotification texts: add them (README, "Getting notified of new leads") and run `site build`',
    );
  }
  return { language: code, texts, timeZone: all.timeZone };
}

/**
 * Line breaks, other control characters and the invisible or reordering ones (bidi controls, zero-width
 * characters) in a value meant for one line: each run becomes one space, so a visitor's name can never
 * start a line of its own (a forged "E-Mail:" line) or turn the rest of the line around.
 */
const NOT_ON_ONE_LINE = /[\p{Cc}\u2028\u2029\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]+/gu;
export const oneLine = (value: string): string => value.replace(NOT_ON_ONE_LINE, ' ');

/** The message's lines, without control or reordering characters (tabs stay): each is quoted with "> " when printed. */
function messageLines(message: string): string[] {
  return message
    .split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)
    .map((line) => line.replace(/[^\P{Cc}\t]|[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu, ' '));
}

/** `&`, `<` and `>` as Slack's incoming webhooks want them, so `<!channel>` or `<https://x|click>` typed into the form stays text. */
export const slackEscape = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const htmlEscape = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The moment a request was stored, in the site's time zone with the date written out ("Samstag, 28. November 2026 um 23:06 MEZ"). */
export function receivedAt(iso: string, wording: NotificationWording): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return oneLine(iso);
  return new Intl.DateTimeFormat(wording.texts.intl, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: wording.timeZone,
  }).format(at);
}

/** One request as the notification shows it: labelled one-line fields (codes turned into names), and the message. */
export interface LeadView {
  name: string;
  email: string;
  formName: string;
  languageName: string;
  productNames: string[];
  received: string;
  fields: { label: string; value: string; href?: string }[];
  message: string[];
}

/** A name by a code a visitor sent: only the table's own entries ("toString" is a code, not Object's method). */
function own(names: Readonly<Record<string, string>>, code: string): string | undefined {
  return Object.hasOwn(names, code) ? names[code] : undefined;
}

/**
 * A request's form, language and products by name in the notification's language (codes without a name as sent):
 * the mail, `site leads` and the lists of `leads erase` and `leads purge` name them alike.
 */
export function leadNames(
  request: { form_variant?: string | null; locale?: string | null; products?: string | null },
  wording: NotificationWording,
): Pick<LeadView, 'formName' | 'languageName' | 'productNames'> {
  const { strings, products, languages } = wording.texts;
  const form = request.form_variant ?? null;
  return {
    formName: form ? oneLine(own(strings.forms, form) ?? form) : strings.none,
    languageName: request.locale ? oneLine(own(languages, request.locale) ?? request.locale) : strings.none,
    productNames: request.products ? request.products.split(',').map((id) => oneLine(own(products, id) ?? id)) : [],
  };
}

/** Also `site leads`' wording of a request, so the terminal and the notification name the same things alike. */
export function leadView(request: StoredContactRequest, wording: NotificationWording): LeadView {
  const { strings, labels, variantLabels } = wording.texts;
  const form = request.form_variant ?? null;
  const name = oneLine(request.name);
  const email = oneLine(request.email);
  const { formName, languageName, productNames } = leadNames(request, wording);
  const received = receivedAt(request.created_at, wording);
  const fields: LeadView['fields'] = [
    { label: labels.name, value: name },
    { label: labels.email, value: email, href: `mailto:${request.email}` },
    ...(request.company ? [{ label: (form && variantLabels[form]?.company) || labels.company, value: oneLine(request.company) }] : []),
    ...(productNames.length ? [{ label: labels.products, value: productNames.join(', ') }] : []),
    ...(request.subject ? [{ label: labels.subject, value: oneLine(request.subject) }] : []),
    { label: strings.form, value: formName },
    { label: strings.language, value: languageName },
    { label: strings.received, value: received },
  ];
  return { name, email, formName, languageName, productNames, received, fields, message: messageLines(request.message) };
}

/**
 * The command that shows, keeps or erases this request by its id (`site leads keep <id>` needs it): a line in every
 * notification, in no language, so sales can act on the lead without searching the table for it.
 */
export const leadCommand = (id: string): string => `site leads show ${oneLine(id)}`;

/** The plain-text body: one "label: value" line per field, then the message with every line quoted ("> "), then the command. */
function plainLines(view: LeadView, wording: NotificationWording, id: string): string[] {
  const { labelSeparator: sep } = wording.texts;
  return [
    ...view.fields.map((f) => `${f.label}${sep}${f.value}`),
    '',
    `${wording.texts.labels.message}${sep.trimEnd()}`,
    ...view.message.map((line) => `> ${line}`),
    '',
    leadCommand(id),
  ];
}

/** The JSON a webhook receives; `text` makes it a valid Slack/Teams incoming-webhook message as it is. */
export interface LeadNotification {
  id: string;
  created_at: string;
  form: string | null;
  locale: string | null;
  name: string;
  email: string;
  company: string | null;
  products: string | null;
  subject: string | null;
  message: string;
  /** The same, as the notification's language names them: */
  received: string;
  form_name: string;
  language_name: string;
  product_names: string[];
  /** The whole notification as Slack mrkdwn (visitor text escaped, message quoted). */
  text: string;
}

/** The notification for one stored request, its text in the sales team's language. */
export function leadNotification(request: StoredContactRequest, wording: NotificationWording): LeadNotification {
  const view = leadView(request, wording);
  // The quote marks are the notification's own markup; everything else is escaped for Slack.
  const lines = [`${wording.texts.strings.heading}: ${view.name} <${view.email}>`, '', ...plainLines(view, wording, request.id)];
  const text = lines.map((line) => (line.startsWith('> ') ? `> ${slackEscape(line.slice(2))}` : slackEscape(line))).join('\n');
  return {
    id: request.id,
    created_at: request.created_at,
    form: request.form_variant ?? null,
    locale: request.locale ?? null,
    name: request.name,
    email: request.email,
    company: request.company,
    products: request.products,
    subject: request.subject,
    message: request.message,
    received: view.received,
    form_name: view.formName,
    language_name: view.languageName,
    product_names: view.productNames,
    text,
  };
}

/** The sales team's mail for one request. */
export interface LeadEmail {
  subject: string;
  /** The visitor, so that answering the mail answers them. */
  replyTo: { name: string; address: string };
  text: string;
  html: string;
}

export function leadEmail(request: StoredContactRequest, wording: NotificationWording): LeadEmail {
  const view = leadView(request, wording);
  const { strings, labels, intl } = wording.texts;
  const subject = `${strings.heading}: ${[...view.name].slice(0, 120).join('')} (${view.formName}, ${view.languageName})`;
  const text = [strings.intro, strings.reply, '', ...plainLines(view, wording, request.id), ''].join('\n');
  const row = (f: LeadView['fields'][number]) =>
    `<tr><th scope="row" align="left" valign="top">${htmlEscape(f.label)}</th><td>${f.href ? `<a href="${htmlEscape(f.href)}">${htmlEscape(f.value)}</a>` : htmlEscape(f.value)}</td></tr>`;
  const html = [
    '<!doctype html>',
    `<html lang="${htmlEscape(intl)}"><head><meta charset="utf-8"><title>${htmlEscape(subject)}</title></head><body>`,
    `<p>${htmlEscape(strings.intro)}</p>`,
    `<p>${htmlEscape(strings.reply)}</p>`,
    `<table cellpadding="4">${view.fields.map(row).join('')}</table>`,
    `<h2>${htmlEscape(labels.message)}</h2>`,
    `<blockquote style="white-space:pre-wrap">${view.message.map(htmlEscape).join('<br>')}</blockquote>`,
    `<p><code>${htmlEscape(leadCommand(request.id))}</code></p>`,
    '</body></html>',
    '',
  ].join('\n');
  return { subject, replyTo: { name: view.name, address: view.email }, text, html };
}

/** A request as every channel gets it: the webhook's JSON and the mail. */
export interface LeadMessage {
  notification: LeadNotification;
  email: LeadEmail;
}

export function leadMessage(request: StoredContactRequest, wording: NotificationWording): LeadMessage {
  return { notification: leadNotification(request, wording), email: leadEmail(request, wording) };
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The X-Site-Signature header, as Stripe signs: `t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<body>">`
 * under the shared secret. The timestamp is signed with the body, so a receiver that refuses a `t`
 * older than a few minutes cannot be sent a recorded delivery again (README, "Verifying the signature").
 */
export async function signBody(body: string, secret: string, now: Date = new Date()): Promise<string> {
  const t = Math.floor(now.getTime() / 1000);
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${t}.${body}`)));
  return `t=${t},v1=${hex(mac)}`;
}

/**
 * Posts one notification to a webhook; resolves when the receiver answered 2xx, throws otherwise. A
 * redirect is a failure and is never followed: following it would send the personal data and a valid
 * signature to wherever the Location points.
 */
export async function postWebhook(url: string, secret: string | undefined, notification: LeadNotification, timeoutMs = 10_000): Promise<void> {
  const body = JSON.stringify(notification);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': notification.id };
  if (secret) headers['x-site-signature'] = await signBody(body, secret);
  const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  // The body is drained so the connection is reused; it is never logged (a receiver may echo secrets).
  await response.body?.cancel();
  // An opaque redirect (status 0) is what a browser-like fetch gives for `manual`; Node and Deno give the 3xx itself.
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    throw new Error(`HTTP ${response.status >= 300 ? response.status : '3xx'} (redirect not followed)`);
  }
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

/**
 * Seconds until the next try after `attempts` failures: `first` (5 s) doubling to at most an hour, so a
 * receiver that is down for a while is not hammered and one that comes back is reached within the hour.
 */
export function retryDelaySeconds(attempts: number, first = 5): number {
  return Math.min(first * 2 ** Math.max(0, attempts - 1), 3600);
}

/** After this many failed attempts (about 11 hours of backoff) a notification is given up and listed as failed. */
export const MAX_ATTEMPTS = 16;

/** A way to reach the sales team: the webhook, or e-mail where the runtime can send it. */
export interface NotificationChannel {
  name: string;
  deliver(message: LeadMessage): Promise<void>;
  close?(): void;
}

/** A due outbox row as a worker claimed it. */
export interface DueNotification {
  request: StoredContactRequest;
  channelsDone: string[];
  attempts: number;
}

/** What one delivery round leaves in the outbox row. */
export interface NotificationOutcome {
  channelsDone: string[];
  attempts: number;
  delivered: boolean;
  failed: boolean;
  /** Seconds until the next try (ignored when delivered or failed). */
  retryInSeconds: number;
  error: string | null;
}

/** What went wrong, without anything secret: an HTTP status, a network error code or an SMTP reply code. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return 'failed';
  if (/^HTTP \d(?:\d\d|xx)(?: \(redirect not followed\))?$/.test(error.message)) return error.message;
  if (error.name === 'TimeoutError') return 'timed out';
  const code = (error.cause as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  const smtp = (error as { responseCode?: unknown }).responseCode;
  return typeof smtp === 'number' ? `SMTP ${smtp}` : 'failed';
}

/**
 * One delivery round for one row: every configured channel that does not have it yet is tried once.
 * Delivered when all have it; otherwise one more attempt is counted and the row is due again after
 * `retryDelay(attempts)` seconds, or given up at MAX_ATTEMPTS. `failures` lists "channel: reason".
 */
export async function deliverDue(
  due: DueNotification,
  channels: readonly NotificationChannel[],
  wording: NotificationWording,
  retryDelay: (attempts: number) => number,
): Promise<{ outcome: NotificationOutcome; failures: { channel: string; reason: string }[] }> {
  const message = leadMessage(due.request, wording);
  const done = new Set(due.channelsDone);
  const failures: { channel: string; reason: string }[] = [];
  for (const channel of channels) {
    if (done.has(channel.name)) continue;
    try {
      await channel.deliver(message);
      done.add(channel.name);
    } catch (error) {
      failures.push({ channel: channel.name, reason: describeFailure(error) });
    }
  }
  const delivered = channels.every((c) => done.has(c.name));
  const attempts = delivered ? due.attempts : due.attempts + 1;
  const failed = !delivered && attempts >= MAX_ATTEMPTS;
  return {
    outcome: {
      channelsDone: [...done],
      attempts,
      delivered,
      failed,
      retryInSeconds: delivered ? 0 : retryDelay(attempts),
      error: failures.length ? failures.map((f) => `${f.channel}: ${f.reason}`).join('; ') : null,
    },
    failures,
  };
}
