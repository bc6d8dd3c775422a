import { scalarStrings, type YamlSource } from '../content/yaml-source.ts';
import { EARLIER_STOCK_ANSWERS, STOCK_TEXT } from '../content/stock-text.ts';
import { finding, type Finding } from './finding.ts';

/** What /admin fills into a new item, in each of its languages, and what earlier versions filled in. */
const FILLER = new Set<string>([...Object.values(STOCK_TEXT).flatMap((t) => Object.values(t)), ...EARLIER_STOCK_ANSWERS]);

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
