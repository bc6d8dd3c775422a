/**
 * docs/authoring/content.md's "Add a page, read a finding", done as an author does it: in a project (a fixture site),
 * with the CLI (`npx site build`, `npx site check`), the page's own example and its own words for what is printed.
 * Add a language is add-language.test.ts; rename-while-dev and findings in `site dev` are dev-watch.spec.ts
 * and dev-findings.spec.ts.
 */
import { execFile } from 'node:child_process';
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_SITE, loadFixture, type FixtureSite } from '../../support/fixture.ts';
import { REPO_BUILD_CACHE } from '../../support/repo-cache.ts';
import { scaled } from '../../support/time-scale.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
const guide = () => readFile(path.join(repo, 'docs/authoring/content.md'), 'utf8');

/** The text of the first fenced block after `heading` (```yaml or plain ```). */
function blockAfter(text: string, heading: string): string {
  const from = text.indexOf(heading);
  if (from < 0) throw new Error(`docs/authoring/content.md has no '${heading}'`);
  return /```\w*\n([\s\S]*?)```/.exec(text.slice(from))![1]!;
}

/** `npx site …` run in the project folder, as the guide says it. */
async function site(project: FixtureSite, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(repo, 'bin/site.js'), ...args], {
      cwd: project.root,
      env: { ...process.env, ...REPO_BUILD_CACHE, NO_COLOR: '1' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

let project: FixtureSite | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

describe('the author guide, step by step', () => {
  it(
    "Add a page: the guide's page builds to /webinare, its translation becomes its alternate, and site check passes",
    async () => {
      project = await loadFixture(BASE_SITE);
      const page = blockAfter(await guide(), '**Add a page.**');
      await project.write('pages/webinare/de.yaml', page);
      await project.write(
        'pages/webinare/en.yaml',
        page.replace('title: Webinare, description: Live-Einführungen in die Plattform.', 'title: Webinars, description: Live introductions to the platform.'),
      );
      const built = await site(project, 'build');
      expect(built.code, built.out).toBe(0);
      const html = await project.readFile('webinare/index.html');
      expect(html).toContain('<title>Webinare</title>');
      expect(html).toMatch(/<link rel="alternate" hreflang="en" href="[^"]*\/en\/webinare">/);
      expect(await project.readFile('en/webinare/index.html')).toContain('<title>Webinars</title>');
      const checked = await site(project, 'check', '--out', 'dist');
      expect(checked.code, checked.out).toBe(0);
      expect(checked.out).toMatch(/\b0 errors\b/);
    },
    scaled(120_000),
  );

  // The guide is read by people working on this project's own site: its page must pass there too (an example
  // slug the site already redirects once failed with redirect-shadow).
  it(
    "Add a page: the guide's page passes site check in a copy of this project",
    async () => {
      project = await loadFixture(BASE_SITE);
      await rm(project.content, { recursive: true });
      await cp(path.join(repo, 'content'), project.content, { recursive: true });
      await cp(path.join(repo, 'routes.lock'), path.join(project.root, 'routes.lock'));
      await project.write('pages/webinare/de.yaml', blockAfter(await guide(), '**Add a page.**'));
      const checked = await site(project, 'check');
      expect(checked.code, checked.out).toBe(0);
      expect(checked.out).toMatch(/\b0 errors\b/);
    },
    scaled(120_000),
  );

  it('Read a finding: a misspelt constant in the new page is printed exactly as the guide shows it', async () => {
    project = await loadFixture(BASE_SITE);
    const text = await guide();
    const page = blockAfter(text, '**Add a page.**');
    const mistake = /`(Ab \{\{plans\.standart\.price\}\}[^`]*)`/.exec(text.slice(text.indexOf('**Read a finding.**')))![1]!;
    expect(page).toContain('lead: Jeden Donnerstag live.');
    await project.write('pages/webinare/de.yaml', page.replace('lead: Jeden Donnerstag live.', `lead: "${mistake}"`));
    const checked = await site(project, 'check');
    expect(checked.code).toBe(1);
    const printed = checked.out.split('\n\n')[0]!;
    expect(printed).toBe(blockAfter(text, '**Read a finding.**').trimEnd());
  });

  it('Read a finding: a ": " inside an unquoted value gets the guide\'s message and fix', async () => {
    project = await loadFixture(BASE_SITE);
    const text = await guide();
    const [, line, message, hint] = /mistakes are explained the same way, e\.g\. `([^`]+)` gives\s+`([^`]+)` with the hint\s+`([^`]+)`/.exec(text)!;
    const guidePage = blockAfter(text, '**Add a page.**');
    const meta = 'meta: { title: Webinare, description: Live-Einführungen in die Plattform. }';
    expect(guidePage).toContain(meta);
    const page = guidePage.replace(meta, `meta:\n  ${line}\n  description: Live-Einführungen in die Plattform.`);
    await project.write('pages/preise/de.yaml', page);
    const checked = await site(project, 'check');
    expect(checked.code).toBe(1);
    expect(checked.out).toMatch(
      new RegExp(`^content/pages/preise/de\\.yaml:4:\\d+ error  ${message!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}  yaml-syntax$`, 'm'),
    );
    expect(checked.out).toContain(`hint     ${hint}`);
  });
  it('the README tour, step 3: a misspelt section type is located with the fix the README promises', async () => {
    project = await loadFixture(BASE_SITE);
    const readme = await readFile(path.join(repo, 'README.md'), 'utf8');
    const [, typo] = /\(`type: (\w+)`\) and run/.exec(readme)!;
    const [, suggestion] = /`did you mean '(\w+)'\?`/.exec(readme)!;
    const page = await readFile(path.join(project.content, 'pages/faq/de.yaml'), 'utf8');
    await project.write('pages/faq/de.yaml', page.replace('type: richText', `type: ${typo}`));
    const checked = await site(project, 'check');
    expect(checked.code).toBe(1);
    expect(checked.out).toMatch(new RegExp(`^content/pages/faq/de\\.yaml:\\d+:\\d+ error .*unknown-type$`, 'm'));
    expect(checked.out).toContain(`did you mean '${suggestion}'?`);
  });
});
