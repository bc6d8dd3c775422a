/**
 * Files `site build` writes into the project for the contact function: `site check` only reports them when they do
 * not match the content, and leaves the tree as it found it (a CI gate must not modify what it checks).
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { checkGeneratedFiles } from '../../../src/check/generated.ts';
import { FUNCTION_LOCALES_FILE } from '../../../src/output/function-locales.ts';
import { PROJECT_FILES } from '../../../src/output/project-files.ts';
import { BASE_SITE, loadFixture, type FixtureSite } from '../../support/fixture.ts';
import { scaled } from '../../support/time-scale.ts';

let site: FixtureSite | undefined;
afterEach(async () => site?.remove());

const generated = async (root: string) => readdir(path.join(root, 'supabase/functions/_shared'), { recursive: true });

it(
  'reports the generated files as stale without writing them; site build writes all three; then nothing is reported',
  async () => {
    site = await loadFixture(BASE_SITE);
    await mkdir(path.join(site.root, 'supabase/functions/_shared'), { recursive: true });
    const model = await site.load();
    const before = await checkGeneratedFiles(site.content, model);
    expect(before.map((f) => [f.code, f.severity, f.message.split(' ')[0]!.split('/').at(-1)])).toEqual([
      ['generated-stale', 'error', 'locales.ts'],
      ['generated-stale', 'error', 'lead-notification-texts.ts'],
      ['generated-stale', 'error', 'privacy-policy.ts'],
    ]);
    expect(await generated(site.root)).toEqual([]);

    const check = await site.check();
    expect(check.findings.filter((f) => f.code === 'generated-stale')).toHaveLength(3);
    expect(await generated(site.root)).toEqual([]);

    // The build writes all three in one place (output/project-files.ts) and names them for the CLI to print.
    const { root } = site;
    const built = await site.build({ projectFiles: 'write' });
    if (!built.ok) throw new Error('the fixture does not build');
    expect(built.value.projectFiles.map((file) => path.relative(root, file))).toEqual(PROJECT_FILES.map((file) => path.normalize(file)));
    expect(await readFile(path.join(site.root, FUNCTION_LOCALES_FILE), 'utf8')).toContain('["de","en"]');
    expect(await checkGeneratedFiles(site.content, model)).toEqual([]);
    // Unchanged files are not written again.
    const again = await site.build({ projectFiles: 'write' });
    expect(again.ok && again.value.projectFiles).toEqual([]);
  },
  scaled(120_000),
);

it('a build for a check leaves the project alone', async () => {
  site = await loadFixture(BASE_SITE);
  await mkdir(path.join(site.root, 'supabase/functions/_shared'), { recursive: true });
  expect((await site.build()).ok).toBe(true);
  expect(await generated(site.root)).toEqual([]);
});
