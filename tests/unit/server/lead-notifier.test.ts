/**
 * New-lead notifications (issue #21) on the store `site serve` uses, against real local receivers: an
 * HTTP webhook endpoint and an SMTP server. The outbox row is queued by the database with the request;
 * these tests drive the notifier over it: delivery, signature, retries with backoff, giving up, the
 * failing list, and erasure removing queued notifications.
 */
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../../../supabase/functions/_shared/lead-notification.ts';
import { openContactStore, type LocalContactStore } from '../../../src/server/contact-store.ts';
import { notifierConfig, startLeadNotifier, type LeadNotifier } from '../../../src/server/lead-notifier.ts';
import { leadsResult } from '../../../src/cli/leads-privacy.ts';
import { smtpCapture, until, webhookReceiver, type WebhookReceiver } from './support/lead-receivers.ts';

const SECRET = 'whsec-test-3f9a';
let seq = 0;
const request = (name = 'Erika Muster') => ({
  name,
  email: `lead-notify-${Date.now()}-${seq++}@example.com`,
  company: 'Kanzlei Muster',
  products: 'platform,chatbot',
  subject: 'Demo',
  message: 'Bitte rufen Sie mich an.\nGrüße',
  privacy_consent: true as const,
});

let dir: string;
let store: LocalContactStore;
let hook: WebhookReceiver;
let notifier: LeadNotifier | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-notify-'));
  store = await openContactStore({ kind: 'pglite', dataDir: dir });
  hook = await webhookReceiver();
});
afterEach(async () => {
  await notifier?.stop();
  notifier = undefined;
  hook.answer(200);
});
afterAll(async () => {
  await hook.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const webhookOnly = (language?: string) => notifierConfig({ SITE_NOTIFY_WEBHOOK_URL: hook.url, SITE_NOTIFY_WEBHOOK_SECRET: SECRET, SITE_NOTIFY_LANGUAGE: language });

describe('lead notifications by webhook', () => {
  it('posts each stored request once, signed, with its id as the idempotency key and a German text', async () => {
    const { id } = await store.save(request(), { form: 'business', locale: 'fr' });
    const before = hook.deliveries.length;
    notifier = startLeadNotifier(store.outbox, webhookOnly(), { pollMs: 50 });
    await until(() => hook.ids().has(id), 10_000);
    await new Promise((r) => setTimeout(r, 300));
    const mine = hook.deliveries.slice(before).filter((d) => d.headers['idempotency-key'] === id);
    expect(mine).toHaveLength(1);
    const [delivery] = mine;
    expect(delivery!.headers['x-site-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(delivery!.body).digest('hex')}`);
    const body = JSON.parse(delivery!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ id, form: 'business', locale: 'fr', name: 'Erika Muster', company: 'Kanzlei Muster', products: 'platform,chatbot', subject: 'Demo' });
    expect(body.text).toContain('Neue Kontaktanfrage: Erika Muster');
    expect(body.text).toContain('Sprache: fr');
    expect(body.text).toContain('Bitte rufen Sie mich an.\nGrüße');
    expect(await store.outbox.failing()).toEqual([]);
  });

  it('retries a receiver that is down with backoff, lists it as failing meanwhile, and delivers once it is back', async () => {
    hook.answer(503);
    const { id } = await store.save(request(), { form: 'education', locale: 'de' });
    notifier = startLeadNotifier(store.outbox, webhookOnly('en'), { pollMs: 50, retryDelay: () => 0.3 });
    await until(async () => (await store.outbox.failing()).some((n) => n.request_id === id && n.attempts >= 2), 10_000);
    const failing = (await store.outbox.failing()).find((n) => n.request_id === id)!;
    expect(failing.last_error).toBe('webhook: HTTP 503');
    expect(failing.failed_at).toBeNull();
    hook.answer(200);
    await until(() => hook.ids().has(id), 10_000);
    await until(async () => !(await store.outbox.failing()).some((n) => n.request_id === id), 10_000);
    const delivered = hook.deliveries.find((d) => d.headers['idempotency-key'] === id && d.status === 200)!;
    expect((JSON.parse(delivered.body) as { text: string }).text).toContain('New contact request: Erika Muster');
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and reports it; storing requests goes on meanwhile`, async () => {
    hook.answer(500);
    const { id } = await store.save(request(), { form: 'business', locale: 'de' });
    notifier = startLeadNotifier(store.outbox, webhookOnly(), { pollMs: 20, retryDelay: () => 0 });
    await until(async () => (await store.outbox.failing()).some((n) => n.request_id === id && n.failed_at !== null), 20_000);
    const given = (await store.outbox.failing()).find((n) => n.request_id === id)!;
    expect(given.attempts).toBe(MAX_ATTEMPTS);
    expect(given.next_attempt_at).toBeNull();
    const tries = hook.deliveries.filter((d) => d.headers['idempotency-key'] === id).length;
    expect(tries).toBe(MAX_ATTEMPTS);
    // Given up means no more tries, and a new request is still stored and queued.
    await new Promise((r) => setTimeout(r, 200));
    expect(hook.deliveries.filter((d) => d.headers['idempotency-key'] === id)).toHaveLength(tries);
    await expect(store.save(request(), { form: 'business', locale: 'de' })).resolves.toHaveProperty('id');
    // What `site leads --failed` prints for it.
    const printed = leadsResult({ op: 'failed', notifications: await store.outbox.failing() });
    expect(printed).toMatch(/^\d+ lead notifications? not delivered \(\d+ given up, \d+ still retried\):/);
    expect(printed).toMatch(new RegExp(`  ${id}  "[^"]+@example\\.com"  queued \\S+Z  ${MAX_ATTEMPTS} attempts  given up \\S+Z  webhook: HTTP 500`));
  });

  it('an erasure removes the queued notification with the request, and counts it', async () => {
    hook.answer(500);
    const body = request('Zu Löschen');
    const { id } = await store.save(body, { form: 'business', locale: 'de' });
    expect((await store.privacy.export(body.email, new Date())) as unknown).toMatchObject({ lead_notifications: [expect.objectContaining({ request_id: id })] });
    const deleted = await store.privacy.erase(body.email, 'a'.repeat(64));
    expect(deleted).toEqual({ contact_requests: 1, lead_notifications: 1 });
    notifier = startLeadNotifier(store.outbox, webhookOnly(), { pollMs: 20, retryDelay: () => 0 });
    hook.answer(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(hook.deliveries.some((d) => d.headers['idempotency-key'] === id)).toBe(false);
  });
});

describe('lead notifications by e-mail', () => {
  it('sends the sales team a plain-text mail over SMTP with the request id as Message-ID', async () => {
    const smtp = await smtpCapture({ user: 'sales-bot', pass: 'smtp-pass-9c1e' });
    try {
      const config = notifierConfig({ SITE_NOTIFY_SMTP_URL: smtp.url, SITE_NOTIFY_EMAIL_TO: 'vertrieb@example.com', SITE_NOTIFY_EMAIL_FROM: 'website@example.com' });
      const { id } = await store.save(request('Jörg Beispiel'), { form: 'chat-demo', locale: 'es' });
      notifier = startLeadNotifier(store.outbox, config, { pollMs: 50 });
      await until(() => smtp.mails.some((m) => m.raw.includes(id)), 10_000);
      const mail = smtp.mails.find((m) => m.raw.includes(id))!;
      expect(mail.to).toEqual(['vertrieb@example.com']);
      expect(mail.from).toBe('website@example.com');
      expect(mail.raw).toMatch(new RegExp(`Message-ID: <${id}@lead\\.site>`, 'i'));
      expect(mail.raw).toMatch(/Subject: =\?UTF-8\?Q\?Neue_Kontaktanfrage/i);
      expect(mail.raw).toContain('Formular: chat-demo');
    } finally {
      await notifier?.stop();
      notifier = undefined;
      await smtp.close();
    }
  });

  it('refuses a half-configured e-mail channel with the variables it needs', () => {
    expect(() => notifierConfig({ SITE_NOTIFY_EMAIL_TO: 'vertrieb@example.com' })).toThrow('e-mail notifications need SITE_NOTIFY_SMTP_URL, SITE_NOTIFY_EMAIL_TO and SITE_NOTIFY_EMAIL_FROM');
    expect(() => notifierConfig({ SITE_NOTIFY_WEBHOOK_URL: 'ftp://x' })).toThrow('SITE_NOTIFY_WEBHOOK_URL must be an http(s) URL');
    expect(notifierConfig({}).channels).toEqual([]);
  });
});
