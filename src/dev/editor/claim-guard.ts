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

/**
 * The savings claims the edited site.yaml (`after`) makes untrue that held in `before` (the file as saved), each at
 * the figure the author changed, with the texts that print it: the form shows them at that field before anything is
 * saved, so a price change never breaks a claim unnoticed. A claim already untrue before the edit is `site check`'s.
 */
export async function brokenClaims(
  root: string,
  before: SiteModel['site'],
  after: SiteModel,
  unsaved: ReadonlyMap<string, string>,
): Promise<{ path: string; claim: BrokenClaim }[]> {
  const held = new Map(computeSavings(before).map((s) => [s.key, s]));
  const out: { path: string; claim: BrokenClaim }[] = [];
  for (const saving of computeSavings(after.site)) {
    const old = held.get(saving.key);
    if (savingHolds(saving) || (old && !savingHolds(old))) continue;
    out.push({
      path: changedFigure(saving, old),
      claim: {
        key: saving.key,
        claimed: saving.claimed,
        computed: Math.round(saving.computed * 10) / 10,
        upTo: saving.upTo,
        expected: expectedPercent(saving),
        uses: await usesOf(saving.key, root, after, unsaved),
      },
    });
  }
  return out;
}
