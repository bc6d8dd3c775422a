#!/usr/bin/env node
// `npm test`: every stage of the suite, with the independent ones at the same time, and the time each
// took. Type checks and the Deno tests wait on the compiler and on Deno more than on the CPU, so they run
// beside the unit tests; the browser tests need the build, and `site check --out dist` checks that build.
// Every stage runs to the end even when another fails (one run shows every failure); exit 1 if any failed.
import { spawn } from 'node:child_process';

/**
 * Runs one stage and resolves with its result. `heldUntil`: the stage starts now, and its standard input is
 * closed when that promise settles (the browser suite waits for it, tests/browser/support/held-start.ts); its
 * time is counted from then, what it did before (starting the test server) being off the critical path.
 */
function run(name, command, { heldUntil } = {}) {
  let started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: [heldUntil ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      env: heldUntil ? { ...process.env, SITE_TEST_HELD: 'stdin' } : process.env,
    });
    // A suite that ended before its release (its server did not start) has closed its end of the pipe.
    child.stdin?.on('error', () => {});
    heldUntil?.finally(() => {
      started = performance.now();
      child.stdin.end();
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      // Output is printed whole, stage by stage, so parallel stages do not interleave.
      process.stdout.write(`\n── ${name} (${command}) ──\n${out}`);
      resolve({ name, ok: code === 0, seconds, out });
    });
  });
}

// `--quick` (`npm run test:quick`, the inner loop): the type check beside the unit tests of the pipeline
// stages (vitest.config.ts's `stages` project), without the server, CLI and dev-server integration tests, the
// build and the browser.
const quick = process.argv.includes('--quick');
// Incremental: a second type check after a small edit re-checks what changed (18 → 5 CPU-seconds here);
// the build info lives in the git-ignored cache, so a fresh clone checks everything.
const typecheck = 'tsc --noEmit --incremental --tsBuildInfoFile node_modules/.cache/site/tsc/tsbuildinfo';

const started = performance.now();
// The unit and browser suites' tests run one after the other: side by side on two cores they starved each
// other (PGlite restarts and site dev's timing tests ran past their limits in CI). What the browser tests need
// is made while the unit tests run, in the second of a core they leave idle: the build, the check of that
// build, and the browser suite's start (its test server), held until vitest ends.
let results;
if (quick) {
  results = await Promise.all([run('typecheck', typecheck), run('vitest', 'vitest run --project stages')]);
} else {
  const vitest = run('vitest', 'vitest run');
  results = await Promise.all([
    (async () => [
      await run('typecheck', typecheck),
      await run('typecheck:function', 'npm run --silent typecheck:function'),
      await run('deno', 'npm run --silent test:function'),
      // Formatting, then lint errors; the warning count is a ratchet (package.json): new code may lower it, not raise it.
      await run('lint', 'npm run --silent lint:gate'),
    ])(),
    vitest,
    (async () => {
      const build = await run('build', 'node bin/site.js build');
      const playwright = run('playwright', 'playwright test', { heldUntil: vitest });
      const check = await run('check', 'node bin/site.js check --out dist');
      return [build, await playwright, check];
    })(),
  ]);
}
const stages = results.flat();
process.stdout.write(`\n${stages.map((s) => `${s.ok ? 'ok  ' : 'FAIL'} ${s.name.padEnd(20)} ${s.seconds.toFixed(1).padStart(7)} s`).join('\n')}\n`);
process.stdout.write(`total ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
// CI keeps only the tail of the log: repeat what failed (and what passed only on a retry) below the table.
for (const stage of stages) {
  const lines = stage.out
    .split('\n')
    .filter((l) => /✘|\bflaky\b|^\s*\d+\) |\bFAIL\b|Error:|\d+ failed/.test(l))
    .slice(0, 20);
  if (!stage.ok || lines.some((l) => /flaky/.test(l))) process.stdout.write(`\n${stage.name}:\n${lines.join('\n')}\n`);
}
process.exitCode = stages.every((s) => s.ok) ? 0 : 1;
