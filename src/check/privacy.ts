import { locate, scalarStrings, type YamlSource } from '../content/yaml-source.ts';
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

interface Recipient {
  name: string;
  thirdCountry: boolean;
}

/** Recipients the site's configuration implies, whether or not site.yaml lists them. */
function impliedRecipients(site: { backend: { url: string } }): { what: string; name: RegExp }[] {
  let host = '';
  try {
    host = site.backend.url ? new URL(site.backend.url).hostname : '';
  } catch {
    // An invalid URL is the schema's finding.
  }
  return /(^|\.)supabase\.(co|in)$/.test(host) ? [{ what: `the backend at ${host}`, name: /supabase/i }] : [];
}

/**
 * privacy-recipients: the privacy policy names every recipient site.yaml lists (`constants.privacy.recipients`)
 * by reference, and the transfer safeguard of each outside the EU/EEA (Art. 13(1)(e, f) GDPR); and site.yaml
 * lists the recipients its configuration implies (a Supabase backend URL means Supabase receives the contact
 * requests). So the policy cannot forget a processor the site is configured to use.
 */
export function checkPrivacyRecipients(
  sources: readonly YamlSource[],
  site: { backend: { url: string }; constants: { privacy: { recipients: Record<string, Recipient> } } },
  siteSource?: YamlSource,
): Finding[] {
  const recipients = site.constants.privacy.recipients;
  const out: Finding[] = [];
  for (const source of sources.filter((s) => s.file.startsWith(`pages/${PRIVACY_POLICY_FAMILY}/`))) {
    const text = scalarStrings(source)
      .map(({ value }) => value)
      .join('\n');
    for (const [id, recipient] of Object.entries(recipients)) {
      const needed = [`{{privacy.recipients.${id}.name}}`, ...(recipient.thirdCountry ? [`{{privacy.recipients.${id}.safeguard}}`] : [])];
      for (const reference of needed.filter((r) => !text.includes(r))) {
        out.push(
          finding({
            code: 'privacy-recipients',
            severity: 'error',
            message: `the privacy policy does not name ${reference.endsWith('.safeguard}}') ? 'the transfer safeguard of ' : ''}the recipient '${recipient.name}' that site.yaml lists`,
            location: { file: source.file, line: 1, column: 1 },
            expected: `a text with ${reference}`,
            found: 'no such reference',
            hint: 'name every recipient in the part on recipients, by reference, so the policy follows site.yaml',
          }),
        );
      }
    }
  }
  const names = Object.values(recipients).map((r) => r.name);
  for (const implied of impliedRecipients(site)) {
    if (names.some((name) => implied.name.test(name))) continue;
    out.push(
      finding({
        code: 'privacy-recipients',
        severity: 'error',
        message: `${implied.what} receives the contact requests, but site.yaml lists no such recipient for the privacy policy`,
        location: siteSource ? locate(siteSource, ['constants', 'privacy']) : { file: 'site.yaml', line: 1, column: 1 },
        expected: `an entry under constants.privacy.recipients whose name matches ${implied.name}`,
        found: names.length ? names.join(', ') : 'no recipients',
        hint: 'add it with its seat and, outside the EU/EEA, its safeguard, and name it in the privacy policy',
      }),
    );
  }
  return out;
}
