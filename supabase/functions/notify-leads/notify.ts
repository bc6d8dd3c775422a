/** One invocation of `notify-leads`: drain what is due (bounded), answer what happened. */
import { deliverDue, notificationWording, postWebhook, retryDelaySeconds, type NotificationChannel } from '../_shared/lead-notification.ts';
import { postgrestOutbox } from '../_shared/postgrest-outbox.ts';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface NotifyConfig {
  projectUrl: string;
  serviceRoleKey: string;
  webhookUrl: string;
  webhookSecret?: string;
  language?: string;
  /** The REST API's fetch (tests stand in for PostgREST). */
  restFetch?: Fetch;
}

/** Rows per claim, and claims per invocation: one call stays well inside the function's time limit. */
const BATCH = 20;
const ROUNDS = 10;

/**
 * Whether `given` is `expected`, in time that does not depend on where they differ: both are hashed
 * (SHA-256) and the digests compared without an early exit, so neither the key's bytes nor its length
 * can be found by timing many guesses.
 */
export async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (value: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

export async function notifyLeads(request: Request, config: NotifyConfig): Promise<Response> {
  if (!(await sameSecret(request.headers.get('authorization') ?? '', `Bearer ${config.serviceRoleKey}`)))
    return Response.json({ error: 'unauthorized' }, { status: 401 });
  const outbox = postgrestOutbox(config.projectUrl, config.serviceRoleKey, config.restFetch);
  const channels: NotificationChannel[] = [{ name: 'webhook', deliver: (m) => postWebhook(config.webhookUrl, config.webhookSecret, m.notification) }];
  const wording = notificationWording(config.language);
  let delivered = 0;
  let failing = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // The lease outlasts the webhook's 10 s timeout, so no other invocation takes a row being delivered.
    const due = await outbox.claim(BATCH, 60);
    for (const row of due) {
      const { outcome, failures } = await deliverDue(row, channels, wording, retryDelaySeconds);
      for (const f of failures) console.error(`notify-leads: ${row.request.id} via ${f.channel}: ${f.reason}`);
      await outbox.record(row.request.id, outcome);
      if (outcome.delivered) delivered++;
      else failing++;
    }
    if (due.length < BATCH) break;
  }
  return Response.json({ delivered, failing });
}
