/**
 * Deadlines for hung tests, stretched on a busy machine. A deadline says "this has hung", never "this was slow": on a
 * machine shared with CPU-bound work (`npm run test:load` sets SITE_TEST_TIME_SCALE) the same work takes that many
 * times longer, and a deadline that does not stretch with it fails a test that was only waiting its turn.
 */
export const TIME_SCALE = Math.max(1, Number(process.env.SITE_TEST_TIME_SCALE) || 1);

/** `ms` stretched by the machine's declared load factor. */
export function scaled(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}
