import { describe, expect, it } from 'vitest';
import { formatError, SiteError } from '../../../src/errors/site-error.ts';

const error = new SiteError({
  code: 'unknown-key',
  message: "unknown key 'titel'",
  location: { file: 'pages/home/de.yaml', line: 14, column: 5, path: 'sections[0].titel' },
  expected: 'one of: title, lead',
  found: "'titel'",
  hint: "did you mean 'title'?",
});

describe('formatError', () => {
  it('names file:line:col, the document path, expected, found and the hint', () => {
    expect(formatError(error)).toBe(
      [
        "pages/home/de.yaml:14:5 unknown-key: unknown key 'titel'",
        '  at sections[0].titel',
        '  expected: one of: title, lead',
        "  found:    'titel'",
        "  hint: did you mean 'title'?",
      ].join('\n'),
    );
  });

  it('shows the file the way the caller can open it, keeping the error itself relative to the content', () => {
    expect(formatError(error, (file) => `content/${file}`).split('\n')[0]).toBe("content/pages/home/de.yaml:14:5 unknown-key: unknown key 'titel'");
    expect(error.location?.file).toBe('pages/home/de.yaml');
  });
});
