/**
 * `site init <dir>`: a new folder with the starter site of templates/starter, which builds and checks with no
 * errors; the only findings are the two deploy warnings that say what to fill in before going live (example
 * company data tagged !placeholder, no production backend yet).
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/check/finding.ts';
import { runCli } from '../../support/cli.ts';
import { scaled } from '../../support/time-scale.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'site-init-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function buildAndCheck(project: string): Promise<{ built: number; checked: number; findings: Finding[] }> {
  const content = path.join(project, 'content');
  const dist = path.join(project, 'dist');
  const built = await runCli('build', '--content', content, '--out', dist);
  const checked = await runCli('check', '--content', content, '--out', dist, '--format', 'json');
  return { built: built.code, checked: checked.code, findings: (JSON.parse(checked.out) as { findings: Finding[] }).findings };
}

describe('site init', () => {
  it(
    'makes a German and English starter that builds and checks without errors',
    async () => {
      const project = path.join(root, 'mein-projekt');
      const made = await runCli('init', project);
      expect(made.code).toBe(0);
      expect(made.out).toContain('npm install && npm start');
      expect((await readdir(project)).sort()).toEqual(['.gitignore', '.vscode', 'README.md', 'content', 'package.json']);
      const pkg = JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8')) as {
        name: string;
        scripts: Record<string, string>;
        dependencies: Record<string, string>;
      };
      expect(pkg.name).toBe('mein-projekt');
      expect(pkg.scripts).toMatchObject({ start: 'site build && site serve', test: 'site check' });
      // The generator by a path relative to the project, never this machine's absolute one.
      expect(pkg.dependencies.site).toBe(
        `file:${path
          .relative(project, path.resolve(import.meta.dirname, '../../..'))
          .split(path.sep)
          .join('/')}`,
      );
      expect(pkg.dependencies.site).not.toMatch(/^file:\//);
      expect(await readdir(path.join(project, 'content/.schema'))).toContain('page.json');

      const { built, checked, findings } = await buildAndCheck(project);
      expect(built).toBe(0);
      expect(checked).toBe(0);
      expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect(new Set(findings.map((f) => f.code))).toEqual(new Set(['placeholder', 'backend-missing']));
      const home = await readFile(path.join(project, 'dist/index.html'), 'utf8');
      const english = await readFile(path.join(project, 'dist/en/index.html'), 'utf8');
      for (const id of ['leistungen', 'faq', 'contact']) expect(home).toContain(`id="${id}"`);
      expect(home).toContain('<html lang="de"');
      expect(english).toContain('<html lang="en"');
      expect(english).toContain('Talk to us');
      expect(await readFile(path.join(project, 'dist/impressum/index.html'), 'utf8')).toContain('Impressum');
      // A not-found page per language, which the host files point unknown addresses at.
      expect(await readFile(path.join(project, 'dist/404.html'), 'utf8')).toContain('Seite nicht gefunden');
      expect(await readFile(path.join(project, 'dist/en/404.html'), 'utf8')).toContain('Page not found');
      // The Node versions the generator itself declares.
      const own = JSON.parse(await readFile(path.join(import.meta.dirname, '../../../package.json'), 'utf8')) as { engines: { node: string } };
      expect(JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8'))).toMatchObject({ engines: { node: own.engines.node } });
    },
    scaled(120_000),
  );

  it(
    'makes a German-only starter with --languages de',
    async () => {
      const project = path.join(root, 'nur-deutsch');
      expect((await runCli('init', project, '--languages', 'de')).code).toBe(0);
      expect(await readdir(path.join(project, 'content/locales'))).toEqual(['de.yaml']);
      const { built, checked, findings } = await buildAndCheck(project);
      expect([built, checked]).toEqual([0, 0]);
      expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect((await readdir(path.join(project, 'dist'))).filter((f) => f === 'en')).toEqual([]);
    },
    scaled(120_000),
  );

  it(
    "follows docs/starter.md's recipe for a new page with the business header to a check without errors",
    async () => {
      const project = path.join(root, 'mit-seite');
      expect((await runCli('init', project)).code).toBe(0);
      const guide = await readFile(path.join(import.meta.dirname, '../../../docs/starter.md'), 'utf8');
      const recipe = /## Adding a page[\s\S]*?```yaml\n([\s\S]*?)```/.exec(guide)?.[1]?.replace(/^ {3}/gm, '');
      expect(recipe).toContain('header: business');
      const content = path.join(project, 'content');
      await mkdir(path.join(content, 'pages/angebot'));
      await writeFile(path.join(content, 'pages/angebot/de.yaml'), recipe ?? '');
      await writeFile(path.join(content, 'pages/angebot/en.yaml'), (recipe ?? '').replace('href: "/#contact"', 'href: "/en#contact"'));
      for (const [lang, href] of [
        ['de', '/angebot'],
        ['en', '/en/angebot'],
      ] as const) {
        const file = path.join(content, `locales/${lang}.yaml`);
        const text = await readFile(file, 'utf8');
        const anchor = /( +)- \{ label: [^,]+, href: \/impressum \}\n/.exec(text);
        expect(anchor).not.toBeNull();
        await writeFile(file, text.replace(anchor?.[0] ?? '', `${anchor?.[1] ?? ''}- { label: Angebot, href: ${href} }\n${anchor?.[0] ?? ''}`));
      }
      const { built, checked, findings } = await buildAndCheck(project);
      expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
      // Not even a warning on the recipe's page (its en.yaml here is a German copy): --strict, the deploy gate, would make one an error.
      expect(findings.filter((f) => f.location?.file === 'pages/angebot/de.yaml')).toEqual([]);
      expect([built, checked]).toEqual([0, 0]);
      expect(await readFile(path.join(project, 'dist/angebot/index.html'), 'utf8')).toContain('href="/#faq"');

      // A hero without buttons is refused in the content's words, not zod's.
      await writeFile(path.join(content, 'pages/angebot/de.yaml'), (recipe ?? '').replace(/actions:\n.*\n/, 'actions: []\n'));
      const empty = await runCli('check', '--content', content, '--format', 'json');
      const finding = (JSON.parse(empty.out) as { findings: Finding[] }).findings.find((f) => f.location?.path?.endsWith('actions'));
      expect(finding?.message).toBe("'actions' needs at least 1 item");
      expect(finding?.hint).toMatch(/^One to three buttons/);
    },
    scaled(180_000),
  );

  it('depends on the generator by a relative path or the git URL given, and refuses a bare version (npm has another "site")', async () => {
    const beside = path.join(root, 'nebenan');
    const made = await runCli('init', beside, '--generator', path.join(root, 'generator'));
    expect(made.code).toBe(0);
    expect(made.out).toContain('file:../generator');
    expect(JSON.parse(await readFile(path.join(beside, 'package.json'), 'utf8'))).toMatchObject({ dependencies: { site: 'file:../generator' } });
    const git = path.join(root, 'per-git');
    expect((await runCli('init', git, '--generator', 'git+https://example.org/site.git#v1')).code).toBe(0);
    expect(JSON.parse(await readFile(path.join(git, 'package.json'), 'utf8'))).toMatchObject({ dependencies: { site: 'git+https://example.org/site.git#v1' } });
    for (const version of ['0.1.0', '^0.1.0']) {
      const refused = await runCli('init', path.join(root, `version-${version}`), '--generator', version);
      expect(refused.code).toBe(2);
      expect(refused.err).toContain('not on the npm registry');
      await expect(readdir(path.join(root, `version-${version}`))).rejects.toThrow();
    }
  });

  it('refuses a folder that is not empty and a language set it has no starter for (exit 2), writing nothing', async () => {
    const used = path.join(root, 'used');
    await runCli('init', used);
    await writeFile(path.join(used, 'mine.txt'), 'keep me');
    const again = await runCli('init', used);
    expect(again.code).toBe(2);
    expect(again.err).toContain('is not empty');
    expect(await readFile(path.join(used, 'mine.txt'), 'utf8')).toBe('keep me');
    const french = await runCli('init', path.join(root, 'fr'), '--languages', 'fr');
    expect(french.code).toBe(2);
    expect(french.err).toContain('expected de or de,en');
    await expect(readdir(path.join(root, 'fr'))).rejects.toThrow();
  });
});
