/**
 * `npm run attack`: replays the attack set (bench/support/attacks.ts) against a fresh `site serve` of
 * the built dist/ on 127.0.0.1, with a temporary data directory and 4,096 open files at most, then the
 * `site dev` attacks (bench/support/dev-attacks.ts) against a `site dev` of a copy of content/, and
 * prints a table. Exits 1 when any attack found something. `ATTACK_ONLY=id,id` runs a subset.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_ATTACKS, prepareAttackRoot, type AttackResult } from './support/attacks.ts';
import { DEV_ATTACKS } from './support/dev-attacks.ts';
import { startSiteDev } from './support/site-dev.ts';
import { startSiteServe } from './support/site-serve.ts';

const RATE_LIMIT = 30;
const dir = await mkdtemp(path.join(tmpdir(), 'site-attack-'));
const root = path.join(dir, 'dist');
const largeFile = await prepareAttackRoot(path.resolve('dist'), root);
const dataDir = path.join(dir, 'data');
const server = await startSiteServe({ outDir: root, dataDir, rateLimit: `${RATE_LIMIT}/60`, fdLimit: 4096 });
const only = process.env.ATTACK_ONLY?.split(',');
const rows: [string, string, AttackResult][] = [];
try {
  for (const attack of ALL_ATTACKS) {
    if (only && !only.includes(attack.id)) continue;
    const started = performance.now();
    const result = await attack
      .run({ url: server.url, pid: server.child.pid!, root, dataDir, largeFile, rateLimit: RATE_LIMIT })
      .catch((error: unknown): AttackResult => ({ held: false, measured: `attack failed to run: ${error instanceof Error ? error.message : String(error)}` }));
    rows.push([attack.id, `${((performance.now() - started) / 1000).toFixed(1)} s`, result]);
    process.stdout.write(`${result.held ? 'held ' : 'FOUND'}  ${attack.id}: ${result.measured}\n`);
  }
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
const devAttacks = DEV_ATTACKS.filter((attack) => !only || only.includes(attack.id));
if (devAttacks.length) {
  const dev = await startSiteDev(path.resolve('bin/site.js'), path.resolve('content'));
  try {
    for (const attack of devAttacks) {
      const started = performance.now();
      const result = await attack.run(dev.url).catch((error: unknown): AttackResult => ({
        held: false,
        measured: `attack failed to run: ${error instanceof Error ? error.message : String(error)}`,
      }));
      rows.push([attack.id, `${((performance.now() - started) / 1000).toFixed(1)} s`, result]);
      process.stdout.write(`${result.held ? 'held ' : 'FOUND'}  ${attack.id}: ${result.measured}\n`);
    }
  } finally {
    await dev.stop();
  }
}
const found = rows.filter(([, , r]) => !r.held).length;
process.stdout.write(`\n| attack | result | measured | time |\n|---|---|---|---|\n`);
for (const [id, time, r] of rows) process.stdout.write(`| ${id} | ${r.held ? 'held' : '**found**'} | ${r.measured.replace(/\|/g, '\\|')} | ${time} |\n`);
process.stdout.write(`\n${found} finding${found === 1 ? '' : 's'} of ${rows.length} attacks\n`);
process.exitCode = found ? 1 : 0;
