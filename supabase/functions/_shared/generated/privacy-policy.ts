// Written by `site build` from content/ (the /datenschutz pages and constants.privacy in site.yaml): do not edit.
// A test checks that this committed file equals what the build writes (tests/unit/output/privacy-policy.test.ts).

/** The privacy policy in force, stored with every contact request as proof of what the visitor consented to. */
export const PRIVACY_POLICY = {
  /** sha256 of the built /datenschutz content (null: the site has no privacy-policy page). */
  version: 'ed48aa2b56897b7a13b489b5607d58c23c82efeacdb782f61b816a5d6344efb3',
  /** Months after which a contact request that was not kept is deleted (constants.privacy.contactRetentionMonths). */
  contactRetentionMonths: 6,
} as const;
