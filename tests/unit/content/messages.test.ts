/**
 * The wording of each author-facing message, one fixture per mistake (tests/fixtures/content/message-*):
 * the file, line and column it points at, what it says, and the fix it offers.
 */
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../src/content/load.ts';
import type { SiteError } from '../../../src/errors/site-error.ts';
import { loadFixture, lineOf } from '../../support/fixture.ts';

async function onlyError(name: string): Promise<{ error: SiteError; dir: string }> {
  const dir = (await loadFixture(`content/${name}`)).content;
  const result = await loadContent(dir);
  if (result.ok) throw new Error(`fixture ${name} loads without errors`);
  expect(result.errors, result.errors.map((e) => e.message).join('\n')).toHaveLength(1);
  return { error: result.errors[0]!, dir };
}

const PAGE = 'pages/home/de.yaml';

describe('YAML syntax errors in plain words, with the fix', () => {
  it('a ": " inside an unquoted value: points at the colon and shows the quoted line', async () => {
    const { error, dir } = await onlyError('message-colon-in-value');
    expect(error.location).toEqual({ file: PAGE, line: await lineOf(dir, PAGE, 'title: Alle Modelle: an'), column: 24 });
    expect(error.message).toBe('a ": " inside an unquoted value: YAML reads the text before it as another key');
    expect(error.hint).toBe('put the value in quotes: title: "Alle Modelle: an einem Ort"');
  });

  it('a key indented too deep is named on its own line with what its indentation means, not as a ": " above it', async () => {
    const { error, dir } = await onlyError('message-over-indented-key');
    expect(error.location).toEqual({ file: PAGE, line: await lineOf(dir, PAGE, '      lead: Über'), column: 7 });
    expect(error.message).toBe(
      "'lead' is indented 2 spaces deeper than 'title' above it: YAML would read it as part of the value of 'title', which already has one",
    );
    expect(error.hint).toMatch(/^indent 'lead' with 4 spaces, like 'title', if it is a key of the same block/);
  });

  it('an unquoted {{reference}} at the start of a value is named as such', async () => {
    const { error, dir } = await onlyError('message-unquoted-reference');
    expect(error.location).toEqual({ file: PAGE, line: await lineOf(dir, PAGE, 'title: {{brand.name}}'), column: 12 });
    expect(error.message).toBe('a value that starts with {{…}} must be in quotes: unquoted, YAML reads the { as the start of a mapping');
    expect(error.hint).toBe('put the whole value in quotes: title: "{{brand.name}} – alle Modelle"');
  });

  it('a {{reference}} inside a { … } mapping (as locale links are written) is named, with the value quoted', async () => {
    const { error, dir } = await onlyError('message-reference-in-flow-map');
    const line = '      - { label: Ab {{plans.standard.price}} im Monat';
    expect(error.location).toEqual({ file: PAGE, line: await lineOf(dir, PAGE, line), column: 18 });
    expect(error.message).toBe('a {{…}} reference inside a { … } mapping must be in quotes: unquoted, YAML reads its { as another mapping');
    expect(error.hint).toMatch(/^put the value of 'label' in quotes: label: "Ab \{\{plans\.standard\.price\}\} im Monat"/);
  });

  it('a tab in the indentation', async () => {
    const { error, dir } = await onlyError('message-tab-indent');
    expect(error.location).toEqual({ file: PAGE, line: await lineOf(dir, PAGE, '\tstructuredData'), column: 1 });
    expect(error.message).toBe('a tab in the indentation: YAML indents with spaces only');
    expect(error.hint).toBe('replace the tab with spaces (two per level, as in the rest of the file)');
  });

  it('an unclosed [ … ] list is reported on the line that opens it', async () => {
    const { error, dir } = await onlyError('message-unclosed-list');
    expect(error.location).toEqual({ file: PAGE, line: await lineOf(dir, PAGE, '- [Kontakt'), column: 9 });
    expect(error.message).toBe('a [ … ] list is not closed on its line');
    expect(error.hint).toMatch(
      /^close it with \] before the end of the line, or write the items as a block list \(one "- item" per line\) \(\d+ further parser errors after this line left out/,
    );
  });

  it('a value starting with a reserved character', async () => {
    const { error, dir } = await onlyError('message-reserved-start');
    expect(error.location).toEqual({ file: PAGE, line: await lineOf(dir, PAGE, 'title: @KI'), column: 12 });
    expect(error.message).toBe('an unquoted value cannot start with @');
    expect(error.hint).toBe('put the value in quotes: title: "@KI-Zentrale"');
  });

  it('text after the closing quote', async () => {
    const { error, dir } = await onlyError('message-text-after-quote');
    expect(error.location).toMatchObject({ file: PAGE, line: await lineOf(dir, PAGE, 'title: "Alle Modelle" an') });
    expect(error.message).toBe('text after the closing quote of a quoted value');
    expect(error.hint).toBe('quote the whole value: title: "Alle Modelle an einem Ort"');
  });
});

describe('unknown constants', () => {
  it('point at the exact {{token}}, not at the start of the text', async () => {
    const { error, dir } = await onlyError('message-unknown-reference-token');
    const line = await lineOf(dir, PAGE, 'chatgptPlux');
    expect(error.location).toEqual({ file: PAGE, line, column: 43, path: 'sections[0].lead' });
    expect(error.message).toBe("unknown constant 'comparison.chatgptPlux.price'");
    expect(error.hint).toBe("did you mean 'comparison.chatgptPlus.price'?");
  });
});
