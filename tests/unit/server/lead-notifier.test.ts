/**
 * New-lead notifications (issue #21) on the store `site serve` uses, against real local receivers: an
 * HTTP webhook endpoint and an SMTP server. The outbox row is queued by the database with the request;
 * these tests drive the notifier over it: delivery, signature, retries with backoff, giving up, the
 * failing list, and erasure removing queued notifications.
 */
import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import PostalMime from 'postal-mime';
import { leadEmail, MAX_ATTEMPTS, notificationWording, receivedAt } from '../../../supabase/functions/_shared/lead-notification.ts';
import { openContactStore, type LocalContactStore } from '../../../src/server/contact-store.ts';
import { notifierConfig, startLeadNotifier, type LeadNotifier } from '../../../src/server/lead-notifier.ts';
import { leadsResult } from '../../../src/cli/leads-privacy.ts';
import { smtpCapture, webhookReceiver, type WebhookReceiver } from './support/lead-receivers.ts';
import { until } from '../../support/until.ts';

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
  // Notifications are configured from here on: the requests the tests store before starting a notifier are sent.
  expect(await store.outbox.start(false)).toBe(0);
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

/** The receiver-side check docs/operating/notifications.md prints under "Verifying the signature", loaded exactly as printed. */
async function readmeVerifier(): Promise<(rawBody: string, header: unknown, secret: string) => boolean> {
  const readme = await readFile('docs/operating/notifications.md', 'utf8');
  const code = /\*\*Verifying the signature\*\*[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!code) throw new Error('docs/operating/notifications.md: no js example under "Verifying the signature"');
  const file = path.join(dir, 'readme-verify.mjs');
  await writeFile(file, `${code}\nexport { verified };\n`);
  return ((await import(pathToFileURL(file).href)) as { verified: (rawBody: string, header: unknown, secret: string) => boolean }).verified;
}

/**
 * Counts the notifier's finished looks at the outbox (its onPolled). "Nothing more happens" is shown by two more
 * finishing after the state under test: the second started after the first ended, so anything still due was claimed.
 */
function pollCounter() {
  let polls = 0;
  return {
    onPolled: () => void polls++,
    twoMore: async () => {
      const mark = polls;
      await until(() => polls >= mark + 2, 10_000);
    },
  };
}

const webhookOnly = (language?: string) =>
  notifierConfig({ SITE_NOTIFY_WEBHOOK_URL: hook.url, SITE_NOTIFY_WEBHOOK_SECRET: SECRET, SITE_NOTIFY_LANGUAGE: language });

