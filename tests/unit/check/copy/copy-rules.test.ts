/**
 * The copy rules through `site check` on the base fixture with one patch (tests/fixtures/check/copy-rules):
 * findings with file:line:col and the fix, silences and !verbatim strings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckRun } from '../../../../src/check/run.ts';
import { cleanup, only, runFixture } from '../fixture.ts';
import { scaled } from '../../../support/time-scale.ts';

let run: CheckRun;
beforeAll(async () => {
  run = await runFixture('copy-rules');
}, scaled(120_000));
afterAll(cleanup);

const at = (f: { location?: { file: string; line?: number; column?: number } }) => `${f.location?.file}:${f.location?.line}:${f.location?.column}`;

describe('copy rules on fixture content', () => {
  it('glossary-term: a forbidden variant is an error at its file:line:col, the preferred term as the fix', () => {
    const found = only(run, 'glossary-term');
    expect(found.map((f) => [f.severity, at(f), f.found, f.expected])).toEqual([['error', 'pages/home/de.yaml:10:43', "'DS-GVO'", "'DSGVO'"]]);
  });

  it('typo-quotes: straight quotes in German are reported with „…“ as the fix; silenced and !verbatim strings are not', () => {
    const found = only(run, 'typo-quotes').filter((f) => f.location);
    expect(found.map((f) => [f.severity, at(f), f.found, f.expected])).toEqual([['error', 'pages/home/de.yaml:10:29', '"\\"sicher\\""', '"„sicher“"']]);
  });

  it('ignore-reason: a silence without a reason is an error at the comment', () => {
    expect(only(run, 'ignore-reason').map((f) => [f.severity, at(f), f.message])).toEqual([
      ['error', 'pages/home/de.yaml:17:1', 'an ignore comment gives no reason'],
    ]);
  });

  it('copy-untranslated and copy-language: warnings outside --strict, at the string', () => {
    const untranslated = only(run, 'copy-untranslated');
    expect(untranslated.length).toBeGreaterThan(5);
    expect(untranslated.every((f) => f.severity === 'warning' && f.location?.file === 'pages/home/en.yaml')).toBe(true);
    expect(untranslated.map(at)).toContain('pages/home/en.yaml:12:11');
    // "About us, with the GDPR" is English, not the German string: not reported.
    expect(untranslated.some((f) => f.found?.includes('About us'))).toBe(false);
    expect(only(run, 'copy-language').some((f) => f.found === 'für' || f.message.includes('reads as German'))).toBe(true);
  });

  it("copy-legal-form: the company's legal name in English running copy is an error; in German and the copyright line it is not", () => {
    const found = only(run, 'copy-legal-form');
    expect(found.map((f) => [f.severity, at(f), f.found, f.expected])).toEqual([
      ['error', 'pages/home/en.yaml:17:19', "'{{company.legalName}}'", 'the brand, {{brand.name}}'],
    ]);
  });

  it('the rendered check finds the straight quotes on the built page, and only there: silenced strings stay silent', () => {
    const rendered = run.findings.filter((f) => f.route && f.code.startsWith('typo-'));
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.every((f) => f.code === 'typo-quotes' && f.route === '/' && f.message.includes('"sicher"'))).toBe(true);
  });
});
