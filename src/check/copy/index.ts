import type { SiteModel } from '../../content/model.ts';
import type { YamlSource } from '../../content/yaml-source.ts';
import type { Glossary } from '../../schema/glossary.ts';
import type { Finding } from '../finding.ts';
import { allSteps, chunked, STEP_STRINGS, type RuleSteps } from '../steps.ts';
import { copyStrings, type CopyString } from './copy-strings.ts';
import { checkGlossary } from './glossary.ts';
import { languageSteps } from './language.ts';
import { checkLegalForm, legalFamilies } from './legal-form.ts';
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
  const findings = rules.flatMap(allSteps);
  return { strings, findings };
}

/**
 * checkCopy's rules one by one, in its order, each in steps over a part of the strings (or files): `site dev` lets its
 * server run between them. `strings` fills as the first rule runs: reading them is most of its time.
 */
export function copyRules(
  sources: readonly YamlSource[],
  model: SiteModel | undefined,
  glossary: Glossary,
  options: { strict?: boolean; defaultLocale?: string },
): { strings: CopyString[]; rules: RuleSteps[] } {
  const strings: CopyString[] = [];
  const defaultLocale = options.defaultLocale ?? model?.site.defaultLocale ?? 'de';
  const read = (part: readonly YamlSource[]) => {
    const found = copyStrings(part);
    for (const s of found) strings.push(s);
    // An ignore comment is one file's: the files' parts do not split it.
    return checkIgnoreComments(found);
  };
  return {
    strings,
    rules: [
      () => chunked(sources, read),
      () => chunked(strings, (part) => checkGlossary(part, glossary), STEP_STRINGS),
      () => chunked(strings, (part) => checkContentTypography(part, model, options.strict), STEP_STRINGS),
      () => languageSteps(strings, { glossary, defaultLocale, strict: options.strict }),
      () => {
        const legal = legalFamilies(model);
        return chunked(strings, (part) => checkLegalForm(part, model, defaultLocale, legal), STEP_STRINGS);
      },
    ],
  };
}
