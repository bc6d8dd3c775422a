/**
 * npm run bench:imports: what each part of the compiled CLI (bin/.compiled, made by bin/site.js) costs to import, in
 * order; each part's CPU and wall time on top of the parts before it, medians over BENCH_RUNS
 * (default 11) fresh processes. A warm build with nothing changed imports the CLI entry and the build stage only
 * (tests/unit/cli/start-up.test.ts holds it); zod, the schemas and the validator come when a file must be validated,
 * the renderer when a page must be rendered. Run `node bin/site.js --version` first so the bundle is current.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { median, repo } from './support/measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const dir = path.join(repo, 'bin/.compiled', (JSON.parse(readFileSync(path.join(repo, 'bin/.compiled/current.json'), 'utf8')) as { dir: string }).dir);
const files = readdirSync(dir);
/** The chunk holding `module` (esbuild marks each bundled module with a `// path` line). */
const chunkOf = (module: string) => files.find((f) => readFileSync(path.join(dir, f), 'utf8').includes(`\n// ${module}\n`));
const parts: [label: string, module: string][] = [
  ['CLI entry: commander and the commands (main.js)', 'src/cli/main.ts'],
  // Before the build stage, which imports it statically (content/yaml-source.ts), so that its own cost shows.
  ['js-yaml', 'node_modules/js-yaml/dist/js-yaml.mjs'],
  ['build stage: output/build.ts and the rest of what it imports statically', 'src/output/build.ts'],
  ['zod', 'node_modules/zod/v4/core/core.js'],
  ['content schemas (schema/page.ts and the sections)', 'src/schema/page.ts'],
  ['validator (content/validate.ts)', 'src/content/validate.ts'],
  ['renderer: React, react-dom/server and the components', 'src/render/render-route.tsx'],
];
const found = parts.map(([label, module]) => ({ label, file: chunkOf(module) }));
const missing = found.filter((p) => !p.file);
if (missing.length) throw new Error(`not in the bundle: ${missing.map((p) => p.label).join(', ')}`);
const child = `const out = [];
for (const file of ${JSON.stringify(found.map((p) => path.join(dir, p.file!)))}) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await import(file);
  const used = process.cpuUsage(cpu);
  out.push([(used.user + used.system) / 1000, performance.now() - started]);
}
console.log(JSON.stringify(out));`;
const runs: [number, number][][] = [];
for (let i = 0; i < RUNS; i++)
  runs.push(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', child], { env: { ...process.env, NODE_ENV: 'production' } }).toString()));
process.stdout.write(`| part (imported in this order) | chunk | CPU ms | wall ms |\n|---|---|---|---|\n`);
for (const [i, { label, file }] of found.entries()) {
  const kb = Math.round(readFileSync(path.join(dir, file!)).length / 1024);
  process.stdout.write(`| ${label} | ${kb} KB | ${median(runs.map((r) => r[i]![0])).toFixed(1)} | ${median(runs.map((r) => r[i]![1])).toFixed(1)} |\n`);
}
