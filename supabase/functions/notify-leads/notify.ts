/** One invocation of `notify-leads`: drain what is due (bounded), answer what happened. */
import { deliverDue, postWebhook, retryDelaySeconds, salesLanguage, type NotificationChannel } from '../_shared/lead-notification.ts';
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

export async function notifyLeads(request: Request, config: NotifyConfig): Promise<Response> {
  if (request.headers.get('authorization') !== `Bearer ${config.serviceRoleKey}`) return Response.json({ error: 'unauthorized' }, { status: 401 });
  const outbox = postgrestOutbox(config.projectUrl, config.serviceRoleKey, config.restFetch);
  const channels: NotificationChannel[] = [{ name: 'webhook', deliver: (n) => postWebhook(config.webhookUrl, config.webhookSecret, n) }];
  const language = salesLanguage(config.language);
  let delivered = 0;
  let failing = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // The lease outlasts the webhook's 10 s timeout, so no other invocation takes a row being delivered.
    const due = await outbox.claim(BATCH, 60);
    for (const row of due) {
      const { outcome, failures } = await deliverDue(row, channels, language, retryDelaySeconds);
      for (const f of failures) console.error(`notify-leads: ${row.request.id} via ${f.channel}: ${f.reason}`);
      await outbox.record(row.request.id, outcome);
      if (outcome.delivered) delivered++;
      else failing++;
    }
    if (due.length < BATCH) break;
  }
  return Response.json({ delivered, failing });
}
