import { expect, type Locator } from '@playwright/test';

/**
 * Waking an island loads and compiles React (~80 KB gzip) and hydrates. On a loaded machine that is the slow part:
 * 3.2-6.6 s from a click to the island's replay of it with the renderer's CPU slowed 6x at load 13-17 (the chat-demo
 * flake of stop 30, 6 of 200 runs), past the 5 s expect timeout, though nothing was wrong. So hydration gets 15 s;
 * what a test asserts after it keeps the normal timeout.
 */
export const HYDRATION_TIMEOUT = 15_000;

/** Waits until `island` has hydrated (`data-hydrated`, set by mount() once React has taken the markup over). */
export async function expectHydrated(island: Locator): Promise<void> {
  await expect(island).toHaveAttribute('data-hydrated', '', { timeout: HYDRATION_TIMEOUT });
}
