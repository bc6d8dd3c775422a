import type { SiteModel } from '../../content/model.ts';
import type { YamlSource } from '../../content/yaml-source.ts';
import type { Glossary } from '../../schema/glossary.ts';
import type { Finding } from '../finding.ts';
import { copyStrings, type CopyString } from './copy-strings.ts';
import { checkGlossary } from './glossary.ts';
import { checkLanguage } from './language.ts';
import { checkLegalForm } from './legal-form.ts';
import { checkContentTypography, checkIgnoreComments } from './typography.ts';

export { checkRenderedTypography } from './rendered.ts';

/**
 * The copy rules on the content: the termbase, per-language typography, untranslated and mixed-language
 * text, and the ignore comments that silence them. Returns the strings too, for the rules on the output.
 */
export function checkCopy(
  sources: readonly YamlSource[],
  model: SiteModel | undefined,
  glossary: Glossary,
  options: { strict?: boolean; defaultLocale?: string },
): { findings: Finding[]; strings: CopyString[] } {
  const { strings, rules } = copyRules(sources, model, glossary, options);
  return { strings, findings: rules.flatMap((rule) => rule()) };
}

/** checkCopy's rules one by one, in its order, and the strings they read: `site dev` lets its server run between them. */
export function copyRules(
  sources: readonly YamlSource[],
  model: SiteModel | undefined,
  glossary: Glossary,
  options: { strict?: boolean; defaultLocale?: string },
): { strings: CopyString[]; rules: (() => Finding[])[] } {
  const strings = copyStrings(sources);
  const defaultLocale = options.defaultLocale ?? model?.site.defaultLocale ?? 'de';
  return {
    strings,
    rules: [
      () => checkIgnoreComments(strings),
      () => checkGlossary(strings, glossary),
      () => checkContentTypography(strings, model, options.strict),
      () => checkLanguage(strings, { glossary, defaultLocale, strict: options.strict }),
      () => checkLegalForm(strings, model, defaultLocale),
    ],
  };
}
