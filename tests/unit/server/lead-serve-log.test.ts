/**
 * `site serve` and the leads it stores, through a real process: each stored lead is logged by id and
 * form (no personal data), and notifications start from the moment they are configured: a lead stored
 * before is announced as held back and only sent with `--backfill`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { storeTarget } from '../../../src/server/contact-store.ts';
import { readLeads } from '../../../src/server/leads.ts';
import { newRunId, sendContactRequests, startSiteServe, type SiteServe } from '../../../bench/support/site-serve.ts';
import { webhookReceiver } from './support/lead-receivers.ts';
import { until } from '../../support/until.ts';
import { scaled } from '../../support/time-scale.ts';

let dir: string;
let outDir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-serve-log-'));
  outDir = await mkdtemp(path.join(tmpdir(), 'site-serve-log-out-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(outDir, { recursive: true, force: true });
});

async function sendOne(server: SiteServe, run: string) {
  const [result] = await sendContactRequests({ url: server.url, run, total: 1, concurrency: 1 });
  expect(result!.status).toBe(200);
  return { id: result!.id!, body: result!.body };
}

it('logs each stored lead by id and form only; a lead stored before notifications were configured waits for --backfill', async () => {
  const hook = await webhookReceiver();
  const options = { outDir, dataDir: path.join(dir, 'data') };
  const notify = { env: { SITE_NOTIFY_WEBHOOK_URL: hook.url } };
  const servers: SiteServe[] = [];
  try {
    const plain = await startSiteServe(options);
    servers.push(plain);
    const before = await sendOne(plain, newRunId());
    await until(() => plain.stdout().includes(`stored lead ${before.id} (form business;`), 10_000);
    await plain.stop();
    for (const secret of [before.body.email, before.body.name, before.body.subject]) expect(plain.stdout() + plain.stderr()).not.toContain(secret);

    const notifying = await startSiteServe({ ...options, ...notify });
    servers.push(notifying);
    expect(notifying.stdout()).toContain('1 lead stored before notifications were configured is not sent (`site serve --backfill` sends it)');
    const after = await sendOne(notifying, newRunId());
    await until(() => hook.ids().has(after.id), 20_000);
    await notifying.stop();
    expect(hook.ids().has(before.id)).toBe(false);

    const backfilling = await startSiteServe({ ...options, ...notify, args: ['--backfill'] });
    servers.push(backfilling);
    await until(() => hook.ids().has(before.id), 20_000);
    await backfilling.stop();
    expect(backfilling.stdout()).not.toContain('not sent');
    expect(hook.deliveries.filter((d) => d.headers['idempotency-key'] === after.id)).toHaveLength(1);
  } finally {
    for (const server of servers) await server.stop();
    await hook.close();
  }
});

/** `site leads …` on a real terminal (util-linux `script` gives it a pseudo-terminal), `typed` sent as its keyboard input. */
function onTerminal(args: string[], typed: string): { status: number | null; output: string } {
  const command = [process.execPath, path.resolve('bin/site.js'), ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const run = spawnSync('script', ['-qec', command, '/dev/null'], {
    input: typed,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', DATABASE_URL: '' },
    timeout: scaled(60_000),
  });
  return { status: run.status, output: run.stdout.replace(/\r\n/g, '\n') };
}

it.skipIf(spawnSync('script', ['--version']).status !== 0)('site leads erase on a terminal shows what it deletes and deletes only after "yes"', async () => {
  const dataDir = path.join(dir, 'erase-data');
  const server = await startSiteServe({ outDir, dataDir });
  try {
    const { id, body } = await sendOne(server, newRunId());
    const declined = onTerminal(['leads', 'erase', body.email, '--data', dataDir], 'no\n');
    expect(declined.output).toContain(`will erase 1 contact request and 1 lead notification stored about "${body.email}":\n  ${id}  received `);
    expect(declined.output).toContain('erase it? type yes to confirm: ');
    expect(declined.output).toContain('nothing was erased');
    expect(declined.status).toBe(1);
    // startSiteServe runs site serve on PGlite whatever DATABASE_URL says (CI sets it for other tests).
    expect((await readLeads(dataDir, storeTarget(dataDir, ''))).map((r) => r.id)).toContain(id);
    const confirmed = onTerminal(['leads', 'erase', body.email, '--data', dataDir], 'yes\n');
    expect(confirmed.output).toMatch(/erased 2 rows stored about \S+ \(contact_requests: 1, lead_notifications: 1\)/);
    expect(confirmed.status).toBe(0);
    expect((await readLeads(dataDir, storeTarget(dataDir, ''))).map((r) => r.id)).not.toContain(id);
  } finally {
    await server.stop();
  }
});
