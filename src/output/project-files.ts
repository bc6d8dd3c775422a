import type { SiteModel } from '../content/model.ts';
import { FUNCTION_LOCALES_FILE, staleFunctionLocales } from './function-locales.ts';
import { LEAD_NOTIFICATION_TEXTS_FILE, staleLeadNotificationTexts } from './lead-notification-texts.ts';
import { PRIVACY_POLICY_FILE, privacyPolicyFacts, stalePrivacyPolicyModule } from './privacy-policy.ts';
import { writeProjectFile, type ProjectFile } from './project-file.ts';

/** Every file `site build` generates into the project, relative to it: the contact function and `site serve` import them. */
export const PROJECT_FILES = [FUNCTION_LOCALES_FILE, LEAD_NOTIFICATION_TEXTS_FILE, PRIVACY_POLICY_FILE] as const;

/** The generated project files that do not match the content (`site check` reports them; `site build` writes them). */
export async function staleProjectFiles(contentDir: string, model: SiteModel): Promise<ProjectFile[]> {
  const stale = await Promise.all([
    staleFunctionLocales(contentDir, model),
    staleLeadNotificationTexts(contentDir, model),
    stalePrivacyPolicyModule(contentDir, privacyPolicyFacts(model)),
  ]);
  return stale.filter((file) => file !== undefined);
}

/** Writes the stale ones; returns the files written (the CLI asks for them to be committed). */
export async function writeProjectFiles(contentDir: string, model: SiteModel): Promise<string[]> {
  const written: string[] = [];
  for (const stale of await staleProjectFiles(contentDir, model)) {
    const file = await writeProjectFile(stale);
    if (file) written.push(file);
  }
  return written;
}
