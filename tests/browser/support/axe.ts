import { createRequire } from 'node:module';

/** What of axe-core's rule table this reads: axe's own metadata, which its types leave out. */
interface AxeRuleSpec {
  id: string;
  tags: string[];
  impact?: 'minor' | 'moderate' | 'serious' | 'critical';
}

// The axe-core that @axe-core/playwright injects into the page, not whichever copy a bare import would find.
const axe = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as {
  _audit: { rules: AxeRuleSpec[]; tagExclude: string[] };
};

/**
 * The rules of `tags` (as `withTags` picks them: experimental and deprecated rules left out) that can find a
 * serious or critical violation, for a scan that fails on those only. axe gives each rule a fixed impact and
 * every violation of a rule carries it (axe-core's `_finalizeRuleResult`), so a minor or moderate rule cannot
 * fail such a scan and only costs time: about a third of the home page's scan. A rule without a fixed impact
 * is kept.
 */
export function blockingRules(tags: string[]): string[] {
  const excluded = axe._audit.tagExclude.filter((tag) => !tags.includes(tag));
  return axe._audit.rules
    .filter((rule) => rule.tags.some((tag) => tags.includes(tag)) && !rule.tags.some((tag) => excluded.includes(tag)))
    .filter((rule) => rule.impact === undefined || rule.impact === 'serious' || rule.impact === 'critical')
    .map((rule) => rule.id);
}
