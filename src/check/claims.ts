import type { SiteConfig } from '../schema/site.ts';
import { locate, scalarStrings, type YamlSource } from '../content/yaml-source.ts';
import { finding, type Finding } from './finding.ts';

/**
 * The rounding rule for savings claims, with s = (sum of the compared subscriptions − plan price) / sum × 100:
 * a plain claim p must satisfy s − 1 < p ≤ s (round down, never overstate);
 * an "up to" claim must satisfy s − 1 < p ≤ s + 0.5 (it may also round to the nearest whole percent).
 */
export const SAVINGS_RULE =
  'a plain claim p needs s − 1 < p ≤ s (round down, never overstate); an "up to" claim needs s − 1 < p ≤ s + 0.5 (may round to the nearest whole percent), where s = (sum of compared subscriptions − plan price) / sum × 100';

export interface ComputedSaving {
  key: string;
  claimed: number;
  computed: number;
  upTo: boolean;
  plan: string;
  planPrice: number;
  against: { key: string; name: string; price: number }[];
  total: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function computeSavings(site: SiteConfig): ComputedSaving[] {
  const { plans, comparison, savings } = site.constants;
  return Object.entries(savings).flatMap(([key, claim]) => {
    const plan = plans[claim.plan];
    const against = claim.against.map((k) => ({ key: k, ...comparison[k]! }));
    if (!plan || against.some((a) => a.price === undefined)) return [];
    const total = round2(against.reduce((sum, a) => sum + a.price, 0));
    const computed = total > 0 ? ((total - plan.price) / total) * 100 : 0;
    return [{ key, claimed: claim.percent, computed, upTo: claim.upTo, plan: claim.plan, planPrice: plan.price, against, total }];
  });
}

export function savingHolds(s: Pick<ComputedSaving, 'claimed' | 'computed' | 'upTo'>): boolean {
  // Tolerance only where float noise could reject an exact claim (53 for a computed 52.999999…).
  const EPS = 1e-9;
  const upper = s.upTo ? s.computed + 0.5 : s.computed;
  return s.claimed > s.computed - 1 && s.claimed <= upper + EPS;
}

function describeArithmetic(s: ComputedSaving): string {
  const sum = s.against.map((a) => `${a.name} ${a.price}`).join(' + ');
  return `(${sum} = ${s.total} − ${s.plan} ${s.planPrice}) / ${s.total} × 100 = ${s.computed.toFixed(2)} %`;
}

/** claim-savings: every percentage in constants.savings still follows from the prices it compares. */
export function checkSavingsClaims(site: SiteConfig, siteSource: YamlSource | undefined): Finding[] {
  return computeSavings(site)
    .filter((s) => !savingHolds(s))
    .map((s) =>
      finding({
        code: 'claim-savings',
        severity: 'error',
        message: `savings claim '${s.key}' says ${s.upTo ? 'up to ' : ''}${s.claimed} % but the constants give ${s.computed.toFixed(1)} %`,
        location: siteSource ? locate(siteSource, ['constants', 'savings', s.key, 'percent']) : { file: 'site.yaml', path: `constants.savings.${s.key}.percent` },
        expected: s.upTo ? `${Math.floor(s.computed)} or ${Math.round(s.computed)}` : `${Math.floor(s.computed)}`,
        found: `${s.claimed} — ${describeArithmetic(s)}`,
        hint: `update the percentage or the prices; rule: ${SAVINGS_RULE}`,
      }),
    );
}

/** Words that make a percentage a savings claim, in the site's languages. */
const SAVINGS_WORDS = /günstiger|weniger als|sparen|ersparnis|spar(?:t|en)|cheaper|less than|saving|save|moins cher|moins que|économi|econom|más barat|mas barat|menos que|ahorr/i;
const UP_TO = /bis zu|up to|jusqu'à|jusqu’à|hasta/i;
const PERCENT = /(\d+(?:[.,]\d+)?)\s?%/g;
const REFERENCE = /\{\{[^}]*\}\}/g;

