/**
 * Playwright's global setup. `npm test` (scripts/test-stages.mjs) starts the browser suite while the unit tests
 * still run, with `SITE_TEST_HELD=stdin`: the test server starts then (webServer comes before the global
 * setup), and the tests wait here until the stage runner closes this process's standard input, when the unit
 * tests have ended. The server's start is then off the suite's critical path, and the tests never run beside
 * the unit tests, which starved each other's timings side by side. A runner that dies closes the input too,
 * so the suite runs and stops its server rather than hang.
 */
export default async function heldStart(): Promise<void> {
  if (process.env.SITE_TEST_HELD !== 'stdin') return;
  await new Promise<void>((resolve) => {
    process.stdin
      .on('end', resolve)
      .on('error', () => resolve())
      .resume();
  });
}
