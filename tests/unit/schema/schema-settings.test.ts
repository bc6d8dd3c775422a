/**
 * `site schema --content OTHER/content` writes the editor settings of the project that content belongs to, never the
 * working directory's, and drops entries that point outside that project (an older version wrote them).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { runCli } from '../../support/cli.ts';
import { BASE_SITE, loadFixture, type FixtureSite } from '../../support/fixture.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
let site: FixtureSite | undefined;
afterEach(async () => site?.remove());

it('writes the content project’s .vscode/settings.json, leaves the working directory’s alone, and keeps no outside paths', async () => {
  site = await loadFixture(BASE_SITE);
  const own = path.join(repo, '.vscode/settings.json');
  const before = await readFile(own, 'utf8');
  const settings = path.join(site.root, '.vscode/settings.json');
  await mkdir(path.dirname(settings), { recursive: true });
  await writeFile(
    settings,
    JSON.stringify({
      'editor.tabSize': 2,
      'yaml.schemas': { '../elsewhere/content/.schema/page.json': '../elsewhere/content/pages/*/*.yaml', '/tmp/x/.schema/site.json': 'x' },
    }),
  );

  const run = await runCli('schema', '--content', site.content);
  expect(run.code, run.err).toBe(0);

  expect(await readFile(own, 'utf8')).toBe(before);
  const written = JSON.parse(await readFile(settings, 'utf8')) as Record<string, unknown>;
  expect(written['editor.tabSize']).toBe(2);
  const schemas = Object.keys(written['yaml.schemas'] as Record<string, string>);
  expect(schemas.length).toBeGreaterThan(0);
  expect(schemas.every((schema) => schema.startsWith('./content/.schema/'))).toBe(true);
});
