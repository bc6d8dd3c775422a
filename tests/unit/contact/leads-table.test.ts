/**
 * `site leads` prints what visitors typed to the operator's terminal: no control or bidi character may
 * reach it raw, in the table or in --json.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storedRow } from './support/stored-row.ts';
import { leadsJson, leadsTable } from '../../../src/cli/leads-table.ts';

/** What a terminal acts on: C0/C1 controls, DEL, bidi embeddings, overrides and isolates. */
const ACTIVE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

// Restored afterwards: the pipeline stages' test files share their worker's process (vitest.config.ts).
beforeAll(() => {
  vi.stubEnv('NO_COLOR', '1');
});
afterAll(() => vi.unstubAllEnvs());

const row = storedRow;

/** Every line but its own line breaks, free of terminal-active characters. */
function inert(output: string): boolean {
  return output.split('\n').every((line) => !ACTIVE.test(line));
}

describe('site leads (table)', () => {
  it('shows an escape-sequence attack as text: the screen clear and the title change do nothing', () => {
    const table = leadsTable([row({ name: '\u001b[2J\u001b]0;pwned\u0007Evil' })], 200);
    expect(inert(table)).toBe(true);
    expect(table).toContain('\\u{1b}[2J\\u{1b}]0;pwned\\u{7}Evil');
  });

  it('shows bidi overrides and isolates, C1 controls and DEL as escapes', () => {
    const table = leadsTable([row({ subject: 'invoice\u202Efdp.exe', company: '\u2066ACME\u2069', message: 'a\u009b2Jb\u007fc' })], 200);
    expect(inert(table)).toBe(true);
    for (const shown of ['invoice\\u{202e}fdp.exe', '\\u{2066}ACME\\u{2069}', 'a\\u{9b}2Jb\\u{7f}c']) expect(table).toContain(shown);
  });

  it('keeps a multi-line message on its row (line breaks and tabs become spaces)', () => {
    const table = leadsTable([row({ message: 'Hallo,\r\n\tbitte\nmelden.' })], 200);
    expect(table.split('\n')).toHaveLength(3);
    expect(table).toContain('Hallo, bitte melden.');
  });

  it('property: whatever was stored, the table is one line per row plus header and count, with no active character', () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.string({ unit: 'binary', maxLength: 1 }),
        fc.constantFrom('\u001b', '\u009b', '\u0007', '\u202e', '\u2067', '\r', '\n', '\u0085', '\u2028'),
      ),
      maxLength: 60,
    });
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: text, email: text, company: fc.option(text), products: fc.option(text), subject: fc.option(text), message: text }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 40, max: 300 }),
        (fields, columns) => {
          const table = leadsTable(fields.map(row), columns);
          expect(inert(table)).toBe(true);
          expect(table.split('\n')).toHaveLength(fields.length + 2);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('site leads --json', () => {
  it('JSON.stringify alone is not enough: it leaves C1 controls and bidi overrides raw', () => {
    expect(JSON.stringify('\u009b2J\u202e')).toBe('"\u009b2J\u202e"');
  });

  it('property: the output has no active character and parses back to exactly the stored rows', () => {
    const text = fc.string({
      unit: fc.oneof(fc.string({ unit: 'binary', maxLength: 1 }), fc.constantFrom('\u001b', '\u009b', '\u007f', '\u202e', '\u2066', '\n')),
      maxLength: 60,
    });
    fc.assert(
      fc.property(fc.array(fc.record({ name: text, company: fc.option(text), message: text }), { maxLength: 5 }), (fields) => {
        const rows = fields.map(row);
        const json = leadsJson(rows);
        expect(inert(json)).toBe(true);
        expect(JSON.parse(json)).toEqual(rows);
      }),
      { numRuns: 500 },
    );
  });
});