describe('lead notifications by webhook', () => {
  it('posts each stored request once, signed, with its id as the idempotency key and a German text', async () => {
    const { id } = await store.save(request(), { form: 'business', locale: 'fr' });
    const before = hook.deliveries.length;
    const polls = pollCounter();
    notifier = await startLeadNotifier(store.outbox, webhookOnly(), { pollMs: 50, onPolled: polls.onPolled });
    await until(() => hook.ids().has(id), 10_000);
    await polls.twoMore();
    const mine = hook.deliveries.slice(before).filter((d) => d.headers['idempotency-key'] === id);
    expect(mine).toHaveLength(1);
    const [delivery] = mine;
    // Signed as Stripe signs: t=<unix seconds>,v1=<HMAC-SHA-256 of "<t>.<body>">.
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery!.headers['x-site-signature']))!;
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(600);
    expect(v1).toBe(createHmac('sha256', SECRET).update(`${t}.${delivery!.body}`).digest('hex'));
    // The docs' verification example, run as printed, accepts it and refuses a tampered body or a replay.
    const verified = await readmeVerifier();
    expect(verified(delivery!.body, delivery!.headers['x-site-signature'], SECRET)).toBe(true);
    expect(verified(delivery!.body.replace('Erika', 'Erica'), delivery!.headers['x-site-signature'], SECRET)).toBe(false);
    expect(verified(delivery!.body, delivery!.headers['x-site-signature'], 'other-secret')).toBe(false);
    const old = Number(t) - 3600;
    expect(verified(delivery!.body, `t=${old},v1=${createHmac('sha256', SECRET).update(`${old}.${delivery!.body}`).digest('hex')}`, SECRET)).toBe(false);
    const body = JSON.parse(delivery!.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      id,
      form: 'business',
      locale: 'fr',
      name: 'Erika Muster',
      company: 'Kanzlei Muster',
      products: 'platform,chatbot',
      subject: 'Demo',
    });
    // Names from content in the notification's language instead of codes.
    expect(body).toMatchObject({
      form_name: 'Kontaktformular Unternehmen',
      language_name: 'Französisch',
      product_names: ['KI-Plattform', 'Individueller Chatbot'],
    });
    expect(body.text).toContain('Neue Kontaktanfrage: Erika Muster');
    expect(body.text).toContain('\nSprache: Französisch\n');
    expect(body.text).toContain('\nFormular: Kontaktformular Unternehmen\n');
    expect(body.text).toContain('\nInteresse an: KI-Plattform, Individueller Chatbot\n');
    expect(body.text).toContain('\n> Bitte rufen Sie mich an.\n> Grüße');
    // The command that shows the lead (and names the id `keep` needs), as the last line.
    expect(String(body.text).endsWith(`\n\nsite leads show ${id}`)).toBe(true);
    expect(await store.outbox.failing()).toEqual([]);
  });

  it('retries a receiver that is down with backoff, lists it as failing meanwhile, and delivers once it is back', async () => {
    hook.answer(503);
    const { id } = await store.save(request(), { form: 'education', locale: 'de' });
    notifier = await startLeadNotifier(store.outbox, webhookOnly('en'), { pollMs: 50, retryDelay: () => 0.3 });
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
    const polls = pollCounter();
    notifier = await startLeadNotifier(store.outbox, webhookOnly(), { pollMs: 20, retryDelay: () => 0, onPolled: polls.onPolled });
    await until(async () => (await store.outbox.failing()).some((n) => n.request_id === id && n.failed_at !== null), 20_000);
    const given = (await store.outbox.failing()).find((n) => n.request_id === id)!;
    expect(given.attempts).toBe(MAX_ATTEMPTS);
    expect(given.next_attempt_at).toBeNull();
    const tries = hook.deliveries.filter((d) => d.headers['idempotency-key'] === id).length;
    expect(tries).toBe(MAX_ATTEMPTS);
    // Given up means no more tries, and a new request is still stored and queued.
    await polls.twoMore();
    expect(hook.deliveries.filter((d) => d.headers['idempotency-key'] === id)).toHaveLength(tries);
    await expect(store.save(request(), { form: 'business', locale: 'de' })).resolves.toHaveProperty('id');
    // What `site leads --failed` prints for it, its times in the site's time zone as the `site leads` table gives them.
    const MINUTE = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d \(Europe/Berlin\)`;
    const printed = leadsResult({ op: 'failed', notifications: await store.outbox.failing() });
    expect(printed).toMatch(/^\d+ lead notifications? not delivered \(\d+ given up, \d+ still retried\):/);
    expect(printed).toMatch(new RegExp(`  ${id}  "[^"]+@example\\.com"  queued ${MINUTE}  ${MAX_ATTEMPTS} attempts  given up ${MINUTE}  webhook: HTTP 500`));
  });

  it('a receiver answering 307 is a failure: the redirect is not followed, so the data and signature go nowhere else', async () => {
    const elsewhere = await webhookReceiver();
    try {
      hook.answer(307, { location: elsewhere.url });
      const { id } = await store.save(request(), { form: 'business', locale: 'de' });
      notifier = await startLeadNotifier(store.outbox, webhookOnly(), { pollMs: 50, retryDelay: () => 60 });
      await until(async () => (await store.outbox.failing()).some((n) => n.request_id === id), 10_000);
      expect((await store.outbox.failing()).find((n) => n.request_id === id)!.last_error).toBe('webhook: HTTP 307 (redirect not followed)');
      expect(hook.deliveries.filter((d) => d.headers['idempotency-key'] === id)).toHaveLength(1);
      expect(elsewhere.deliveries).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('an erasure removes the queued notification with the request, and counts it', async () => {
    hook.answer(500);
    const body = request('Zu Löschen');
    const { id } = await store.save(body, { form: 'business', locale: 'de' });
    expect((await store.privacy.export(body.email, new Date())) as unknown).toMatchObject({
      lead_notifications: [expect.objectContaining({ request_id: id })],
    });
    const deleted = await store.privacy.erase(body.email, 'a'.repeat(64));
    expect(deleted).toEqual({ contact_requests: 1, lead_notifications: 1 });
    hook.answer(200);
    const polls = pollCounter();
    notifier = await startLeadNotifier(store.outbox, webhookOnly(), { pollMs: 20, retryDelay: () => 0, onPolled: polls.onPolled });
    await polls.twoMore();
    expect(hook.deliveries.some((d) => d.headers['idempotency-key'] === id)).toBe(false);
  });
});

describe('notifications start from the moment they are configured', () => {
  it('a request stored before is held back (and counted) until a backfill; one stored after is sent', async () => {
    const fresh = await mkdtemp(path.join(tmpdir(), 'site-notify-since-'));
    const own = await openContactStore({ kind: 'pglite', dataDir: fresh });
    let started: LeadNotifier | undefined;
    try {
      const { id: before } = await own.save(request('Vorher Gespeichert'), { form: 'business', locale: 'de' });
      const held: number[] = [];
      started = await startLeadNotifier(own.outbox, webhookOnly(), { pollMs: 20, onHeld: (n) => held.push(n) });
      expect(held).toEqual([1]);
      const { id: after } = await own.save(request('Danach Gespeichert'), { form: 'business', locale: 'de' });
      started.poke();
      await until(() => hook.ids().has(after), 10_000);
      // The poll ran after `after` was delivered, and never took `before`.
      await started.stop();
      expect(hook.ids().has(before)).toBe(false);
      // A restart is still "configured": nothing new is held, `before` still waits.
      started = await startLeadNotifier(own.outbox, webhookOnly(), { pollMs: 20, onHeld: (n) => held.push(n) });
      await started.stop();
      expect(held).toEqual([1, 1]);
      expect(hook.ids().has(before)).toBe(false);
      // --backfill sends it.
      started = await startLeadNotifier(own.outbox, { ...webhookOnly(), backfill: true }, { pollMs: 20, onHeld: (n) => held.push(n) });
      await until(() => hook.ids().has(before), 10_000);
      expect(held).toEqual([1, 1]);
      expect(hook.deliveries.filter((d) => d.headers['idempotency-key'] === after)).toHaveLength(1);
    } finally {
      await started?.stop();
      await own.close();
      await rm(fresh, { recursive: true, force: true });
    }
  });
});

describe('lead notifications by e-mail', () => {
  it('sends the sales team a mail over SMTP that sales can act on: Reply-To the visitor, local time, names, text and HTML parts', async () => {
    const smtp = await smtpCapture({ user: 'sales-bot', pass: 'smtp-pass-9c1e' });
    try {
      const config = notifierConfig({
        SITE_NOTIFY_SMTP_URL: smtp.url,
        SITE_NOTIFY_EMAIL_TO: 'vertrieb@example.com',
        SITE_NOTIFY_EMAIL_FROM: 'website@example.com',
      });
      const lead = {
        ...request('Jörg <b>Beispiel</b>\nE-Mail: boss@evil.example'),
        company: 'Müller & Söhne <GmbH>',
        message: 'Hallo,\nE-Mail: x@evil.example\n<script>alert(1)</script>',
      };
      const { id } = await store.save(lead, { form: 'chat-demo', locale: 'es' });
      notifier = await startLeadNotifier(store.outbox, config, { pollMs: 50 });
      await until(() => smtp.mails.some((m) => m.raw.includes(id)), 10_000);
      const mail = smtp.mails.find((m) => m.raw.includes(id))!;
      expect(mail.to).toEqual(['vertrieb@example.com']);
      expect(mail.from).toBe('website@example.com');
      const parsed = await PostalMime.parse(mail.raw);
      expect(parsed.messageId).toBe(`<${id}@lead.site>`);
      // Answering the mail answers the visitor (their name on one line), not the site's own address.
      expect(parsed.replyTo).toEqual([{ name: 'Jörg <b>Beispiel</b> E-Mail: boss@evil.example', address: lead.email }]);
      expect(parsed.from).toMatchObject({ address: 'website@example.com' });
      expect(parsed.subject).toBe('Neue Kontaktanfrage: Jörg <b>Beispiel</b> E-Mail: boss@evil.example (Chatbot-Demo, Spanisch)');
      // The moment in the site's time zone (content/site.yaml: Europe/Berlin), the date written out in German.
      const [stored] = await store.privacy
        .export(lead.email, new Date())
        .then((data) => (data as { contact_requests: { created_at: string }[] }).contact_requests);
      const berlin = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
        new Date(stored!.created_at),
      );
      const hour = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(new Date(stored!.created_at));
      const text = parsed.text!;
      expect(text).toContain(`\nEingegangen: ${berlin} um ${hour} ME`);
      expect(text).toMatch(/\nEingegangen: (Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. [A-Za-zä]+ \d{4} um \d\d:\d\d MES?Z\n/);
      // Names, not codes; no line a visitor's text could forge.
      expect(text).toContain('\nFormular: Chatbot-Demo\n');
      expect(text).toContain('\nSprache: Spanisch\n');
      expect(text).toContain('\nInteresse an: KI-Plattform, Individueller Chatbot\n');
      expect(text.split('\n').filter((line) => /^E-Mail:/.test(line))).toEqual([`E-Mail: ${lead.email}`]);
      expect(text).toContain('\n> Hallo,\n> E-Mail: x@evil.example\n> <script>alert(1)</script>\n');
      // The HTML part says the same, everything the visitor typed escaped.
      const html = parsed.html!;
      expect(html).toContain('<html lang="de-DE">');
      expect(html).toContain('Jörg &lt;b&gt;Beispiel&lt;/b&gt; E-Mail: boss@evil.example');
      expect(html).toContain('Müller &amp; Söhne &lt;GmbH&gt;');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toMatch(/<script|<b>/);
      expect(html).toContain(`<a href="mailto:${lead.email}">${lead.email}</a>`);
      expect(html).toContain(`<p><code>site leads show ${id}</code></p>`);
      expect(text).toContain(`\nsite leads show ${id}\n`);
      expect(html).toContain(`<td>${berlin} um ${hour} ME`);
    } finally {
      await notifier?.stop();
      notifier = undefined;
      await smtp.close();
    }
  });

  it('writes the time in the time zone content/site.yaml names', () => {
    const row = {
      id: '6f1c3a52-1111-4a2b-9c3d-000000000001',
      created_at: '2026-07-01T22:30:00.000Z',
      name: 'Ana',
      email: 'ana@example.com',
      company: null,
      products: null,
      subject: null,
      message: 'Hola',
      privacy_consent: true,
      form_variant: 'business',
      locale: 'es',
    } as const;
    const berlin = notificationWording('en');
    expect(receivedAt(row.created_at, berlin)).toBe('Thursday, 2 July 2026 at 00:30 CEST');
    expect(receivedAt(row.created_at, { ...berlin, timeZone: 'America/New_York' })).toBe('Wednesday, 1 July 2026 at 18:30 GMT-4');
    expect(leadEmail(row, notificationWording('fr')).text).toContain('Reçue le : jeudi 2 juillet 2026 à 00:30 UTC+2');
  });

  it('refuses a half-configured e-mail channel with the variables it needs', () => {
    expect(() => notifierConfig({ SITE_NOTIFY_EMAIL_TO: 'vertrieb@example.com' })).toThrow(
      'e-mail notifications need SITE_NOTIFY_SMTP_URL, SITE_NOTIFY_EMAIL_TO and SITE_NOTIFY_EMAIL_FROM',
    );
    expect(() => notifierConfig({ SITE_NOTIFY_WEBHOOK_URL: 'ftp://x' })).toThrow('SITE_NOTIFY_WEBHOOK_URL must be an http(s) URL');
    expect(notifierConfig({}).channels).toEqual([]);
    // The language is a locale with notification texts; it only matters once something is sent.
    expect(() => notifierConfig({ SITE_NOTIFY_WEBHOOK_URL: 'https://hooks.example/x', SITE_NOTIFY_LANGUAGE: 'it' })).toThrow(
      'SITE_NOTIFY_LANGUAGE must be one of de, fr, en, es (the locales whose file has leadNotification texts), not "it"',
    );
    expect(notifierConfig({ SITE_NOTIFY_LANGUAGE: 'it' }).channels).toEqual([]);
    expect(() => notificationWording(undefined, { timeZone: 'Europe/Berlin', defaultLanguage: 'de', languages: {} })).toThrow(
      'no locale file has leadNotification texts',
    );
  });
});
