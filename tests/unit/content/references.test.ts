import { describe, expect, it } from 'vitest';
import { formatDuration, formatEuro, formatNumber, formatPercent, resolveReferences } from '../../../src/content/references.ts';
import { parseYaml } from '../../../src/content/yaml-source.ts';

const scope = {
  company: { foundedYear: 2025 },
  cookies: { consentMaxAgeSeconds: 31_536_000, sidebarStateDays: 7, sidebarStateName: 'sidebar-state' },
  terms: { serverLogDays: 90, paymentDays: 1 },
  plans: { standard: { price: 17 } },
  comparison: { chatgptPlus: { price: 22.99, name: 'ChatGPT Plus' } },
  claims: { models: '12+' },
};

function resolve(yaml: string, intl = 'de-DE') {
  const { source } = parseYaml('page.yaml', yaml);
  if (!source) throw new Error('fixture must parse');
  const errors = resolveReferences(source, scope, intl);
  return { data: source.data, errors };
}

describe('constant references', () => {
  it('formats numbers and euros for the page language', () => {
    expect(formatNumber(22.99, 'de-DE')).toBe('22,99');
    expect(formatNumber(22.99, 'en-GB')).toBe('22.99');
    expect(formatEuro(17, 'de-DE')).toBe('17\u00a0€');
    expect(formatEuro(17, 'en-GB')).toBe('€17');
    expect(formatEuro(44.98, 'fr-FR')).toBe('44,98\u00a0€');
    expect(formatPercent(53, 'de-DE')).toBe('53\u00a0%');
    expect(formatPercent(53, 'en-GB')).toBe('53%');
  });

  // A year grouped like an amount ("© 2.025") was on every footer; grouping starts at five digits.
  it.each([
    ['de-DE', '2025', '31.536.000', '1234\u00a0€'],
    ['en-GB', '2025', '31,536,000', '€1234'],
    ['fr-FR', '2025', '31\u202f536\u202f000', '1234\u00a0€'],
    ['es-ES', '2025', '31.536.000', '1234\u00a0€'],
  ])('%s: a year and four-digit amounts stay ungrouped, large numbers are grouped', (intl, year, large, euro) => {
    expect(formatNumber(2025, intl)).toBe(year);
    expect(formatNumber(31_536_000, intl)).toBe(large);
    expect(formatEuro(1234, intl)).toBe(euro);
  });

  it('prints the founding year in the copyright line without a separator', () => {
    const { data } = resolve('copyright: © {{company.foundedYear}} Firma', 'fr-FR');
    expect(data).toEqual({ copyright: '© 2025 Firma' });
  });

  it.each([
    ['de-DE', '1\u00a0Jahr', '7\u00a0Tage', '1\u00a0Tag', '90\u00a0Sekunden'],
    ['en-GB', '1\u00a0year', '7\u00a0days', '1\u00a0day', '90\u00a0seconds'],
    ['fr-FR', '1\u00a0an', '7\u00a0jours', '1\u00a0jour', '90\u00a0secondes'],
    ['es-ES', '1\u00a0año', '7\u00a0días', '1\u00a0día', '90\u00a0segundos'],
  ])('%s: prints durations in the largest whole unit, figure and unit joined by a no-break space', (intl, year, week, day, seconds) => {
    expect(formatDuration(31_536_000, intl)).toBe(year);
    expect(formatDuration(7 * 86_400, intl)).toBe(week);
    expect(formatDuration(86_400, intl)).toBe(day);
    expect(formatDuration(90, intl)).toBe(seconds);
  });

  it('prints a constant as a duration in the unit its name states', () => {
    const { data, errors } = resolve(
      'a: "{{cookies.consentMaxAgeSeconds | duration}}"\nb: "{{cookies.sidebarStateDays | duration}}"\nc: "{{terms.paymentDays | duration}}"',
      'en-GB',
    );
    expect(errors).toEqual([]);
    expect(data).toEqual({ a: '1\u00a0year', b: '7\u00a0days', c: '1\u00a0day' });
  });

  it('refuses a duration whose unit is unknown, or that is no number', () => {
    const { errors } = resolve('a: "{{plans.standard.price | duration}}"\nb: "{{cookies.sidebarStateName | duration}}"');
    expect(errors.map((e) => [e.code, e.location?.path, e.expected])).toEqual([
      ['invalid-reference', 'a', 'a constant whose name ends in Seconds or Days'],
      ['invalid-reference', 'b', 'a number'],
    ]);
  });

  it('replaces references in nested strings and leaves other text alone', () => {
    const { data, errors } = resolve(
      'a:\n  - "Ab {{plans.standard.price | eur}}"\n  - "{{ comparison.chatgptPlus.name }} kostet {{comparison.chatgptPlus.price}} €"\n  - "{{claims.models}} Modelle"\n  - plain',
    );
    expect(errors).toEqual([]);
    expect(data).toEqual({ a: ['Ab 17\u00a0€', 'ChatGPT Plus kostet 22,99 €', '12+ Modelle', 'plain'] });
  });

  it('reports an unknown key with its location and a suggestion', () => {
    const { errors } = resolve('title: ok\ntext: "{{plans.standart.price}}"');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      code: 'unknown-reference',
      location: { file: 'page.yaml', line: 2, column: 8, path: 'text' },
      found: '{{plans.standart.price}}',
      hint: "did you mean 'plans.standard.price'?",
    });
  });

  it('refuses groups, text as euro and unknown formats', () => {
    const { errors } = resolve('a: "{{plans.standard}}"\nb: "{{claims.models | eur}}"\nc: "{{plans.standard.price | usd}}"');
    expect(errors.map((e) => [e.code, e.location?.path])).toEqual([
      ['invalid-reference', 'a'],
      ['invalid-reference', 'b'],
      ['unknown-format', 'c'],
    ]);
  });
});
