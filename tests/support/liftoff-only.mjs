/**
 * Imported first by every Node process of a vitest run (vitest.config.ts puts it in NODE_OPTIONS, which the test
 * workers and the `site` children they start inherit): PGlite's WebAssembly Postgres is compiled by V8's baseline
 * compiler only. Its optimising tier compiled the ~10 MB module again on background threads in every process that
 * opened a database, about 0.7 of the 2.4 CPU-s of an open, and no test process lives long enough to gain it back.
 * The code runs the same; only how V8 compiles it changes. (`--liftoff-only` itself is not allowed in NODE_OPTIONS.)
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--liftoff-only');
