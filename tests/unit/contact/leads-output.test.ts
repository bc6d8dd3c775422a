/**
 * `site leads` output attacked with what a visitor can type: zero-width and bidi marks that disguise a
 * value, and spreadsheet formulas in the CSV export.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { askYes } from '../../../src/cli/leads-privacy.ts';
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

describe('site leads --csv escapes what a terminal would act on', () => {
  const attacks: [string, string, string][] = [
    ['ESC (clear screen)', 'Max\u001b[2J\u001b[H', 'Max\\u{1b}[2J\\u{1b}[H'],
    ['OSC (window title) ended by BEL', 'Max\u001b]0;pwned\u0007', 'Max\\u{1b}]0;pwned\\u{7}'],
    ['C1 CSI', 'Max\u009b2J', 'Max\\u{9b}2J'],
    ['DEL', 'Max\u007f', 'Max\\u{7f}'],
    ['bidi override', 'Max \u202egnp.exe', 'Max \\u{202e}gnp.exe'],
    ['bidi isolate', 'Max \u2066x\u2069', 'Max \\u{2066}x\\u{2069}'],
    ['zero width', 'Pay\u200bPal', 'Pay\\u{200b}Pal'],
  ];
  it.each(attacks)('%s', (_what, value, shown) => {
    const csv = leadsCsv([row({ name: value, company: value, message: `${value}\nZeile 2` })]);
    expect(csv).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u);
    expect(csv).toContain(`,${shown},`);
    expect(csv).toContain(`"${shown}\nZeile 2"`);
  });
});

describe('site leads --csv neutralises formulas', () => {
  it.each(["=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r\n=1', '=HYPERLINK("http://evil.example","x")'])(
    '%j starts with a quote and is quoted',
    (value) => {
      const cell = csvCell(value);
      expect(cell.startsWith(`"'`)).toBe(true);
      expect(cell.slice(2, -1).replace(/""/g, '"')).toBe(value);
    },
  );

  it('a carriage return of its own (which moves the cursor back) is escaped, so it cannot start a formula either', () => {
    expect(csvCell('\r=1')).toBe('\\u{d}=1');
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

describe('site leads erase asks before it deletes', () => {
  const ask = async (typed: string | null) => {
    const input = new PassThrough();
    const output = new PassThrough();
    let asked = '';
    output.on('data', (chunk: Buffer) => (asked += chunk.toString()));
    const answer = askYes(input, output, 'erase it? type yes to confirm: ');
    if (typed === null) input.end();
    else input.write(typed);
    return { answer: await answer, asked };
  };

  it.each([
    ['yes\n', true],
    ['Y\n', true],
    [' y \n', true],
    ['no\n', false],
    ['\n', false],
    ['yess\n', false],
  ] as const)('%j confirms: %s', async (typed, confirmed) => {
    const { answer, asked } = await ask(typed);
    expect(answer).toBe(confirmed);
    expect(asked).toBe('erase it? type yes to confirm: ');
  });

  it('an input that ends without an answer does not confirm (and does not hang)', async () => {
    expect((await ask(null)).answer).toBe(false);
  });
});
