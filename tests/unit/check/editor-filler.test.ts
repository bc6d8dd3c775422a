import { describe, expect, it } from 'vitest';
import { checkEditorFiller } from '../../../src/check/editor-filler.ts';
import { parseYaml } from '../../../src/content/yaml-source.ts';

const source = (file: string, text: string) => {
  const parsed = parseYaml(file, text).source;
  if (!parsed) throw new Error(`${file} did not parse`);
  return parsed;
};

describe('editor-filler', () => {
  it('fails a page or UI text that is still the editor’s stock text, at its line, in any editor language', () => {
    const page = source(
      'pages/faq/de.yaml',
      [
        'sections:',
        '  - type: faq',
        '    title: Fragen',
        '    items:',
        '      - question: Neue Frage?',
        '        answer:',
        '          - Ja, in der EU.',
        '          - Eine zweite Zeile der Antwort.',
        '      - { question: New question?, answer: [Yes.] }',
        '',
      ].join('\n'),
    );
    const findings = checkEditorFiller([page, source('locales/de.yaml', 'footer:\n  brandText: Neuer Text\n'), source('site.yaml', 'name: Neuer Text\n')]);
    expect(findings.map((f) => [f.code, f.severity, f.location?.file, f.location?.line, f.message])).toEqual([
      ['editor-filler', 'error', 'pages/faq/de.yaml', 5, "'Neue Frage?' is the editor's stock text for a new entry, not written by an author"],
      [
        'editor-filler',
        'error',
        'pages/faq/de.yaml',
        8,
        "'Eine zweite Zeile der Antwort.' is the editor's stock text for a new entry, not written by an author",
      ],
      ['editor-filler', 'error', 'pages/faq/de.yaml', 9, "'New question?' is the editor's stock text for a new entry, not written by an author"],
      ['editor-filler', 'error', 'locales/de.yaml', 2, "'Neuer Text' is the editor's stock text for a new entry, not written by an author"],
    ]);
  });

  it('passes text an author wrote, even when it contains a stock phrase', () => {
    expect(checkEditorFiller([source('pages/faq/de.yaml', 'title: Die Antwort. Und mehr dazu.\nlead: Neue Frage? Fragen Sie uns.\n')])).toEqual([]);
  });
});
