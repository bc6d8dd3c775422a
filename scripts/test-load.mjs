#!/usr/bin/env node
// `npm run test:load [-- runs]`: the whole suite (`npm test`) with two CPU-bound processes beside it, as on a shared CI
// machine, `runs` times in a row (default 3); exit 1 at the first run that fails. The busy processes are children of
// this script and are killed when it ends, however it ends.
import { spawn } from 'node:child_process';

const runs = Number(process.argv[2] ?? 3);
const busy = Array.from({ length: 2 }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopBusy = () => busy.forEach((child) => child.kill('SIGKILL'));
process.once('exit', stopBusy);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

let failed = 0;
for (let run = 1; run <= runs && !failed; run++) {
  process.stdout.write(`\n══ npm test under load: run ${run} of ${runs} ══\n`);
  // Two busy processes on top of the suite's own: hang deadlines stretch by 3 (tests/support/time-scale.ts); no
  // assertion does, since none is a time bound.
  const env = { ...process.env, SITE_TEST_TIME_SCALE: process.env.SITE_TEST_TIME_SCALE ?? '3' };
  const code = await new Promise((resolve) => spawn('npm', ['test'], { stdio: 'inherit', env }).once('exit', resolve));
  if (code !== 0) failed = run;
}
stopBusy();
process.stdout.write(failed ? `\nrun ${failed} failed under load\n` : `\n${runs} runs passed under load\n`);
process.exitCode = failed ? 1 : 0;
