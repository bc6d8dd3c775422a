// Written by `site build` from content/ (the /datenschutz pages and constants.privacy in site.yaml): do not edit.
// A test checks that this committed file equals what the build writes (tests/unit/output/privacy-policy.test.ts).

/** The privacy policy in force, stored with every contact request as proof of what the visitor consented to. */
export const PRIVACY_POLICY = {
  /** sha256 of the built /datenschutz content (null: the site has no privacy-policy page). */
  version: '13994132f70773cec4a236c950695d2b3535c17944f6fbc366cc95e28e6ad154',
  /** Months after which a contact request that was not kept is deleted (constants.privacy.contactRetentionMonths). */
  contactRetentionMonths: 6,
} as const;
