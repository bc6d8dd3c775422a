import type { SiteModel } from '../content/model.ts';
import { localeCodes } from '../schema/site-locales.ts';
import { staleProjectFile, type ProjectFile } from './project-file.ts';

/** Where the contact function's list of accepted languages lives, relative to the project folder. */
export const FUNCTION_LOCALES_FILE = 'supabase/functions/_shared/generated/locales.ts';

/**
 * The module the contact function (Deno) and `site serve` (Node) import to know which `x-site-locale`
 * values a request may carry: the site's locale codes, from site.yaml. Written by `site build`, so a new
 * language never needs an edit under supabase/; the function must be redeployed to learn it.
 */
export function functionLocalesModule(model: SiteModel): string {
  return [
    '// Written by `site build` from `locales` in content/site.yaml: do not edit by hand. Commit it, and after a',
    '// language was added or removed redeploy the function: `supabase functions deploy rapid-worker` (docs/authoring/languages.md).',
    `export const LOCALE_CODES: readonly [string, ...string[]] = ${JSON.stringify(localeCodes(model.site))};`,
    '',
  ].join('\n');
}

/** The module's file and the text it should have, when the project has a function folder and the file differs. */
export function staleFunctionLocales(contentDir: string, model: SiteModel): Promise<ProjectFile | undefined> {
  return staleProjectFile(contentDir, FUNCTION_LOCALES_FILE, functionLocalesModule(model));
}
