/**
 * npm run bench:editor [-- --against <checkout>] [--runs N]: the /admin editor's keystroke-to-preview latency
 * (median and each phase's median) of this checkout, and with --against of another one (e.g. a worktree of
 * main) in the same run, keystrokes taken in turn, so both meet the same machine load. Both edit a copy of
 * this checkout's content/.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openEditor, type EditorSession, type PreviewTiming } from './support/editor-latency.ts';
import { median, repo } from './support/measure.ts';
import { launchChromium } from './support/page-scripts.ts';

const { values } = parseArgs({ options: { against: { type: 'string' }, runs: { type: 'string', default: '12' } } });
const runs = Number(values.runs);
const checkouts = [
  { name: 'this checkout', dir: repo },
  ...(values.against ? [{ name: path.resolve(values.against), dir: path.resolve(values.against) }] : []),
];

const browser = await launchChromium();
const sessions: EditorSession[] = [];
const timings: PreviewTiming[][] = checkouts.map(() => []);
const load: number[] = [];
try {
  for (const checkout of checkouts) sessions.push(await openEditor(browser, checkout.dir, path.join(repo, 'content')));
  for (let run = 0; run < runs; run++) {
    const letter = String.fromCharCode(97 + (run % 26));
    for (const [i, session] of sessions.entries()) timings[i]!.push(await session.keystroke(letter));
    load.push(loadavg()[0]!);
  }
} finally {
  await Promise.all(sessions.map((s) => s.close()));
  await browser.close();
}

const ms = (value: number) => `${Math.round(value)} ms`;
process.stdout.write(
  `keystroke → preview paint, ${runs} keystrokes each, load average (1 min) ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} (median ${median(load).toFixed(1)}) on ${(await import('node:os')).cpus().length} cores\n`,
);
for (const [i, checkout] of checkouts.entries()) {
  const t = timings[i]!;
  const phase = (key: keyof PreviewTiming) => {
    const values = t.map((x) => x[key]).filter(Number.isFinite);
    return values.length ? ms(median(values)) : 'none';
  };
  process.stdout.write(
    `\n${checkout.name}\n  paint median ${phase('paint')} (min ${ms(Math.min(...t.map((x) => x.paint)))}, max ${ms(Math.max(...t.map((x) => x.paint)))})\n` +
      `  phases (median ms after the key): sent ${phase('sent')}, answered ${phase('answered')}, page fetched by the frame ${phase('fetched')}, arrived ${phase('arrived')}, painted ${phase('paint')}\n` +
      `  pages rendered per keystroke: ${t.map((x) => x.rendered).join(', ')}\n` +
      `  all runs (ms): ${t.map((x) => Math.round(x.paint)).join(', ')}\n`,
  );
}
if (checkouts.length === 2)
  process.stdout.write(
    `\nratio of medians (this / other): ${(median(timings[0]!.map((x) => x.paint)) / median(timings[1]!.map((x) => x.paint))).toFixed(2)}\n`,
  );
