// Written by `site build` from content/ (the /datenschutz pages and constants.privacy in site.yaml): do not edit.
// A test checks that this committed file equals what the build writes (tests/unit/output/privacy-policy.test.ts).

/** The privacy policy in force, stored with every contact request as proof of what the visitor consented to. */
export const PRIVACY_POLICY = {
  /** sha256 of the built /datenschutz content (null: the site has no privacy-policy page). */
  version: '5839530e04cbd3ab2acb24dd79fb6cc1a00ae10791e457dba24e97b07461fc3f',
  /** Months after which a contact request that was not kept is deleted (constants.privacy.contactRetentionMonths). */
  contactRetentionMonths: 6,
} as const;
