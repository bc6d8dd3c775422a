import { defineConfig, devices } from '@playwright/test';
import { disabledFeatures } from './tests/browser/support/chromium-features.ts';
import { scaled } from './tests/support/time-scale.ts';

const port = Number(process.env.SITE_TEST_PORT ?? 4390);
/** Contact requests the browser tests send; emptied when the test server starts (tests/browser/support/leads.ts). */
const dataDir = process.env.SITE_TEST_DATA_DIR ?? `.data/browser-tests-${port}`;

/** Browser suite: Debian's Chromium against the built dist/ served by `site serve`. */
export default defineConfig({
  testDir: 'tests/browser',
  fullyParallel: true,
  // Two workers on the 2-core machines this runs on: most of a test's time is waiting for the browser and
  // the server, not the CPU (one worker, Playwright's default for 2 cores, left the CPU idle half the time).
  workers: Number(process.env.SITE_TEST_WORKERS ?? 2),
  // One retry in CI, where the machine is shared and a timing can slip; a test that needed it is listed as
  // flaky at the end of `npm test` (scripts/test-stages.mjs), so it is seen and mended, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Playwright's own deadlines (30 s a test, 5 s an expectation) say "this has hung"; they stretch with the
  // declared load like every other deadline (`npm run test:load`), and no assertion depends on them.
  timeout: scaled(30_000),
  expect: { timeout: scaled(5_000) },
  globalSetup: './tests/browser/support/held-start.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // `--in-process-gpu`: with the GPU off Chromium still composites every frame in software in a GPU process
      // of its own; running it as a thread of the browser process spares the IPC between them (0.93× the CPU-s
      // of the whole process tree on the layout gate and every-route, measured side by side).
      // `--disable-features`: the renderers a test's page does not need (support/chromium-features.ts).
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--in-process-gpu',
        `--disable-features=${disabledFeatures.join(',')}`,
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The suite sends a few dozen contact requests from 127.0.0.1 within a minute; the limit stays on,
    // set above that (tests/unit/contact/abuse.test.ts checks the production default of 5/60).
    // `exec`: the server is Playwright's own child, so it stops when Playwright ends, even by SIGKILL
    // (`site serve` watches its parent, src/server/lifetime.ts), not only when Playwright stops it.
    command: `rm -rf ${dataDir} && exec node bin/site.js serve --port ${port} --data ${dataDir} --rate-limit 120/60`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: scaled(60_000),
  },
});
