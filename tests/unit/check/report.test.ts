import { describe, expect, it } from 'vitest';
import type { CheckRun } from '../../../src/check/run.ts';
import { formatGithub, formatJson, formatText } from '../../../src/cli/check-report.ts';

const run: CheckRun = {
  routes: 2,
  output: { dir: '/tmp/x', built: true },
  routeSources: { '/': 'pages/home/de.yaml' },
  findings: [
    { code: 'claim-savings', severity: 'error', message: "savings claim 'vsTwo' says 53 %, not 48.9 %", location: { file: 'site.yaml', line: 44, column: 23, path: 'constants.savings.vsTwo.percent' }, expected: '48', hint: 'rule: p ≤ s' },
    { code: 'link-broken', severity: 'error', message: 'link to /chatbot points at no output file', route: '/', element: '<a href="/chatbot">Chatbots</a>' },
    { code: 'placeholder', severity: 'warning', message: 'placeholder company data', location: { file: 'site.yaml', line: 10, column: 21 } },
  ],
};

describe('check reports', () => {
  it('github: one workflow command per finding, file relative to the repo, properties and newlines escaped', () => {
    expect(formatGithub(run, 'content').split('\n')).toEqual([
      "::error file=content/site.yaml,line=44,col=23,title=claim-savings::savings claim 'vsTwo' says 53 %25, not 48.9 %25%0Aat constants.savings.vsTwo.percent%0Aexpected: 48%0Ahint: rule: p ≤ s",
      '::error file=content/pages/home/de.yaml,title=link-broken /::link to /chatbot points at no output file%0Aelement: <a href="/chatbot">Chatbots</a>',
      '::warning file=content/site.yaml,line=10,col=21,title=placeholder::placeholder company data',
    ]);
  });

  it('json: machine-readable summary and every finding', () => {
    const parsed = JSON.parse(formatJson(run));
    expect(parsed).toMatchObject({ ok: false, errors: 2, warnings: 1, routes: 2 });
    expect(parsed.findings).toHaveLength(3);
  });

  it('text: grouped by file and route, colours only when asked', () => {
    const plain = formatText(run, 'content', false);
    expect(plain).not.toMatch(/\x1b\[/);
    expect(plain).toContain('content/site.yaml\n  44:23   error    savings claim');
    expect(plain).toContain('route /\n          error    link to /chatbot');
    expect(plain.split('\n').at(-1)).toBe('2 errors, 1 warning — checked content and 2 routes');
    expect(formatText(run, 'content', true)).toMatch(/\x1b\[31m/);
  });
});
