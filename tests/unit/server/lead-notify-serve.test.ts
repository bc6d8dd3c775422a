/**
 * Lead notifications end to end through a real `site serve` process (issue #21): 500 contact requests
 * while the webhook receiver is down, then hanging mid-delivery while the server is killed (SIGKILL),
 * then a restart with the receiver back. Every acknowledged request reaches the webhook and the SMTP
 * receiver (after de-duplication by id: none lost), and no secret ever shows in the server's output.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newRunId, sendContactRequests, startSiteServe, type SiteServe } from '../../../bench/support/site-serve.ts';
import { smtpCapture, webhookReceiver } from './support/lead-receivers.ts';
import { until } from '../../support/until.ts';
import { scaled } from '../../support/time-scale.ts';

const run = promisify(execFile);
const BIN = path.resolve('bin/site.js');
const WEBHOOK_SECRET = 'whsec-never-logged-71c2';
const WEBHOOK_TOKEN = 'tok-in-url-never-logged-5e0d';
const SMTP_PASSWORD = 'smtp-pw-never-logged-a93f';

let dir: string;
let outDir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-notify-serve-'));
  outDir = await mkdtemp(path.join(tmpdir(), 'site-notify-out-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(outDir, { recursive: true, force: true });
});

it(
  '500 requests: the receiver down, then hanging while the server is killed, then back: every one delivered to both channels, no secret logged',
  async () => {
    const hook = await webhookReceiver();
    const smtp = await smtpCapture({ user: 'sales', pass: SMTP_PASSWORD });
    const env = {
      SITE_NOTIFY_WEBHOOK_URL: `${hook.url}?token=${WEBHOOK_TOKEN}`,
      SITE_NOTIFY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SITE_NOTIFY_SMTP_URL: smtp.url,
      SITE_NOTIFY_EMAIL_TO: 'vertrieb@example.com',
      SITE_NOTIFY_EMAIL_FROM: 'website@example.com',
      SITE_NOTIFY_LEASE_SECONDS: '2',
      SITE_NOTIFY_RETRY_SECONDS: '1',
    };
    const options = { outDir, dataDir: path.join(dir, 'data'), rateLimit: '5000/60', env };
    const output: string[] = [];
    const servers: SiteServe[] = [];
    try {
      hook.answer(503);
      const first = await startSiteServe(options);
      servers.push(first);
      const results = await sendContactRequests({ url: first.url, run: newRunId(), total: 500, concurrency: 25 });
      const acknowledged = new Set(results.flatMap((r) => (r.status === 200 && r.id ? [r.id] : [])));
      expect(acknowledged.size).toBe(500);
      // The receiver now takes requests and never answers: deliveries are in flight when the server dies.
      await until(() => first.stderr().includes('webhook: HTTP 503'), 20_000);
      hook.answer('hang');
      await until(() => hook.held() > 0, 20_000);
      await first.kill();
      output.push(first.stdout(), first.stderr());

      hook.answer(200);
      const second = await startSiteServe(options);
      servers.push(second);
      await until(() => second.stdout().includes('new leads are notified by webhook and email'), 5_000);
      await until(() => [...acknowledged].every((id) => hook.ids().has(id)), 90_000);
      await until(() => new Set(smtp.mails.flatMap((m) => /Message-ID: <([0-9a-f-]{36})@lead\.site>/i.exec(m.raw)?.[1] ?? [])).size >= 500, 30_000);
      expect(hook.ids()).toEqual(acknowledged);
      const mailed = new Set(smtp.mails.flatMap((m) => /Message-ID: <([0-9a-f-]{36})@lead\.site>/i.exec(m.raw)?.[1] ?? []));
      expect(mailed).toEqual(acknowledged);

      // Nothing is failing any more, as `site leads --failed` tells the operator (through the running server).
      const { stdout } = await run(process.execPath, [BIN, 'leads', '--failed', '--data', options.dataDir], {
        env: { ...process.env, NO_COLOR: '1', DATABASE_URL: '' },
      });
      expect(stdout).toContain('no lead notification is failing');
      await second.stop();
      output.push(second.stdout(), second.stderr());
      const logged = output.join('\n');
      for (const secret of [WEBHOOK_SECRET, WEBHOOK_TOKEN, SMTP_PASSWORD]) expect(logged).not.toContain(secret);
      expect(logged).toMatch(/lead notification [0-9a-f-]{36} via webhook: HTTP 503 \(retried later\)/);
    } finally {
      for (const server of servers) await server.kill();
      await hook.close();
      await smtp.close();
    }
  },
  scaled(240_000),
);
