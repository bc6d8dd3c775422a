import type { SiteConfig } from '../schema/site.ts';
import { locate, scalarStrings, type YamlSource } from '../content/yaml-source.ts';
import { finding, type Finding } from './finding.ts';
import type { SiteModel } from '../content/model.ts';
import { claimPatterns, claimsIn } from '../render/claim-notes.ts';
import type { BuiltPage } from './site-index.ts';

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

/** The whole percentages a claim may say: "73", or for an "up to" claim that may round up, "73 or 74" (never "73 or 73"). */
export function expectedPercent(s: Pick<ComputedSaving, 'computed' | 'upTo'>): string {
  const down = Math.floor(s.computed);
  const near = Math.round(s.computed);
  return s.upTo && near !== down ? `${down} or ${near}` : `${down}`;
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
        location: siteSource
          ? locate(siteSource, ['constants', 'savings', s.key, 'percent'])
          : { file: 'site.yaml', path: `constants.savings.${s.key}.percent` },
        expected: expectedPercent(s),
        found: `${s.claimed} — ${describeArithmetic(s)}`,
        hint: `update the percentage or the prices; rule: ${SAVINGS_RULE}`,
      }),
    );
}

/** Words that make a percentage a savings claim, in the site's languages. */
const SAVINGS_WORDS =
  /günstiger|weniger als|sparen|ersparnis|spar(?:t|en)|cheaper|less than|saving|save|moins cher|moins que|économi|econom|más barat|mas barat|menos que|ahorr/i;
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
    // `location` is read only for a finding: reading it parses the file's YAML document a second time.
    for (const string of scalarStrings(source)) {
      const { value } = string;
      const text = value.replace(REFERENCE, ' ');
      for (const sentence of text.split(/(?<=[.!?])\s+/)) {
        if (!SAVINGS_WORDS.test(sentence)) continue;
        for (const match of sentence.matchAll(PERCENT)) {
          const claimed = Number(match[1]!.replace(',', '.'));
          const upTo = UP_TO.test(sentence.slice(0, match.index));
          const same = savings.filter((s) => s.claimed === claimed && s.upTo === upTo);
          const known = savings.map((s) => `${s.key} ${s.upTo ? 'up to ' : ''}${s.claimed} % (computed ${s.computed.toFixed(1)} %)`).join(', ');
          if (same.length > 0) {
            out.push(
              finding({
                code: 'claim-text',
                severity: 'warning',
                message: `savings figure '${match[0]}' is typed into the text; it will not follow the constants`,
                location: string.location,
                found: sentence.trim(),
                hint: `write {{savings.${same[0]!.key}.percent}} %`,
              }),
            );
          } else {
            out.push(
              finding({
                code: 'claim-text',
                severity: 'error',
                message: `savings claim '${match[0]}' in the text matches no savings claim in site.yaml`,
                location: string.location,
                expected: known || 'a claim defined under constants.savings',
                found: sentence.trim(),
                hint: `reference the claim, e.g. {{savings.<key>.percent}} %, so the text follows the constants; rule: ${SAVINGS_RULE}`,
              }),
            );
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
    for (const string of scalarStrings(source)) {
      const { value } = string;
      for (const match of value.replace(REFERENCE, ' ').matchAll(EURO_LITERAL)) {
        const amount = parseAmount((match[1] ?? match[2])!);
        const keys = constants.get(amount);
        out.push(
          finding({
            code: 'figure-literal',
            severity: 'warning',
            message: `price '${match[0].trim()}' is typed into the text`,
            location: string.location,
            found: value.length > 80 ? `${value.slice(0, 77)}…` : value,
            hint: keys ? `write {{${keys[0]} | eur}} so it follows the constant` : 'add the figure to constants in site.yaml and reference it with {{… | eur}}',
          }),
        );
      }
    }
  }
  return out;
}

/** A built page's main text as units a visitor reads together (a paragraph, a list item, a figure with its label). */
function mainUnits(html: string): string[] {
  const main = /<main\b[\s\S]*?<\/main>/.exec(html)?.[0] ?? '';
  // The footnotes themselves state the figures they explain; a footnote link after a figure is not part of it.
  const withoutNotes = main.replace(/<div[^>]*data-claim-notes[^>]*>[\s\S]*?<\/ol>/g, '').replace(/<sup data-claim-ref="">[\s\S]*?<\/sup>/g, '');
  return withoutNotes
    .replace(/<!-- -->/g, '')
    .replace(/<\/(p|li|h[1-6]|div|td|th|figcaption|summary|dd)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * claim-footnote: a built page that shows a registered claim (site.yaml claimRegister) carries its footnote,
 * and the footnotes are numbered in the order the claims first appear on the page.
 */
export function checkClaimFootnotes(page: BuiltPage, model: SiteModel): Finding[] {
  const strings = model.locales[page.entry.locale];
  if (!strings || Object.keys(model.site.claimRegister).length === 0) return [];
  // Legal text is the binding basis claims point to, not a claim (render/claim-notes.ts leaves it unmarked).
  const sections = page.entry.page.sections;
  if (sections.length > 0 && sections.every((section) => section.type === 'legal')) return [];
  const patterns = claimPatterns(model.site, strings.intl);
  const shown: string[] = [];
  for (const unit of mainUnits(page.html)) for (const id of claimsIn(unit, patterns)) if (!shown.includes(id)) shown.push(id);
  const notes = [...page.html.matchAll(/<li id="claim-([A-Za-z0-9]+)" value="(\d+)"/g)].map((m) => ({ id: m[1]!, n: Number(m[2]) }));
  const out: Finding[] = [];
  const base = { route: page.entry.route, source: { file: page.entry.source } };
  for (const id of shown) {
    const note = notes.find((n) => n.id === id);
    if (!note) {
      out.push(
        finding({
          code: 'claim-footnote',
          severity: 'error',
          message: `the page shows the registered claim '${id}' without its footnote`,
          ...base,
          expected: `a footnote <li id="claim-${id}"> with claimNotes.${id} of locales/${page.entry.locale}.yaml`,
          found: 'no such footnote',
          hint: `write the figure with its reference ({{${model.site.claimRegister[id]!.figure}}}) in page copy, so the page numbers it, and give locales/${page.entry.locale}.yaml a claimNotes.${id}`,
        }),
      );
    } else if (!strings.claimNotes[id]) {
      out.push(
        finding({
          code: 'claim-footnote',
          severity: 'error',
          message: `footnote '${id}' has no text in locales/${page.entry.locale}.yaml`,
          ...base,
          expected: `claimNotes.${id}`,
          found: 'nothing',
          hint: 'write what the claim rests on in this language',
        }),
      );
    }
  }
  const inOrder = shown.filter((id) => notes.some((n) => n.id === id));
  const numbered = [...notes]
    .sort((a, b) => a.n - b.n)
    .map((n) => n.id)
    .filter((id) => inOrder.includes(id));
  if (numbered.join() !== inOrder.join()) {
    out.push(
      finding({
        code: 'claim-footnote',
        severity: 'error',
        message: 'the footnotes are not numbered in the order their claims appear',
        ...base,
        expected: inOrder.join(', '),
        found: numbered.join(', '),
      }),
    );
  }
  return out;
}

/**
 * claim-unregistered: a registered claim's figure typed into copy ("24/7", "99,9 %") instead of printed
 * from its constant, so it escapes the register (its footnote and its figure). Savings percentages are
 * claim-text's.
 */
export function checkUnregisteredClaims(model: SiteModel, sources: readonly YamlSource[]): Finding[] {
  const out: Finding[] = [];
  for (const source of sources) {
    const locale = /^(?:pages\/[^/]+|locales)\/([^/]+)\.yaml$/.exec(source.file)?.[1];
    const strings = locale ? model.locales[locale] : undefined;
    if (!strings) continue;
    const patterns = new Map([...claimPatterns(model.site, strings.intl)].filter(([id]) => !model.site.claimRegister[id]!.figure.startsWith('savings.')));
    for (const string of scalarStrings(source)) {
      const { value, path } = string;
      // Footnote texts explain the figures; the reference is what the check wants instead of the figure.
      if (path[0] === 'claimNotes') continue;
      const typed = value.replace(REFERENCE, ' ');
      for (const id of claimsIn(typed, patterns)) {
        const claim = model.site.claimRegister[id]!;
        out.push(
          finding({
            code: 'claim-unregistered',
            severity: 'error',
            message: `the figure of the registered claim '${id}' is typed into the text`,
            location: string.location,
            expected: `{{${claim.figure}}}${claim.unit === 'percent' ? ' %' : ''}`,
            found: value.length > 80 ? `${value.slice(0, 77)}…` : value,
            hint: 'print it from its constant, so it follows site.yaml and the page numbers its footnote',
          }),
        );
      }
    }
  }
  return out;
}
