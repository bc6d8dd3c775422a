// Written by `site build` from content/ (the /datenschutz pages and constants.privacy in site.yaml): do not edit.
// A test checks that this committed file equals what the build writes (tests/unit/output/privacy-policy.test.ts).

/** The privacy policy in force, stored with every contact request as proof of what the visitor consented to. */
export const PRIVACY_POLICY = {
  /** sha256 of the built /datenschutz content (null: the site has no privacy-policy page). */
  version: '1c05d529a79286a92c8546d5f5173436c03c5186d91cdb3d17c6b4854636df33',
  /** Months after which a contact request that was not kept is deleted (constants.privacy.contactRetentionMonths). */
  contactRetentionMonths: 6,
} as const;
