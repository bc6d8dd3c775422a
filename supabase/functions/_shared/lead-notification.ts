/**
 * What a new-lead notification says and how it is signed: one definition for `site serve`'s notifier
 * and the Supabase deployment. Plain Web APIs only (fetch, WebCrypto), so Node and Deno run it alike.
 *
 * Receivers de-duplicate by `id` (the contact request's id), sent as the body's `id` and as the
 * `Idempotency-Key` header: delivery is at least once, so a receiver may see the same id again after a
 * worker was stopped mid-delivery or a response was lost.
 */
import type { StoredContactRequest } from './contact-request.ts';

/** The sales team's language for notification texts (SITE_NOTIFY_LANGUAGE); German unless set. */
export type SalesLanguage = 'de' | 'en';

const LABELS: Record<SalesLanguage, Record<'subject' | 'intro' | 'name' | 'email' | 'company' | 'products' | 'topic' | 'message' | 'form' | 'language' | 'received', string>> = {
  de: {
    subject: 'Neue Kontaktanfrage',
    intro: 'Über die Website ist eine neue Kontaktanfrage eingegangen.',
    name: 'Name',
    email: 'E-Mail',
    company: 'Unternehmen',
    products: 'Produkte',
    topic: 'Betreff',
    message: 'Nachricht',
    form: 'Formular',
    language: 'Sprache',
    received: 'Eingegangen',
  },
  en: {
    subject: 'New contact request',
    intro: 'A new contact request came in through the website.',
    name: 'Name',
    email: 'Email',
    company: 'Company',
    products: 'Products',
    topic: 'Subject',
    message: 'Message',
    form: 'Form',
    language: 'Language',
    received: 'Received',
  },
};

export function salesLanguage(value: string | undefined): SalesLanguage {
  return value === 'en' ? 'en' : 'de';
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
  text: string;
}

/** The notification for one stored request, its text in the sales team's language. */
export function leadNotification(request: StoredContactRequest, language: SalesLanguage): LeadNotification {
  const l = LABELS[language];
  const lines = [
    `${l.subject}: ${request.name} <${request.email}>`,
    '',
    `${l.name}: ${request.name}`,
    `${l.email}: ${request.email}`,
    ...(request.company ? [`${l.company}: ${request.company}`] : []),
    ...(request.products ? [`${l.products}: ${request.products}`] : []),
    ...(request.subject ? [`${l.topic}: ${request.subject}`] : []),
    `${l.form}: ${request.form_variant ?? '–'}`,
    `${l.language}: ${request.locale ?? '–'}`,
    `${l.received}: ${request.created_at}`,
    '',
    `${l.message}:`,
    request.message,
  ];
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
    text: lines.join('\n'),
  };
}

/** The e-mail for one notification: subject line and plain-text body. */
export function leadEmail(notification: LeadNotification, language: SalesLanguage): { subject: string; text: string } {
  const l = LABELS[language];
  // The subject is one line whatever the visitor typed into their name.
  const name = notification.name.replace(/[\r\n\u2028\u2029]+/g, ' ').slice(0, 120);
  return { subject: `${l.subject}: ${name}${notification.form ? ` (${notification.form}, ${notification.locale ?? '–'})` : ''}`, text: `${l.intro}\n\n${notification.text}\n` };
}

/** `sha256=<hex>`: the HMAC-SHA-256 of the exact body bytes under the shared secret (X-Site-Signature). */
export async function signBody(body: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  return `sha256=${Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Posts one notification to a webhook; resolves when the receiver answered 2xx, throws otherwise. */
export async function postWebhook(url: string, secret: string | undefined, notification: LeadNotification, timeoutMs = 10_000): Promise<void> {
  const body = JSON.stringify(notification);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': notification.id };
  if (secret) headers['x-site-signature'] = await signBody(body, secret);
  const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
  // The body is drained so the connection is reused; it is never logged (a receiver may echo secrets).
  await response.body?.cancel();
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
  deliver(notification: LeadNotification): Promise<void>;
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
  if (/^HTTP \d{3}$/.test(error.message)) return error.message;
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
  language: SalesLanguage,
  retryDelay: (attempts: number) => number,
): Promise<{ outcome: NotificationOutcome; failures: { channel: string; reason: string }[] }> {
  const notification = leadNotification(due.request, language);
  const done = new Set(due.channelsDone);
  const failures: { channel: string; reason: string }[] = [];
  for (const channel of channels) {
    if (done.has(channel.name)) continue;
    try {
      await channel.deliver(notification);
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
