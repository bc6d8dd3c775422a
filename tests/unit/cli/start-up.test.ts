/**
 * Start-up (issue #19 item 4): a build imports only what its work needs. A warm build that recalls every content
 * file from the page cache validates nothing, so it must not load zod or the content schemas; no build loads the
 * database engines, the checker's HTML validator or the dev server. Run from the sources (SITE_FROM_SOURCE=1), so
 * every module is its own file and the list of loaded URLs says exactly what was imported.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_SITE, loadFixture, type FixtureSite } from '../../support/fixture.ts';
import { scaled } from '../../support/time-scale.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../..');

let site: FixtureSite;
let work: string;
beforeAll(async () => {
  site = await loadFixture(BASE_SITE);
  work = await mkdtemp(path.join(tmpdir(), 'site-start-up-'));
});
afterAll(() => Promise.all([site.remove(), rm(work, { recursive: true, force: true })]));

/** `site build` of the fixture as a child process; the repository-relative files (and packages) it loaded. */
async function buildLoading(name: string): Promise<string[]> {
  const list = path.join(work, `${name}.txt`);
  await run(
    process.execPath,
    ['--import', path.join(repo, 'tests/support/loaded-modules.mjs'), path.join(repo, 'bin/site.js'), 'build', '--content', site.content, '--out', site.out],
    {
      cwd: repo,
      env: { ...process.env, SITE_FROM_SOURCE: '1', SITE_CACHE_DIR: path.join(work, 'cache'), SITE_LOADED_MODULES_FILE: list },
    },
  );
  return (await readFile(list, 'utf8'))
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) => path.relative(repo, new URL(url).pathname));
}

/** Modules of src/schema that import no zod (plain functions over validated values), which a warm build may load. */
const ZOD_FREE = new Set(['src/schema/site-locales.ts', 'src/schema/offer-rules.ts', 'src/schema/link-target.ts', 'src/schema/commitments.ts']);
const zodOrSchemas = (file: string) => file.startsWith('node_modules/zod/') || (file.startsWith('src/schema/') && !ZOD_FREE.has(file));
/** The CLI's entry imports the findings' type module (check-report.ts) and the serve options' limits and shutdown; nothing else of these. */
const neverOnBuild = (file: string) =>
  /^node_modules\/(@electric-sql\/pglite|pg|html-validate|chokidar)\//.test(file) ||
  /^src\/(dev\/|check\/(?!finding\.ts)|server\/(?!lifetime\.ts|limits\.ts))/.test(file);

describe('what site build imports', () => {
  it(
    'loads zod and the schemas to validate a cold build, and neither on a warm build that changed nothing, with or without check.yaml',
    async () => {
      const cold = await buildLoading('cold');
      expect(cold.filter(zodOrSchemas)).toContain('src/schema/page.ts');
      expect(cold.some((file) => file.startsWith('node_modules/zod/'))).toBe(true);
      const warm = await buildLoading('warm');
      expect(warm).toContain('src/output/build.ts');
      expect(warm.filter(zodOrSchemas)).toEqual([]);
      // Without check.yaml its defaults are used, and they need no schema either (the synthetic bench sites have none).
      await rm(path.join(site.content, 'check.yaml'));
      const withoutCheckConfig = await buildLoading('without-check-config');
      expect(withoutCheckConfig).toContain('src/content/check-config.ts');
      expect(withoutCheckConfig.filter(zodOrSchemas)).toEqual([]);
      expect([...cold, ...warm, ...withoutCheckConfig].filter(neverOnBuild)).toEqual([]);
    },
    scaled(120_000),
  );
});
