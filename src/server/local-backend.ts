import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { configuredLocales } from './site-origin.ts';
import { FUNCTION_PATH } from '../../supabase/functions/_shared/contact-fields.ts';
import { memoryRateLimiter, type RateLimit } from '../../supabase/functions/_shared/rate-limit.ts';
import { openContactStore, storeTarget, type StoreTarget } from './contact-store.ts';
import { contactRoute } from './contact-route.ts';
import { notifierConfig, startLeadNotifier, type LeadNotifier, type LeadNotifierOptions, type NotifierConfig } from './lead-notifier.ts';
import { acquireLease, leadsRoute, LEADS_PATH, newLeaseToken, type HeldLease } from './leads.ts';
import { securePrivateDir } from './private-dir.ts';
import { startRetention, type RetentionOptions } from './retention.ts';
import type { RouteHandler } from './server.ts';

/** The contact backend `site serve` and `site dev` answer with: the function's handler on a local store. */
export interface LocalBackend {
  /** Where requests are stored, for people. */
  location: string;
  /** The channels new leads are notified through (empty: notifications are off). */
  notifies: string[];
  handlers: RouteHandler[];
  /** Tells `site leads` which server holds the store (once it listens). */
  publish(url: string): Promise<void>;
  close(): Promise<void>;
}

export interface LocalBackendOptions {
  dataDir: string;
  rateLimit: RateLimit;
  onStoreError(error: unknown): void;
  /** Believe X-Forwarded-For (its last entry: the address the proxy in front saw); off unless a proxy is in front. */
  trustProxy?: boolean;
  /** Origins of the site besides the server's own (site.yaml's URL): allowed to post the contact form. */
  siteOrigins?: readonly string[];
  /** Told about each stored contact request: its id and form (no personal data, so it may be logged). */
  onStored?(id: string, form: string | null): void;
  /** The content folder whose site.yaml lists the languages a request may name (read per request). */
  contentDir?: string;
  /** Told when the data directory's modes were tightened. */
  onNotice?(message: string): void;
  /** The retention purge at start and once a day (see server/retention.ts); tests inject its clock and timer. */
  retention?: RetentionOptions;
  /**
   * New-lead notifications: the channels (default: from SITE_NOTIFY_* in the environment; none means
   * off) and the notifier's timing and reports (server/lead-notifier.ts).
   */
  notify?: { config?: NotifierConfig; backfill?: boolean } & LeadNotifierOptions;
}

export function describeTarget(target: StoreTarget): string {
  return target.kind === 'pglite' ? `PGlite in ${target.dataDir}` : 'DATABASE_URL';
}

/** Opens the store (PGlite under `dataDir`, or DATABASE_URL); throws with a readable message when it cannot. */
export async function openLocalBackend(options: LocalBackendOptions): Promise<LocalBackend> {
  const { contentDir } = options;
  const target = storeTarget(options.dataDir);
  const token = newLeaseToken();
  let lease: HeldLease | undefined;
  let notifier: LeadNotifier | undefined;
  // A half-configured channel is refused before anything opens.
  const notify = { ...(options.notify?.config ?? notifierConfig()), ...(options.notify?.backfill ? { backfill: true } : {}) };
  try {
    if (target.kind === 'pglite') {
      const { tightened } = await securePrivateDir(options.dataDir);
      if (tightened)
        options.onNotice?.(
          `${options.dataDir}: made ${tightened} file${tightened === 1 ? '' : 's'} and folder${tightened === 1 ? '' : 's'} readable by their owner only (0600/0700)`,
        );
      // PGlite is single-process: hold the directory before opening it (see server/leads.ts).
      lease = await acquireLease(options.dataDir, token);
    }
    const store = await openContactStore(target);
    // PGlite lays out a new database with modes of its own (0666 under any umask): tightened once more.
    if (target.kind === 'pglite') await securePrivateDir(options.dataDir);
    const retention = await startRetention(store, options.retention ?? {});
    if (notify.channels.length) notifier = await startLeadNotifier(store.outbox, notify, options.notify);
    // The notification is queued with the request (a trigger, same transaction); this only wakes the
    // notifier, so a new lead goes out at once instead of at the next poll. The operator is told the
    // id and form of each stored lead (never its personal data).
    const notifying = {
      ...store,
      save: async (...args: Parameters<typeof store.save>) => {
        const saved = await store.save(...args);
        notifier?.poke();
        options.onStored?.(saved.id, args[1]?.form ?? null);
        return saved;
      },
    };
    return {
      location: store.location,
      notifies: notify.channels.map((c) => c.name),
      handlers: [
        contactRoute({
          store: notifying,
          allowedOrigins: options.siteOrigins ?? [],
          trustProxy: options.trustProxy,
          // One process, so the counts live in memory; the HMAC key lives only as long as they do.
          rateLimit: { limiter: memoryRateLimiter(options.rateLimit), secret: randomBytes(32).toString('hex') },
          onStoreError: options.onStoreError,
          locales: contentDir === undefined ? undefined : () => configuredLocales(contentDir),
        }),
        leadsRoute(store, token, { dataDir: options.dataDir, now: options.retention?.now }),
      ],
      publish: async (url) => void (await lease?.publish(url)),
      async close() {
        retention.stop();
        await notifier?.stop();
        await lease?.release();
        await store.close();
      },
    };
  } catch (error) {
    await notifier?.stop();
    await lease?.release();
    throw new Error(`cannot open the contact store (${describeTarget(target)}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * The same backend, opened on the first request that needs it: `site dev` starts in a fraction of a
 * second, and only a developer who sends a form waits for the store (PGlite's first open takes seconds).
 */
export function lazyLocalBackend(options: LocalBackendOptions, serverUrl: () => string): { handler: RouteHandler; close(): Promise<void> } {
  let opening: Promise<LocalBackend> | undefined;
  const handler: RouteHandler = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== FUNCTION_PATH && path !== LEADS_PATH) return false;
    opening ??= openLocalBackend(options).then(async (backend) => {
      await backend.publish(serverUrl());
      return backend;
    });
    let backend: LocalBackend;
    try {
      backend = await opening;
    } catch (error) {
      opening = undefined;
      res
        .writeHead(503, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      return true;
    }
    for (const next of backend.handlers) if (await next(req, res)) return true;
    return false;
  };
  return { handler, close: async () => void (await (await opening?.catch(() => undefined))?.close()) };
}
