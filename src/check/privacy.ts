import { scalarStrings, type YamlSource } from '../content/yaml-source.ts';
import { PRIVACY_POLICY_FAMILY } from '../output/privacy-policy.ts';
import { finding, type Finding } from './finding.ts';

const RETENTION_REFERENCE = '{{privacy.contactRetentionMonths';

/**
 * claim-retention: every privacy-policy page prints the contact-request retention period from
 * `constants.privacy.contactRetentionMonths`, the figure `site serve` and the database purge by, so the
 * promise and what the software does cannot drift apart.
 */
export function checkRetentionClaim(sources: readonly YamlSource[]): Finding[] {
  return sources
    .filter((source) => source.file.startsWith(`pages/${PRIVACY_POLICY_FAMILY}/`))
    .filter((source) => !scalarStrings(source).some(({ value }) => value.includes(RETENTION_REFERENCE)))
    .map((source) =>
      finding({
        code: 'claim-retention',
        severity: 'error',
        message: 'the privacy policy does not state the retention period of contact requests from the constant the software deletes by',
        location: { file: source.file, line: 1, column: 1 },
        expected: `a text with ${RETENTION_REFERENCE}}}`,
        found: 'no reference to constants.privacy.contactRetentionMonths',
        hint: 'write the period as {{privacy.contactRetentionMonths}} (e.g. "{{privacy.contactRetentionMonths}} Monate nach Eingang") instead of typing it',
      }),
    );
}
