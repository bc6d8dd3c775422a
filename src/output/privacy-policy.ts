import { createHash } from 'node:crypto';
import type { SiteModel } from '../content/model.ts';
import { FUNCTIONS_DIR, staleProjectFile, writeProjectFile, type ProjectFile } from './project-file.ts';

/** The page family that holds the privacy policy (route `/datenschutz`; every form's consent text links to it). */
export const PRIVACY_POLICY_FAMILY = 'datenschutz';

/** Where the generated module lives inside a project's `supabase/functions` folder. */
export const PRIVACY_POLICY_MODULE = '_shared/generated/privacy-policy.ts';

/** The same, relative to the project folder. */
export const PRIVACY_POLICY_FILE = `${FUNCTIONS_DIR}/${PRIVACY_POLICY_MODULE}`;

export interface PrivacyPolicyFacts {
  /** sha256 (hex) of the policy as built, or null for a site without a privacy-policy page. */
  version: string | null;
  /** `constants.privacy.contactRetentionMonths`. */
  contactRetentionMonths: number;
}

/**
 * The policy's version is a hash of what the built /datenschutz pages say: each page's locale, route and
 * sections with every `{{…}}` reference resolved (a changed figure or company address is a new version).
 * Markup, styles and the page chrome are not part of it, so a redesign does not make a new version.
 */
export function privacyPolicyFacts(model: SiteModel): PrivacyPolicyFacts {
  const pages = model.pages
    .filter((entry) => entry.family === PRIVACY_POLICY_FAMILY)
    .sort((a, b) => a.locale.localeCompare(b.locale))
    .map((entry) => ({ locale: entry.locale, route: entry.route, sections: entry.page.sections }));
  return {
    version: pages.length ? createHash('sha256').update(JSON.stringify(pages)).digest('hex') : null,
    contactRetentionMonths: model.site.constants.privacy.contactRetentionMonths,
  };
}

/** The module `site serve` and the rapid-worker function import (both store these facts with each request). */
export function privacyPolicyModule(facts: PrivacyPolicyFacts): string {
  return `// Written by \`site build\` from content/ (the /datenschutz pages and constants.privacy in site.yaml): do not edit.
// A test checks that this committed file equals what the build writes (tests/unit/output/privacy-policy.test.ts).

/** The privacy policy in force, stored with every contact request as proof of what the visitor consented to. */
export const PRIVACY_POLICY = {
  /** sha256 of the built /datenschutz content (null: the site has no privacy-policy page). */
  version: ${facts.version === null ? 'null' : `'${facts.version}'`},
  /** Months after which a contact request that was not kept is deleted (constants.privacy.contactRetentionMonths). */
  contactRetentionMonths: ${facts.contactRetentionMonths},
} as const;
`;
}

/** The module's file and the text it should have, when the project has a function folder and the file differs. */
export function stalePrivacyPolicyModule(contentDir: string, facts: PrivacyPolicyFacts): Promise<ProjectFile | undefined> {
  return staleProjectFile(contentDir, PRIVACY_POLICY_FILE, privacyPolicyModule(facts));
}

/** Writes the module when it is stale (see staleProjectFile); returns the file written. */
export async function writePrivacyPolicyModule(contentDir: string, facts: PrivacyPolicyFacts): Promise<string | undefined> {
  return writeProjectFile(await stalePrivacyPolicyModule(contentDir, facts));
}
