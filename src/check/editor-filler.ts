import { scalarStrings, type YamlSource } from '../content/yaml-source.ts';
import { MESSAGES } from '../dev/editor/messages/index.ts';
import { finding, type Finding } from './finding.ts';

/**
 * The texts /admin puts into a new item for the author to type over ("Neue Frage?", "Neuer Text"), in each of its
 * languages, and the answer lines earlier versions filled in: left on a page, a visitor reads them.
 */
const FILLER = new Set([
  ...Object.values(MESSAGES).flatMap((m) => [m.newText, m.newQuestion]),
  'Die Antwort.',
  'Eine zweite Zeile der Antwort.',
  'The answer.',
  'A second line of the answer.',
  'La réponse.',
  'Une deuxième ligne de la réponse.',
  'La respuesta.',
  'Una segunda línea de la respuesta.',
]);

/** editor-filler: a page or UI text that is still the editor's stock text for a new item. */
export function checkEditorFiller(sources: readonly YamlSource[]): Finding[] {
  return sources
    .filter((source) => source.file.startsWith('pages/') || source.file.startsWith('locales/'))
    .flatMap((source) =>
      scalarStrings(source)
        .filter(({ value }) => FILLER.has(value.trim()))
        .map(({ value, location }) =>
          finding({
            code: 'editor-filler',
            severity: 'error',
            message: `'${value.trim()}' is the editor's stock text for a new entry, not written by an author`,
            location,
            hint: 'write the real text or remove the entry',
          }),
        ),
    );
}
