import type { Offer } from './offer.ts';
import { COMMITMENTS } from './commitments.ts';

/** The figure a dotted path under `constants` names, when it is a number. */
export function figureAt(constants: unknown, path: string): number | undefined {
  let value: unknown = constants;
  for (const part of path.split('.')) {
    if (!value || typeof value !== 'object' || !(part in value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === 'number' ? value : undefined;
}

/** A row of figures by key (e.g. chatbot.standard: months12, months6, months1), when every value is a number. */
export function figureRowAt(constants: unknown, path: string): Record<string, number> | undefined {
  let value: unknown = constants;
  for (const part of path.split('.')) {
    if (!value || typeof value !== 'object' || !(part in value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  if (!value || typeof value !== 'object') return undefined;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([, v]) => typeof v === 'number') ? (Object.fromEntries(entries) as Record<string, number>) : undefined;
}

/**
 * The packages of offer.chatbots (raw site.yaml data) priced by commitment: the rows a chatbot price table may show.
 * Undefined for a site without chatbot packages in its offer data: its table names rows by their constants (chatbot.<tier>).
 */
export function chatbotRows(offer: unknown): string[] | undefined {
  const chatbots = offer && typeof offer === 'object' ? (offer as { chatbots?: unknown }).chatbots : undefined;
  if (!chatbots || typeof chatbots !== 'object') return undefined;
  return Object.entries(chatbots).flatMap(([key, pkg]) => (pkg && typeof pkg === 'object' && 'prices' in pkg ? [key] : []));
}

/** Every feature a plan includes: its own and, through `extends`, those of the plans below it. */
export function planFeatures(offer: Offer, plan: string, seen: ReadonlySet<string> = new Set()): string[] {
  const entry = offer.plans[plan];
  if (!entry || seen.has(plan)) return [];
  const inherited = entry.extends ? planFeatures(offer, entry.extends, new Set([...seen, plan])) : [];
  return [...new Set([...inherited, ...entry.includes])];
}

export interface OfferIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The offer data agrees with itself and with the constants: every id is in its catalogue, every figure
 * path names a number, no plan includes a feature that is sold as an add-on, and a bestValue badge is
 * true of the figures. Errors, located in site.yaml under `offer`.
 */
export function checkOfferData(offer: Offer, constants: { plans: Record<string, { price: number }> }, locales: readonly string[]): OfferIssue[] {
  const out: OfferIssue[] = [];
  const features = new Set(offer.features);
  const planKeys = Object.keys(constants.plans);
  const known = (list: Iterable<string>) => [...list].join(', ');
  const figure = (path: (string | number)[], ref: string | undefined, row = false) => {
    if (ref === undefined) return;
    const ok = row ? (figureRowAt(constants, ref) ?? figureAt(constants, ref)) : figureAt(constants, ref);
    if (ok === undefined) out.push({ path, message: `'${ref}' names no figure under constants` });
  };
  for (const key of planKeys)
    if (!(key in offer.plans)) out.push({ path: ['plans'], message: `plan '${key}' of constants.plans has no entry here: say what it includes` });
  for (const [key, plan] of Object.entries(offer.plans)) {
    if (!planKeys.includes(key)) out.push({ path: ['plans', key], message: `unknown plan '${key}' (constants.plans: ${known(planKeys)})` });
    if (plan.extends !== undefined && !(plan.extends in offer.plans)) out.push({ path: ['plans', key, 'extends'], message: `unknown plan '${plan.extends}'` });
    plan.includes.forEach((id, i) => {
      if (!features.has(id)) out.push({ path: ['plans', key, 'includes', i], message: `unknown feature '${id}' (features: ${known(features)})` });
    });
  }
  for (const [key, addon] of Object.entries(offer.addons)) {
    if (!features.has(addon.feature)) out.push({ path: ['addons', key, 'feature'], message: `unknown feature '${addon.feature}'` });
    figure(['addons', key, 'price'], addon.price);
    figure(['addons', key, 'standalone'], addon.standalone);
    addon.plans.forEach((p, i) => {
      if (!(p in offer.plans)) out.push({ path: ['addons', key, 'plans', i], message: `unknown plan '${p}'` });
    });
    // Included in a plan and sold on top of it at once: the contradiction SPEC §9's add-on price rules out.
    for (const plan of Object.keys(offer.plans)) {
      if (planFeatures(offer, plan).includes(addon.feature)) {
        out.push({
          path: ['addons', key, 'feature'],
          message: `'${addon.feature}' is sold as the add-on '${key}' but plan '${plan}' includes it: a feature is either included or paid extra`,
        });
      }
    }
  }
  const chatbotFeatures = new Set(offer.chatbotFeatures);
  for (const [key, pkg] of Object.entries(offer.chatbots)) {
    figure(['chatbots', key, 'prices'], pkg.prices, true);
    figure(['chatbots', key, 'price'], pkg.price);
    figure(['chatbots', key, 'setup'], pkg.setup, true);
    pkg.includes.forEach((id, i) => {
      if (!chatbotFeatures.has(id))
        out.push({ path: ['chatbots', key, 'includes', i], message: `unknown chatbot feature '${id}' (chatbotFeatures: ${known(chatbotFeatures)})` });
    });
    if (!pkg.onRequest && pkg.prices === undefined && pkg.price === undefined)
      out.push({ path: ['chatbots', key], message: 'a package has prices, a price, or onRequest: true' });
  }
  out.push(...checkPriceTable(offer, constants));
  for (const [key, trial] of Object.entries(offer.trials)) {
    figure(['trials', key, 'days'], trial.days);
    figure(['trials', key, 'months'], trial.months);
    if ((trial.days === undefined) === (trial.months === undefined))
      out.push({ path: ['trials', key], message: 'a trial lasts either days or months: give exactly one' });
    for (const field of ['plan', 'pricePlan', 'continuesAs'] as const) {
      const plan = trial[field];
      if (plan !== undefined && !(plan in offer.plans)) out.push({ path: ['trials', key, field], message: `unknown plan '${plan}'` });
    }
    if (trial.ending === 'continuesUnlessCancelled' && trial.continuesAs === undefined)
      out.push({ path: ['trials', key, 'continuesAs'], message: 'a trial that continues unless cancelled names the plan it continues as' });
    trial.locales.forEach((code, i) => {
      if (!locales.includes(code)) out.push({ path: ['trials', key, 'locales', i], message: `unknown locale '${code}' (locales: ${known(locales)})` });
    });
  }
  for (const [key, plan] of Object.entries(offer.plans)) {
    if (plan.badge !== 'bestValue') continue;
    const better = bestValueRival(offer, constants.plans, key);
    if (better) out.push({ path: ['plans', key, 'badge'], message: `'${key}' is badged best value, but '${better}' includes at least as much for no more` });
  }
  return out;
}

/**
 * The chatbot price table shows each package priced by commitment (`prices`) as a row with a figure per
 * commitment, and one setup row below them all: so each such row is complete and they share one setup row.
 */
function checkPriceTable(offer: Offer, constants: unknown): OfferIssue[] {
  const out: OfferIssue[] = [];
  const complete = (ref: string) => {
    const row = figureRowAt(constants, ref);
    return row !== undefined && COMMITMENTS.every((c) => typeof row[c] === 'number');
  };
  const table = Object.entries(offer.chatbots).filter(([, pkg]) => pkg.prices !== undefined);
  const setups = new Set(table.map(([, pkg]) => pkg.setup));
  for (const [key, pkg] of table) {
    for (const field of ['prices', 'setup'] as const) {
      const ref = pkg[field];
      if (ref !== undefined && figureRowAt(constants, ref) !== undefined && !complete(ref))
        out.push({ path: ['chatbots', key, field], message: `'${ref}' needs a figure for each commitment: ${COMMITMENTS.join(', ')}` });
    }
    if (pkg.setup === undefined || setups.size > 1)
      out.push({
        path: ['chatbots', key, 'setup'],
        message: `the price table shows one setup row for every package priced by commitment: give each the same setup row (found ${[...setups].map(String).join(', ')})`,
      });
  }
  return out;
}

/**
 * A plan that beats `key` on value: it includes every feature of `key` and costs no more (and differs in
 * one of the two). Best value is true of a plan that has no such rival.
 */
export function bestValueRival(offer: Offer, prices: Record<string, { price: number }>, key: string): string | undefined {
  const mine = planFeatures(offer, key);
  const price = prices[key]?.price;
  if (price === undefined) return undefined;
  return Object.keys(offer.plans).find((other) => {
    if (other === key || prices[other] === undefined) return false;
    const theirs = planFeatures(offer, other);
    const covers = mine.every((f) => theirs.includes(f));
    return covers && prices[other]!.price <= price && (prices[other]!.price < price || theirs.length > mine.length);
  });
}
