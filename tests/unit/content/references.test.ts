import { describe, expect, it } from 'vitest';
import { formatEuro, formatNumber, formatPercent, resolveReferences } from '../../../src/content/references.ts';
import { parseYaml } from '../../../src/content/yaml-source.ts';

const scope = { company: { foundedYear: 2025 }, plans: { standard: { price: 17 } }, comparison: { chatgptPlus: { price: 22.99, name: 'ChatGPT Plus' } }, claims: { models: '12+' } };

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

  it('replaces references in nested strings and leaves other text alone', () => {
    const { data, errors } = resolve('a:\n  - "Ab {{plans.standard.price | eur}}"\n  - "{{ comparison.chatgptPlus.name }} kostet {{comparison.chatgptPlus.price}} €"\n  - "{{claims.models}} Modelle"\n  - plain');
    expect(errors).toEqual([]);
    expect(data).toEqual({ a: ['Ab 17\u00a0€', 'ChatGPT Plus kostet 22,99 €', '12+ Modelle', 'plain'] });
  });

  it('reports an unknown key with its location and a suggestion', () => {
    const { errors } = resolve('title: ok\ntext: "{{plans.standart.price}}"');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      code: 'unknown-reference',
      location: { file: 'page.yaml', line: 2, column: 7, path: 'text' },
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
