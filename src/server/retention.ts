import { PRIVACY_POLICY } from '../../supabase/functions/_shared/generated/privacy-policy.ts';
import type { PurgedRequest } from './contact-privacy.ts';
import type { LocalContactStore } from './contact-store.ts';

export const PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface RetentionOptions {
  /** The clock the rule is evaluated at (default: the system clock). */
  now?: () => Date;
  /**
   * Calls `run` every `ms` until cancelled (default: an unref'd setInterval, so it never keeps the process alive).
   * `run` resolves once that purge ended (it never rejects: a failure goes to `onError`).
   */
  every?: (run: () => Promise<void>, ms: number) => () => void;
  /** Told after every purge that removed something. */
  onPurged?: (requests: PurgedRequest[], retentionMonths: number) => void;
  /** Told when a purge failed (the next one tries again; serving goes on). */
  onError?: (error: unknown) => void;
}

const defaultEvery = (run: () => Promise<void>, ms: number) => {
  const timer = setInterval(() => void run(), ms);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * The privacy policy's retention promise without an operator: `site serve` deletes every request that
 * was not kept and is older than `constants.privacy.contactRetentionMonths`, once when it starts
 * (awaited, so a server that was off for a while starts clean) and then once a day.
 */
export async function startRetention(store: LocalContactStore, options: RetentionOptions): Promise<{ stop(): void }> {
  let running: Promise<void> | undefined;
  const purge = () => {
    // A purge still running (a slow database) is not started twice.
    running ??= store.privacy
      .purge({ now: options.now?.() ?? new Date(), retentionMonths: PRIVACY_POLICY.contactRetentionMonths, dryRun: false })
      .then((requests) => void (requests.length && options.onPurged?.(requests, PRIVACY_POLICY.contactRetentionMonths)))
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => (running = undefined));
    return running;
  };
  await purge();
  const cancel = (options.every ?? defaultEvery)(purge, PURGE_INTERVAL_MS);
  return { stop: cancel };
}
