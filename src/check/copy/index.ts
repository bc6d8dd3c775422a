import type { SiteModel } from '../../content/model.ts';
import type { YamlSource } from '../../content/yaml-source.ts';
import type { Glossary } from '../../schema/glossary.ts';
import type { Finding } from '../finding.ts';
import { allSteps, chunked, readAll, STEP_STRINGS, type RuleSteps } from '../steps.ts';
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
  const findings: Finding[] = [];
  const strings = readAll(copyStringSteps(sources), findings);
  for (const rule of copyRules(strings, model, glossary, options)) findings.push(...allSteps(rule));
  return { strings, findings };
}

/**
 * The copy strings of `sources` as checkCopy reads them, STEP_FILES files a step: each step's findings are the ignore
 * comments' in its files (an ignore comment is one file's: the parts do not split it), and the steps return the strings.
 */
export function* copyStringSteps(sources: readonly YamlSource[]): Generator<Finding[], CopyString[]> {
  const strings: CopyString[] = [];
  yield* chunked(sources, (part) => {
    const found = copyStrings(part);
    for (const s of found) strings.push(s);
    return checkIgnoreComments(found);
  });
  return strings;
}

/**
 * checkCopy's rules on the strings (all of them: copyStringSteps' or copyStrings'), in its order, each in steps over a
 * part of them: `site dev` lets its server run between them.
 */
export function copyRules(
  strings: readonly CopyString[],
  model: SiteModel | undefined,
  glossary: Glossary,
  options: { strict?: boolean; defaultLocale?: string },
): RuleSteps[] {
  const defaultLocale = options.defaultLocale ?? model?.site.defaultLocale ?? 'de';
  return [
    () => chunked(strings, (part) => checkGlossary(part, glossary), STEP_STRINGS),
    () => chunked(strings, (part) => checkContentTypography(part, model, options.strict), STEP_STRINGS),
    () => languageSteps(strings, { glossary, defaultLocale, strict: options.strict }),
    () => {
      const legal = legalFamilies(model);
      return chunked(strings, (part) => checkLegalForm(part, model, defaultLocale, legal), STEP_STRINGS);
    },
  ];
}
