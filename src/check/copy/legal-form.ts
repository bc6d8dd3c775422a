import type { SiteModel } from '../../content/model.ts';
import { finding, type Finding } from '../finding.ts';
import { ignored, type CopyString } from './copy-strings.ts';

/** The company's registered name, printed by reference, or a German legal form typed out. */
const LEGAL_FORM = /\{\{\s*company\.legalName\s*\}\}|\bUG \(haftungsbeschränkt\)|haftungsbeschränkt|\bgGmbH\b|\bGmbH\b/gu;

/**
 * copy-legal-form: "UG (haftungsbeschränkt)" is German company law, not copy: a French, English or Spanish
 * reader stumbles over it. Outside the legal pages (documents of a legal kind: they identify the company)
 * and the copyright line, pages in other languages name the company by its brand.
 */
export function checkLegalForm(
  strings: readonly CopyString[],
  model: SiteModel | undefined,
  defaultLocale: string,
  legal: ReadonlySet<string> = legalFamilies(model),
): Finding[] {
  const out: Finding[] = [];
  for (const string of strings) {
    if (string.locale === defaultLocale || string.key === 'copyright' || (string.family && legal.has(string.family))) continue;
    if (ignored(string, 'copy-legal-form')) continue;
    for (const match of string.value.matchAll(LEGAL_FORM)) {
      out.push(
        finding({
          code: 'copy-legal-form',
          severity: 'error',
          message: `the German legal form of the company in ${string.locale} running copy`,
          location: string.at(match.index),
          expected: 'the brand, {{brand.name}}',
          found: `'${match[0]}'`,
          hint: 'write {{brand.name}}; the registered name with its legal form belongs on the legal pages and in the copyright line',
        }),
      );
    }
  }
  return out;
}

/** The page families that are legal pages (a section of the legal kind), where the registered name belongs. */
export function legalFamilies(model: SiteModel | undefined): Set<string> {
  return new Set(model?.pages.filter((p) => p.page.sections.some((s) => s.type === 'legal')).map((p) => p.family) ?? []);
}
