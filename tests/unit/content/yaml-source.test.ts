import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../src/content/yaml-source.ts';

describe('YAML syntax errors', () => {
  it('carry the line and column of the problem', () => {
    const text = 'title: ok\npoints: [Eins, Ziel {{terms.availabilityPercent}} % laut AGB]\n';
    const { errors } = parseYaml('pages/x/de.yaml', text);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error.code).toBe('yaml-syntax');
      expect(error.location).toMatchObject({ file: 'pages/x/de.yaml', line: 2 });
      expect(error.location?.column).toBeGreaterThan(0);
    }
  });
});
