// Written by `site build` from content/ (the /datenschutz pages and constants.privacy in site.yaml): do not edit.
// A test checks that this committed file equals what the build writes (tests/unit/output/privacy-policy.test.ts).

/** The privacy policy in force, stored with every contact request as proof of what the visitor consented to. */
export const PRIVACY_POLICY = {
  /** sha256 of the built /datenschutz content (null: the site has no privacy-policy page). */
  version: '25e6075ff914729369f909c90172066959bc0bd997bc3379c592ed838a1b3b16',
  /** Months after which a contact request that was not kept is deleted (constants.privacy.contactRetentionMonths). */
  contactRetentionMonths: 6,
} as const;
