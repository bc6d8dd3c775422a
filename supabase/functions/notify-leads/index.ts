/**
 * Supabase Edge Function `notify-leads`: delivers the lead_notifications outbox to the sales team's
 * webhook (JSON, HMAC-signed, Idempotency-Key = the request id), with the same rounds, backoff and
 * giving up as `site serve` (../_shared/lead-notification.ts). Called every minute by pg_cron through
 * pg_net and, for a new lead at once, by a Database Webhook on lead_notifications (README, "Getting
 * notified of new leads"); only a caller holding the service-role key is served.
 *
 * Environment: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (platform), SITE_NOTIFY_WEBHOOK_URL,
 * SITE_NOTIFY_WEBHOOK_SECRET, SITE_NOTIFY_LANGUAGE. E-mail is not sent from here (Edge Functions may not
 * open SMTP connections on the usual ports): point the webhook at a mail-sending automation instead.
 */
import { notifyLeads } from './notify.ts';

function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`notify-leads: environment variable ${name} is not set`);
  return value;
}

const config = {
  projectUrl: requireEnv('SUPABASE_URL'),
  serviceRoleKey: requireEnv('SUPABASE_SERVICE_ROLE_KEY'),
  webhookUrl: requireEnv('SITE_NOTIFY_WEBHOOK_URL'),
  webhookSecret: Deno.env.get('SITE_NOTIFY_WEBHOOK_SECRET') || undefined,
  language: Deno.env.get('SITE_NOTIFY_LANGUAGE'),
};

Deno.serve((request) => notifyLeads(request, config));
