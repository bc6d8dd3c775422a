import { describe, expect, it } from 'vitest';
import { rebuiltLine } from '../../../src/cli/dev-command.ts';

describe("site dev's rebuild line", () => {
  it('names the routes of a small rebuild', () => {
    expect(rebuiltLine([])).toBe('no page changed');
    expect(rebuiltLine(['/en', '/fr'])).toBe('updated /en, /fr');
    const eight = Array.from({ length: 8 }, (_, i) => `/p${i}`);
    expect(rebuiltLine(eight)).toBe(`updated ${eight.join(', ')}`);
  });

  it('names the first few of a site-wide one and counts the rest', () => {
    const routes = Array.from({ length: 40_000 }, (_, i) => `/thema-${i}`);
    const line = rebuiltLine(routes);
    expect(line).toBe('updated /thema-0, /thema-1, /thema-2, /thema-3, /thema-4, /thema-5, /thema-6 and 39,993 more');
  });
});
