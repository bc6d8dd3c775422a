import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/check/finding.ts';
import type { CheckRun } from '../../../src/check/run.ts';
import { formatGithub, formatJson, formatText } from '../../../src/cli/check-report.ts';

const run: CheckRun = {
  routes: 2,
  output: { dir: '/tmp/x', built: true },
  contentDir: 'content',
  findings: [
    {
      code: 'claim-savings',
      severity: 'error',
      message: "savings claim 'vsTwo' says 53 %, not 48.9 %",
      location: { file: 'site.yaml', line: 44, column: 23, path: 'constants.savings.vsTwo.percent' },
      expected: '48',
      hint: 'rule: p ≤ s',
    },
    {
      code: 'link-broken',
      severity: 'error',
      message: 'link to /chatbot points at no output file',
      route: '/',
      element: '<a href="/chatbot">Chatbots</a>',
      source: { file: 'locales/de.yaml', line: 34, column: 45, path: 'footer.products[2].href' },
    },
    {
      code: 'img-alt',
      severity: 'error',
      message: '<img> has no text alternative',
      route: '/',
      element: '<img src="/logo.svg">',
      source: { file: 'pages/home/de.yaml' },
    },
    { code: 'placeholder', severity: 'warning', message: 'placeholder company data', location: { file: 'site.yaml', line: 10, column: 21 } },
  ],
};

describe('check reports', () => {
  it('github: one annotation per error at its own line, warnings per file, relative to the repo, escaped; a closing summary', () => {
    expect(formatGithub(run).split('\n')).toEqual([
      // Each error at its own line, in full (site.yaml's warning does not join it).
      "::error file=content/site.yaml,line=44,col=23,title=claim-savings::savings claim 'vsTwo' says 53 %25, not 48.9 %25%0Aat constants.savings.vsTwo.percent%0Aexpected: 48%0Ahint: rule: p ≤ s",
      // An output finding at the YAML scalar it comes from (here the footer link in the locale file), in full …
      '::error file=content/locales/de.yaml,line=34,col=45,title=link-broken /::link to /chatbot points at no output file%0Aat footer.products[2].href%0Aelement: <a href="/chatbot">Chatbots</a>',
      // … or at the first line of the route's page file when no scalar holds it.
      '::error file=content/pages/home/de.yaml,line=1,title=img-alt /::<img> has no text alternative%0Aelement: <img src="/logo.svg">',
      '::warning file=content/site.yaml,line=10,col=21,title=placeholder::placeholder company data',
      '::notice title=site check::3 errors, 1 warning in 3 files; checked content and 2 routes',
    ]);
  });

  it('github: two errors of one file are two annotations, each at its line; beyond ten the notice says GitHub shows only ten', () => {
    const at = (line: number): Finding => ({
      code: 'unknown-reference',
      severity: 'error' as const,
      message: `at ${line}`,
      location: { file: 'pages/faq/de.yaml', line, column: 11 },
    });
    const lines = formatGithub({ routes: 1, contentDir: 'content', findings: [at(13), at(21)] }).split('\n');
    expect(lines.filter((l) => l.startsWith('::error ')).map((l) => /line=(\d+)/.exec(l)?.[1])).toEqual(['13', '21']);
    expect(lines.at(-1)).toBe('::notice title=site check::2 errors, 0 warnings in 1 file; checked content only');
    const twelve = formatGithub({ routes: 1, contentDir: 'content', findings: Array.from({ length: 12 }, (_, i) => at(i + 1)) }).split('\n');
    expect(twelve.filter((l) => l.startsWith('::error '))).toHaveLength(12);
    expect(twelve.at(-1)).toContain('(GitHub shows the first 10 errors inline; the log lists all)');
  });

  it('github: a file with many findings (a new language) is one annotation that names how many it leaves out', () => {
    const many: CheckRun = {
      routes: 1,
      contentDir: 'content',
      findings: Array.from({ length: 246 }, (_, i) => ({
        code: 'translation-stale',
        severity: 'warning' as const,
        message: 'never recorded',
        location: { file: 'pages/home/it.yaml', line: i + 1, column: 3 },
      })),
    };
    const lines = formatGithub(many).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^::warning file=content\/pages\/home\/it\.yaml,line=1,col=3,title=246 warnings in content\/pages\/home\/it\.yaml::1:3 warning translation-stale: never recorded%0A/,
    );
    expect(lines[0]!.split('%0A')).toHaveLength(21);
    expect(lines[0]).toContain('… and 226 more: run `site check` for every one');
    expect(lines[1]).toBe('::notice title=site check::0 errors, 246 warnings in 1 file; checked content only');
  });

  it('json: machine-readable summary, every finding, and the content directory their files are relative to', () => {
    const parsed = JSON.parse(formatJson(run));
    expect(parsed).toMatchObject({ ok: false, errors: 3, warnings: 1, routes: 2, contentDir: 'content' });
    expect(parsed.findings).toHaveLength(4);
    expect(parsed.findings[1].source).toEqual({ file: 'locales/de.yaml', line: 34, column: 45, path: 'footer.products[2].href' });
    expect(JSON.parse(formatJson({ ...run, contentDir: path.resolve('content') })).contentDir).toBe('content');
  });

  it('text: content findings as clickable file:line:col from the working directory, output findings by route with their source', () => {
    const plain = formatText(run, false);
    expect(plain).not.toMatch(/\x1b\[/);
    expect(plain).toContain(
      "content/site.yaml:44:23 error  savings claim 'vsTwo' says 53 %, not 48.9 %  claim-savings\n    at       constants.savings.vsTwo.percent",
    );
    expect(plain).toContain(
      'route /\n  error  link to /chatbot points at no output file  link-broken\n    element  <a href="/chatbot">Chatbots</a>\n    source   content/locales/de.yaml:34:45\n',
    );
    expect(plain).toContain('    source   content/pages/home/de.yaml\n');
    expect(plain.split('\n').at(-1)).toBe('3 errors, 1 warning — checked content and 2 routes');
    expect(formatText(run, true)).toMatch(/\x1b\[31m/);
  });

  it('text: paths are relative to the working directory, wherever the content directory is', () => {
    const elsewhere = formatText({ ...run, contentDir: path.resolve('..', 'other-site', 'content') }, false);
    expect(elsewhere).toContain('../other-site/content/site.yaml:44:23 error');
  });
});
