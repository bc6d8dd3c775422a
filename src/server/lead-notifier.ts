/**
 * `site serve`'s new-lead notifier: delivers the outbox (server/lead-outbox.ts) to the channels the
 * environment configures, a webhook and/or e-mail over SMTP. Off when none is configured.
 *
 * At least once: a row is leased while it is delivered and recorded after; a server killed in between
 * leaves the lease to run out, and the next worker delivers it again. Failures back off
 * (lead-notification.ts) and never touch the storing of requests. Nothing here logs a URL, a password
 * or a receiver's answer, only the channel and a status ("webhook: HTTP 500").
 */
import {
  deliverDue,
  notificationWording,
  postWebhook,
  retryDelaySeconds,
  type NotificationChannel,
  type NotificationWording,
} from '../../supabase/functions/_shared/lead-notification.ts';
import type { LeadOutbox } from './lead-outbox.ts';

export interface NotifierConfig {
  channels: NotificationChannel[];
  /** The notifications' language and words (default: SITE_NOTIFY_LANGUAGE's, from the content). */
  wording?: NotificationWording;
  /** Also send the notifications of requests stored before notifications were configured (`site serve --backfill`). */
  backfill?: boolean;
  /** How long a claimed row stays with one worker (SITE_NOTIFY_LEASE_SECONDS; default 60). */
  leaseSeconds?: number;
  /** The first retry's delay, doubled after each failure (SITE_NOTIFY_RETRY_SECONDS; default 5). */
  firstRetrySeconds?: number;
}

/**
 * The channels SITE_NOTIFY_* configure: SITE_NOTIFY_WEBHOOK_URL (+ SITE_NOTIFY_WEBHOOK_SECRET to sign),
 * SITE_NOTIFY_SMTP_URL (smtp[s]://user:password@host:port) with SITE_NOTIFY_EMAIL_TO and
 * SITE_NOTIFY_EMAIL_FROM, SITE_NOTIFY_LANGUAGE (a locale code whose locale file has `leadNotification`
 * texts; the site's default language unless set), SITE_NOTIFY_LEASE_SECONDS (how
 * long a delivery may take before another worker retries it) and SITE_NOTIFY_RETRY_SECONDS (the first
 * retry's delay). Throws on a half-set channel or a setting out of range.
 */
export function notifierConfig(env: NodeJS.ProcessEnv = process.env): NotifierConfig {
  const channels: NotificationChannel[] = [];
  if (env.SITE_NOTIFY_WEBHOOK_URL) {
    const url = env.SITE_NOTIFY_WEBHOOK_URL;
    if (!/^https?:\/\//.test(url)) throw new Error('SITE_NOTIFY_WEBHOOK_URL must be an http(s) URL');
    const secret = env.SITE_NOTIFY_WEBHOOK_SECRET || undefined;
    channels.push({ name: 'webhook', deliver: (m) => postWebhook(url, secret, m.notification) });
  }
  if (env.SITE_NOTIFY_SMTP_URL || env.SITE_NOTIFY_EMAIL_TO) {
    const { SITE_NOTIFY_SMTP_URL: smtp, SITE_NOTIFY_EMAIL_TO: to, SITE_NOTIFY_EMAIL_FROM: from } = env;
    if (!smtp || !to || !from) throw new Error('e-mail notifications need SITE_NOTIFY_SMTP_URL, SITE_NOTIFY_EMAIL_TO and SITE_NOTIFY_EMAIL_FROM');
    if (!/^smtps?:\/\//.test(smtp)) throw new Error('SITE_NOTIFY_SMTP_URL must be an smtp:// or smtps:// URL');
    channels.push(emailChannel(smtp, from, to));
  }
  const seconds = (name: 'SITE_NOTIFY_LEASE_SECONDS' | 'SITE_NOTIFY_RETRY_SECONDS') => {
    const value = env[name] ? Number(env[name]) : undefined;
    if (value !== undefined && !(value >= 1 && value <= 3600)) throw new Error(`${name} must be a number of seconds from 1 to 3600`);
    return value;
  };
  // Worded only when something is sent: a site without notification texts serves as long as no channel is set.
  const wording = channels.length ? notificationWording(env.SITE_NOTIFY_LANGUAGE) : undefined;
  return { channels, wording, leaseSeconds: seconds('SITE_NOTIFY_LEASE_SECONDS'), firstRetrySeconds: seconds('SITE_NOTIFY_RETRY_SECONDS') };
}

function emailChannel(smtpUrl: string, from: string, to: string): NotificationChannel {
  // nodemailer is loaded on the first delivery: a server without e-mail never pays for it.
  let transport: Promise<import('nodemailer').Transporter> | undefined;
  return {
    name: 'email',
    async deliver({ notification, email }) {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl));
      const { subject, text, html, replyTo } = email;
      // The Message-ID is the request's id: the idempotency key mail clients and ticket systems dedupe by.
      // Reply-To is the visitor: answering the mail answers them, not the site's own address.
      await (
        await transport
      ).sendMail({ from, to, replyTo, subject, text, html, messageId: `<${notification.id}@lead.site>`, headers: { 'Idempotency-Key': notification.id } });
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
  /** Told at start how many requests stored before notifications were configured are not sent (without --backfill). */
  onHeld?: (count: number) => void;
  /** Told each time a look at the outbox ended (all it claimed delivered or failed): what "nothing more is due" waits on. */
  onPolled?: () => void;
}

export interface LeadNotifier {
  /** Look at the outbox now (called after each stored request). */
  poke(): void;
  /** Stops polling and waits for the delivery under way. */
  stop(): Promise<void>;
}

const BATCH = 20;

/**
 * Starts delivering. Notifications start from the moment they are configured: the outbox records it
 * before the first poll (so a request stored after this resolves is sent), and a request stored before
 * waits unless `config.backfill` is set.
 */
export async function startLeadNotifier(outbox: LeadOutbox, config: NotifierConfig, options: LeadNotifierOptions = {}): Promise<LeadNotifier> {
  const held = await outbox.start(config.backfill ?? false);
  if (held > 0) options.onHeld?.(held);
  const leaseSeconds = options.leaseSeconds ?? config.leaseSeconds ?? 60;
  const wording = config.wording ?? notificationWording(undefined);
  const retryDelay = options.retryDelay ?? ((attempts: number) => retryDelaySeconds(attempts, config.firstRetrySeconds));
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function deliver(due: Awaited<ReturnType<LeadOutbox['claim']>>[number]): Promise<void> {
    const { outcome, failures } = await deliverDue(due, config.channels, wording, retryDelay);
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
      .finally(() => {
        running = undefined;
        options.onPolled?.();
      });
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
