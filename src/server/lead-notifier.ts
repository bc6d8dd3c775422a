/**
 * `site serve`'s new-lead notifier: delivers the outbox (server/lead-outbox.ts) to the channels the
 * environment configures, a webhook and/or e-mail over SMTP. Off when none is configured.
 *
 * At least once: a row is leased while it is delivered and recorded after; a server killed in between
 * leaves the lease to run out, and the next worker delivers it again. Failures back off
 * (lead-notification.ts) and never touch the storing of requests. Nothing here logs a URL, a password
 * or a receiver's answer, only the channel and a status ("webhook: HTTP 500").
 */
import { deliverDue, leadEmail, postWebhook, retryDelaySeconds, salesLanguage, type NotificationChannel, type SalesLanguage } from '../../supabase/functions/_shared/lead-notification.ts';
import type { LeadOutbox } from './lead-outbox.ts';

export interface NotifierConfig {
  channels: NotificationChannel[];
  language: SalesLanguage;
  /** How long a claimed row stays with one worker (SITE_NOTIFY_LEASE_SECONDS; default 60). */
  leaseSeconds?: number;
  /** The first retry's delay, doubled after each failure (SITE_NOTIFY_RETRY_SECONDS; default 5). */
  firstRetrySeconds?: number;
}

/**
 * The channels SITE_NOTIFY_* configure: SITE_NOTIFY_WEBHOOK_URL (+ SITE_NOTIFY_WEBHOOK_SECRET to sign),
 * SITE_NOTIFY_SMTP_URL (smtp[s]://user:password@host:port) with SITE_NOTIFY_EMAIL_TO and
 * SITE_NOTIFY_EMAIL_FROM, SITE_NOTIFY_LANGUAGE (de, the default, or en), SITE_NOTIFY_LEASE_SECONDS (how
 * long a delivery may take before another worker retries it) and SITE_NOTIFY_RETRY_SECONDS (the first
 * retry's delay). Throws on a half-set channel or a setting out of range.
 */
export function notifierConfig(env: NodeJS.ProcessEnv = process.env): NotifierConfig {
  const language = salesLanguage(env.SITE_NOTIFY_LANGUAGE);
  const channels: NotificationChannel[] = [];
  if (env.SITE_NOTIFY_WEBHOOK_URL) {
    const url = env.SITE_NOTIFY_WEBHOOK_URL;
    if (!/^https?:\/\//.test(url)) throw new Error('SITE_NOTIFY_WEBHOOK_URL must be an http(s) URL');
    const secret = env.SITE_NOTIFY_WEBHOOK_SECRET || undefined;
    channels.push({ name: 'webhook', deliver: (n) => postWebhook(url, secret, n) });
  }
  if (env.SITE_NOTIFY_SMTP_URL || env.SITE_NOTIFY_EMAIL_TO) {
    const { SITE_NOTIFY_SMTP_URL: smtp, SITE_NOTIFY_EMAIL_TO: to, SITE_NOTIFY_EMAIL_FROM: from } = env;
    if (!smtp || !to || !from) throw new Error('e-mail notifications need SITE_NOTIFY_SMTP_URL, SITE_NOTIFY_EMAIL_TO and SITE_NOTIFY_EMAIL_FROM');
    if (!/^smtps?:\/\//.test(smtp)) throw new Error('SITE_NOTIFY_SMTP_URL must be an smtp:// or smtps:// URL');
    channels.push(emailChannel(smtp, from, to, language));
  }
  const seconds = (name: 'SITE_NOTIFY_LEASE_SECONDS' | 'SITE_NOTIFY_RETRY_SECONDS') => {
    const value = env[name] ? Number(env[name]) : undefined;
    if (value !== undefined && !(value >= 1 && value <= 3600)) throw new Error(`${name} must be a number of seconds from 1 to 3600`);
    return value;
  };
  return { channels, language, leaseSeconds: seconds('SITE_NOTIFY_LEASE_SECONDS'), firstRetrySeconds: seconds('SITE_NOTIFY_RETRY_SECONDS') };
}

function emailChannel(smtpUrl: string, from: string, to: string, language: SalesLanguage): NotificationChannel {
  // nodemailer is loaded on the first delivery: a server without e-mail never pays for it.
  let transport: Promise<import('nodemailer').Transporter> | undefined;
  return {
    name: 'email',
    async deliver(notification) {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl));
      const { subject, text } = leadEmail(notification, language);
      // The Message-ID is the request's id: the idempotency key mail clients and ticket systems dedupe by.
      await (await transport).sendMail({ from, to, subject, text, messageId: `<${notification.id}@lead.site>`, headers: { 'Idempotency-Key': notification.id } });
    },
    close: () => void transport?.then((t) => t.close()).catch(() => {}),
  };
}

export interface LeadNotifierOptions {
  /** How long a claimed row stays with this worker before another may take it (seconds). */
  leaseSeconds?: number;
  /** How often the outbox is looked at for retries and rows other servers queued (ms). */
  pollMs?: number;
  /** Seconds until the next try after n failures (default: 5 s doubling to an hour). */
  retryDelay?: (attempts: number) => number;
  /** Told about each failed attempt: request id, channel and a secret-free reason. */
  onFailure?: (requestId: string, channel: string, reason: string, givenUp: boolean) => void;
  onError?: (error: unknown) => void;
}

export interface LeadNotifier {
  /** Look at the outbox now (called after each stored request). */
  poke(): void;
  /** Stops polling and waits for the delivery under way. */
  stop(): Promise<void>;
}

const BATCH = 20;

export function startLeadNotifier(outbox: LeadOutbox, config: NotifierConfig, options: LeadNotifierOptions = {}): LeadNotifier {
  const leaseSeconds = options.leaseSeconds ?? config.leaseSeconds ?? 60;
  const retryDelay = options.retryDelay ?? ((attempts: number) => retryDelaySeconds(attempts, config.firstRetrySeconds));
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function deliver(due: Awaited<ReturnType<LeadOutbox['claim']>>[number]): Promise<void> {
    const { outcome, failures } = await deliverDue(due, config.channels, config.language, retryDelay);
    for (const f of failures) options.onFailure?.(due.request.id, f.channel, f.reason, outcome.failed);
    await outbox.record(due.request.id, outcome);
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      const due = await outbox.claim(BATCH, leaseSeconds);
      await Promise.all(due.map(deliver));
      if (due.length === BATCH) again = true;
    } while (again && !stopped);
  }

  const poke = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => (running = undefined));
  };

  const timer = setInterval(poke, options.pollMs ?? 5_000);
  timer.unref();
  poke();
  return {
    poke,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      for (const channel of config.channels) channel.close?.();
    },
  };
}
