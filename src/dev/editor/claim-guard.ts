import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { computeSavings, expectedPercent, savingHolds, type ComputedSaving } from '../../check/claims.ts';
import type { SiteModel } from '../../content/model.ts';
import { CUSTOM_TAGS } from '../../content/yaml-source.ts';

/** A text that prints a savings claim: where it is (a page's address, else its file) and the text as written. */
export interface ClaimUse {
  file: string;
  route?: string;
  text: string;
}

/** A savings claim an unsaved edit of site.yaml would make untrue: what the form tells the author at the figure. */
export interface BrokenClaim {
  key: string;
  claimed: number;
  /** The percentage the prices give, to one decimal. */
  computed: number;
  upTo: boolean;
  /** What the claim may say instead: "73", or "73 or 74" for an "up to" claim. */
  expected: string;
  uses: ClaimUse[];
}

/** Every string in a YAML tree. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The texts of pages and UI strings that print `{{savings.<key>.percent}}`, as the files hold them now (unsaved edits included). */
async function usesOf(key: string, root: string, model: SiteModel, unsaved: ReadonlyMap<string, string>): Promise<ClaimUse[]> {
  const reference = new RegExp(`\\{\\{\\s*savings\\.${key}\\.percent\\s*\\}\\}`);
  const files = [
    ...model.pages.map((p) => ({ file: p.source, route: p.route as string | undefined })),
    ...Object.keys(model.locales).map((locale) => ({ file: `locales/${locale}.yaml`, route: undefined })),
  ];
  const out: ClaimUse[] = [];
  for (const { file, route } of files) {
    const text = unsaved.get(file) ?? (await readFile(path.join(root, file), 'utf8').catch(() => ''));
    if (!reference.test(text)) continue;
    for (const value of strings(parse(text, { customTags: CUSTOM_TAGS }) as unknown))
      if (reference.test(value)) out.push({ file, ...(route === undefined ? {} : { route }), text: value.replace(/\s+/g, ' ').trim() });
  }
  return out;
}

/** The site.yaml path of the figure of `saving` that differs in `before`: the one the author just changed. */
function changedFigure(saving: ComputedSaving, before: ComputedSaving | undefined): string {
  const percent = `constants.savings.${saving.key}.percent`;
  if (!before || before.claimed !== saving.claimed || before.upTo !== saving.upTo) return percent;
  if (before.plan === saving.plan && before.planPrice !== saving.planPrice) return `constants.plans.${saving.plan}.price`;
  const other = saving.against.find((a) => before.against.find((b) => b.key === a.key)?.price !== a.price);
  return other ? `constants.comparison.${other.key}.price` : percent;
}

/** One mark of the savings guard: the field the form marks, the message in `site check`'s words, and the claim in full at the figure changed. */
export interface ClaimMark {
  path: string;
  message: string;
  /** Set at the figure the author changed (price or percent): the form words it with the pages that print the claim. */
  claim?: BrokenClaim;
}

/**
 * The editor's savings guard (`site check`'s claim-savings, run on an unsaved edit of site.yaml): every claim the
 * edited file (`after`) makes untrue is marked at its percent, where the author fixes it; one that held in the file as
 * saved (`saved`, read only when a claim fails) is marked also at the figure the author changed, with the texts that
 * print it, so a price change never breaks a claim unnoticed. A claim untrue before the edit is marked at its percent
 * only: the build fails on it either way.
 */
export async function savingsMarks(
  root: string,
  after: SiteModel,
  unsaved: ReadonlyMap<string, string>,
  saved: () => Promise<SiteModel['site'] | undefined>,
): Promise<ClaimMark[]> {
  const broken = computeSavings(after.site).filter((saving) => !savingHolds(saving));
  if (!broken.length) return [];
  const before = await saved();
  const held = new Map(before ? computeSavings(before).map((s) => [s.key, s]) : []);
  const out: ClaimMark[] = [];
  for (const saving of broken) {
    const percent = `constants.savings.${saving.key}.percent`;
    const old = held.get(saving.key);
    const at = before && !(old && !savingHolds(old)) ? changedFigure(saving, old) : undefined;
    if (at) {
      const claim: BrokenClaim = {
        key: saving.key,
        claimed: saving.claimed,
        computed: Math.round(saving.computed * 10) / 10,
        upTo: saving.upTo,
        expected: expectedPercent(saving),
        uses: await usesOf(saving.key, root, after, unsaved),
      };
      const message = `savings claim '${claim.key}' says ${claim.upTo ? 'up to ' : ''}${claim.claimed} % but the constants would give ${claim.computed} % (expected ${claim.expected})`;
      out.push({ path: at, message, claim });
    }
    // The percent, the other half of the fix, unless the author changed the percent itself (marked above).
    if (at !== percent)
      out.push({
        path: percent,
        message: `savings claim '${saving.key}' says ${saving.upTo ? 'up to ' : ''}${saving.claimed} % but the constants give ${saving.computed.toFixed(1)} %`,
      });
  }
  return out;
}
