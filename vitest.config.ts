import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { scaled } from './tests/support/time-scale.ts';

// Every Node process of the run (workers, and the `site` children tests start with their environment) loads this
// first: see the file.
const LIFTOFF_ONLY = `--import=${JSON.stringify(fileURLToPath(new URL('tests/support/liftoff-only.mjs', import.meta.url)))}`;
if (!process.env.NODE_OPTIONS?.includes(LIFTOFF_ONLY)) process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} ${LIFTOFF_ONLY}`.trim();

/**
 * The server, CLI and dev-server integration tests: child processes, servers, PGlite and PostgreSQL. Each
 * file runs in a fresh process (vitest's isolation), so a server or an environment variable of one file can
 * never reach another.
 */
const INTEGRATION = [
  'tests/unit/server/**',
  'tests/unit/cli/**',
  'tests/unit/dev/**',
  'tests/unit/contact/access-control.test.ts',
  'tests/unit/real-site/site-check.test.ts',
  'tests/unit/check/cli.test.ts',
  // `site build`, `check` and `serve` as child processes on a copy of the project.
  'tests/unit/content/add-language.test.ts',
  // nginx serving a build (the host files' test).
  'tests/unit/output/host-files.test.ts',
  // The generated reference pages: each command's --help from a child process.
  'tests/unit/docs/**',
  // `site serve` and PGlite behind the contact handler.
  'tests/unit/contact/abuse.test.ts',
  'tests/unit/contact/hostile-input.test.ts',
  // `site build` and Hugo as child processes on synthetic pages.
  'tests/unit/bench/peers.test.ts',
];

export default defineConfig({
  test: {
    // A deadline for a hung test, not a time bound on a slow one: a busy CI machine (npm run test:load) runs a
    // check of a small site in 30-60 s.
    testTimeout: scaled(90_000),
    // Two test files at once on the 2-core machines this runs on (vitest's default is cores − 1 = one):
    // most files wait on servers, PGlite and child processes, not the CPU (832 tests: 303 s → 202 s in one
    // run). Files that share the DATABASE_URL server use a database or rows of their own, and site dev's
    // tests no longer race the watcher (tests/unit/dev/dev-server.test.ts).
    maxWorkers: 2,
    hookTimeout: scaled(60_000),
    // The PGlite copies every new test database starts from, made once before any file runs (on a fresh clone
    // the files that opened a database first each ran initdb).
    globalSetup: ['tests/support/pglite-copies.ts'],
    projects: [
      {
        extends: true,
        test: {
          // The pipeline stages' tests (`npm run test:quick`): pure functions over fixture content. They share
          // a worker's loaded modules instead of importing React, zod and the pipeline again for every file
          // (about a third of their time: 94 s → 71 s for render, content and schema side by side).
          name: 'stages',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: INTEGRATION,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'integration', include: INTEGRATION.map((p) => (p.endsWith('/**') ? `${p}/*.test.{ts,tsx}` : p)) } },
    ],
  },
});
