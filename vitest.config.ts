import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    // Two test files at once on the 2-core machines this runs on (vitest's default is cores − 1 = one):
    // most files wait on servers, PGlite and child processes, not the CPU (832 tests: 303 s → 202 s in one
    // run). Files that share the DATABASE_URL server use a database or rows of their own, and site dev's
    // tests no longer race the watcher (tests/unit/dev/dev-server.test.ts).
    maxWorkers: 2,
    hookTimeout: 60_000,
  },
});
