import { scaled } from './time-scale.ts';

/**
 * Waits for a state, never for a time: looks at `condition` every 25 ms until it gives a truthy value, and returns
 * that value. For states no event announces (another process's port, a row a server stores on its own schedule,
 * events a stream has collected). `ms` only says "this has hung" (stretched by SITE_TEST_TIME_SCALE); it then
 * throws naming `what`.
 */
export async function until<T>(condition: () => T | Promise<T>, ms = 10_000, what = 'the condition to hold'): Promise<NonNullable<T>> {
  const end = Date.now() + scaled(ms);
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