/**
 * claim-text: a savings percentage typed into page or UI text instead of referenced. If it matches a claim
 * it is a warning (it will drift when a price changes); if it matches none it has drifted: an error.
 */
export function checkClaimTexts(site: SiteConfig, sources: readonly YamlSource[]): Finding[] {
  const savings = computeSavings(site);
  const out: Finding[] = [];
  for (const source of sources) {
    if (source.file === 'site.yaml') continue;
    for (const { value, location } of scalarStrings(source)) {
      const text = value.replace(REFERENCE, ' ');
      for (const sentence of text.split(/(?<=[.!?])\s+/)) {
        if (!SAVINGS_WORDS.test(sentence)) continue;
        for (const match of sentence.matchAll(PERCENT)) {
          const claimed = Number(match[1]!.replace(',', '.'));
          const upTo = UP_TO.test(sentence.slice(0, match.index));
          const same = savings.filter((s) => s.claimed === claimed && s.upTo === upTo);
          const known = savings.map((s) => `${s.key} ${s.upTo ? 'up to ' : ''}${s.claimed} % (computed ${s.computed.toFixed(1)} %)`).join(', ');
          if (same.length > 0) {
            out.push(finding({
              code: 'claim-text',
              severity: 'warning',
              message: `savings figure '${match[0]}' is typed into the text; it will not follow the constants`,
              location,
              found: sentence.trim(),
              hint: `write {{savings.${same[0]!.key}.percent}} %`,
            }));
          } else {
            out.push(finding({
              code: 'claim-text',
              severity: 'error',
              message: `savings claim '${match[0]}' in the text matches no savings claim in site.yaml`,
              location,
              expected: known || 'a claim defined under constants.savings',
              found: sentence.trim(),
              hint: `reference the claim, e.g. {{savings.<key>.percent}} %, so the text follows the constants; rule: ${SAVINGS_RULE}`,
            }));
          }
        }
      }
    }
  }
  return out;
}

const AMOUNT = String.raw`(?<![\d.,])(\d[\d.,\u00a0\u202f]*\d|\d)`;
const EURO_LITERAL = new RegExp(String.raw`€\s?${AMOUNT}|${AMOUNT}\s?(?:€|EUR\b|Euro\b)`, 'g');

/** "1.299,50", "1,299.50", "22,99", "22.99", "1 000" → the number, whichever separators the language uses. */
export function parseAmount(text: string): number {
  const plain = text.replace(/[\u00a0\u202f ]/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(plain);
  const whole = (decimal ? plain.slice(0, decimal.index) : plain).replace(/[.,]/g, '');
  return Number(decimal ? `${whole}.${decimal[1]}` : whole);
}

function numericConstants(value: unknown, prefix: string, out: Map<number, string[]>): Map<number, string[]> {
  if (typeof value === 'number') out.set(value, [...(out.get(value) ?? []), prefix]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) numericConstants(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** figure-literal: a euro amount typed into text; prices are written once in site.yaml and referenced. */
export function checkFigureLiterals(site: SiteConfig, sources: readonly YamlSource[]): Finding[] {
  const constants = numericConstants(site.constants, '', new Map());
  const out: Finding[] = [];
  for (const source of sources) {
    if (source.file === 'site.yaml') continue;
    for (const { value, location } of scalarStrings(source)) {
      for (const match of value.replace(REFERENCE, ' ').matchAll(EURO_LITERAL)) {
        const amount = parseAmount((match[1] ?? match[2])!);
        const keys = constants.get(amount);
        out.push(finding({
          code: 'figure-literal',
          severity: 'warning',
          message: `price '${match[0].trim()}' is typed into the text`,
          location,
          found: value.length > 80 ? `${value.slice(0, 77)}…` : value,
          hint: keys ? `write {{${keys[0]} | eur}} so it follows the constant` : 'add the figure to constants in site.yaml and reference it with {{… | eur}}',
        }));
      }
    }
  }
  return out;
}

