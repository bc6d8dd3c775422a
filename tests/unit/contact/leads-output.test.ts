/**
 * `site leads` output attacked with what a visitor can type: zero-width and bidi marks that disguise a
 * value, and spreadsheet formulas in the CSV export.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredContactRequest } from '../../../supabase/functions/_shared/contact-request.ts';
import { storedRow } from './support/stored-row.ts';
import { csvCell, leadsCsv } from '../../../src/cli/leads-csv.ts';
import { leadsJson, leadsTable } from '../../../src/cli/leads-table.ts';

// Restored afterwards: the pipeline stages' test files share their worker's process (vitest.config.ts).
beforeAll(() => {
  vi.stubEnv('NO_COLOR', '1');
});
afterAll(() => vi.unstubAllEnvs());

const row = storedRow;

const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2060', '\u2061', '\u2064', '\ufeff', '\u061c', '\u180e'];

describe('site leads shows invisible characters escaped', () => {
  it.each(INVISIBLE.map((char) => [char.codePointAt(0)!.toString(16), char]))('U+%s in the table and in --json', (code, char) => {
    const stored = row({ company: `Pay${char}Pal GmbH` });
    expect(leadsTable([stored], 200)).toContain(`Pay\\u{${code}}Pal GmbH`);
    const json = leadsJson([stored]);
    expect(json).not.toContain(char);
    expect((JSON.parse(json) as StoredContactRequest[])[0]!.company).toBe(stored.company);
  });

  it('a request that named no form shows as such', () => {
    expect(leadsTable([row({ form_variant: null, locale: null })], 200)).toContain('(no form)');
  });
});

describe('site leads --csv neutralises formulas', () => {
  it.each(['=cmd|\' /C calc\'!A0', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://evil.example","x")'])('%j starts with a quote and is quoted', (value) => {
    const cell = csvCell(value);
    expect(cell.startsWith(`"'`)).toBe(true);
    expect(cell.slice(2, -1).replace(/""/g, '"')).toBe(value);
  });

  it('leaves ordinary values alone and quotes what RFC 4180 needs', () => {
    expect(csvCell('Max')).toBe('Max');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('exports every row with a header line and CRLF line ends', () => {
    const csv = leadsCsv([row({ name: '=1+1', message: 'Zeile 1\nZeile 2' })]);
    const [header, first] = csv.split('\r\n');
    expect(header).toBe('id,created_at,form_variant,locale,name,email,company,products,subject,message,privacy_consent');
    expect(first).toContain(`"'=1+1"`);
    expect(csv).toContain('"Zeile 1\nZeile 2"');
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
