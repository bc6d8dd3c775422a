import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteModel } from '../content/model.ts';
import { localeCodes } from '../schema/site-locales.ts';

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
    '// language was added or removed redeploy the function: `supabase functions deploy rapid-worker` (README).',
    `export const LOCALE_CODES: readonly [string, ...string[]] = ${JSON.stringify(localeCodes(model.site))};`,
    '',
  ].join('\n');
}

/**
 * The module's file and the text it should have, when the project has a function folder and the file does not hold
 * that text (missing, or the site's languages changed since the last `site build`); else undefined.
 */
export async function staleFunctionLocales(contentDir: string, model: SiteModel): Promise<{ file: string; text: string } | undefined> {
  const project = path.dirname(path.resolve(contentDir));
  if (!existsSync(path.join(project, 'supabase/functions'))) return undefined;
  const file = path.join(project, FUNCTION_LOCALES_FILE);
  const text = functionLocalesModule(model);
  return (await readFile(file, 'utf8').catch(() => undefined)) === text ? undefined : { file, text };
}

/**
 * Writes the module into the project the content belongs to: the `supabase/functions` folder beside the
 * content folder. Content without one (a test fixture in a temporary folder) has no function to tell.
 * The file is only rewritten when its text changes, so `site dev` (which restarts on changes under
 * supabase/functions/_shared) is not restarted by every build.
 */
export async function writeFunctionLocales(contentDir: string, model: SiteModel): Promise<string | undefined> {
  const stale = await staleFunctionLocales(contentDir, model);
  if (!stale) return undefined;
  const { file, text } = stale;
  await mkdir(path.dirname(file), { recursive: true });
  // Written aside and renamed, so the function's bundler or the CLI's never reads half a file.
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
  return file;
}
