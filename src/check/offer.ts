import type { SiteModel } from '../content/model.ts';
import { locate, type YamlSource } from '../content/yaml-source.ts';
import type { LocaleStrings } from '../schema/locale.ts';
import { bestValueRival, planFeatures } from '../schema/offer-rules.ts';
import { finding, type Finding } from './finding.ts';

/**
 * The offer rules of `site check`: copy that says what the offer is must agree with the offer data in
 * site.yaml (`offer`) and with the prices. A feature is included or paid extra, never both on one page;
 * a plan's marketing text claims only features the plan includes; a badge's superlative is true of the
 * figures; every id the data uses has a label in each language that shows it. Here on each page file of
 * `sources` alone (a page's findings need no other file); checkOfferLocales judges the locale files.
 */
export function checkOfferPages(model: SiteModel, sources: readonly YamlSource[]): Finding[] {
  const out: Finding[] = [];
  for (const source of sources) {
    const match = /^pages\/[^/]+\/([^/]+)\.yaml$/.exec(source.file);
    if (!match) continue;
    const locale = match[1]!;
    const strings = model.locales[locale];
    if (!strings) continue;
    const texts = pageTexts(source.data);
    out.push(...checkIncludedAndExtra(model, source, texts, strings));
    out.push(...checkPlanClaims(model, source, texts, strings));
    out.push(...checkPageBadges(model, source, texts));
  }
  return out;
}

/** The offer rules on the locale files: the badge labels and the offer's labels in each language. */
export function checkOfferLocales(model: SiteModel, sources: readonly YamlSource[]): Finding[] {
  return [...checkLabelBadges(model, sources), ...checkOfferLabels(model, sources)];
}

/** A string of a page with its path and, for plan cards, which plan and field it belongs to. */
interface PageText {
  path: (string | number)[];
  text: string;
  /** In a plan card: the plan key and the field (tagline, features, badge). */
  plan?: { key: string; field: string };
  /** A features item sold as an add-on (`addon:`), or the chatbot table's highlight. */
  addon?: string;
  chatbotHighlight?: string;
}

function pageTexts(data: unknown): PageText[] {
  const out: PageText[] = [];
  const walk = (value: unknown, path: (string | number)[], plan?: string, addon?: string) => {
    if (typeof value === 'string') {
      const field = path.slice(-1)[0];
      const planField = plan && typeof field === 'string' ? field : plan && typeof path.at(-2) === 'string' ? (path.at(-2) as string) : undefined;
      out.push({ path, text: value, plan: plan && planField ? { key: plan, field: planField } : undefined, addon });
      return;
    }
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i], plan, addon));
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      // A plan card (`plan:` beside `name:`), an add-on row, the chatbot table's marked column.
      const cardPlan = typeof record.plan === 'string' && 'name' in record ? record.plan : plan;
      const itemAddon = typeof record.addon === 'string' ? record.addon : addon;
      for (const [key, v] of Object.entries(record)) {
        if (key === 'action' || key === 'plan' || key === 'addon') continue;
        if (key === 'highlight' && v && typeof v === 'object' && typeof (v as { commitment?: unknown }).commitment === 'string') {
          const h = v as { commitment: string; label?: unknown };
          if (typeof h.label === 'string') out.push({ path: [...path, key, 'label'], text: h.label, chatbotHighlight: h.commitment });
          continue;
        }
        walk(v, [...path, key], cardPlan, itemAddon);
      }
    }
  };
  walk(data, [], undefined, undefined);
  return out;
}

/** The words of a language that name a feature: its label, and other ways of writing it (offer.featureTerms). */
function featureTerms(strings: LocaleStrings, id: string): string[] {
  const offer = strings.offer;
  if (!offer) return [];
  const label = offer.features[id];
  return [...(label ? [label] : []), ...(offer.featureTerms[id] ?? [])].map((t) => t.toLowerCase());
}

function mentions(text: string, strings: LocaleStrings, ids: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return ids.filter((id) => featureTerms(strings, id).some((term) => lower.includes(term)));
}

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/);

/** A whole-word pattern over the listed words (letters of any script count as word characters). */
const words = (list: string) => new RegExp(`(?<!\\p{L})(${list})(?!\\p{L})`, 'iu');
/** Words that say a feature comes with a plan, and words that deny it, in the site's languages. */
const INCLUDED = words(
  'enthalten|inklusive|inkl\\.|inbegriffen|in jedem Tarif|included|includes|comes with|come with|inclus|incluse|inclut|comprend|compris|incluye|incluido|incluida|incluidos',
);
const NOT = words("kein|keinem|keiner|nicht|no|not|isn't|aucun|aucune|pas|ningún|ninguno|ninguna");
/** Words that sell something on top of a plan. */
const EXTRA = words(
  'Zusatzoptionen|Zusatzoption|zubuchbar|Aufpreis|zzgl\\.|zuzüglich|add-on|extra cost|on top|en option|supplément|complemento|adicional|coste adicional',
);

/** offer-included-and-extra: one page states a feature as included in one place and as paid extra in another. */
function checkIncludedAndExtra(model: SiteModel, source: YamlSource, texts: PageText[], strings: LocaleStrings): Finding[] {
  const offer = model.site.offer;
  if (!offer && !strings.offer) return [];
  const ids = offer?.features ?? Object.keys(strings.offer?.features ?? {});
  const included = new Map<string, PageText>();
  const extra = new Map<string, PageText>();
  for (const text of texts) {
    if (text.addon) {
      const feature = offer?.addons[text.addon]?.feature;
      if (feature && !extra.has(feature)) extra.set(feature, text);
    }
    for (const sentence of sentences(text.text)) {
      const found = mentions(sentence, strings, ids);
      if (found.length === 0) continue;
      // A point on a plan card is an inclusion claim by where it stands.
      const includes = text.plan?.field === 'features' || (INCLUDED.test(sentence) && !NOT.test(sentence));
      const sells = EXTRA.test(sentence);
      for (const id of found) {
        if (includes && !sells && !included.has(id)) included.set(id, text);
        if (sells && !includes && !extra.has(id)) extra.set(id, text);
      }
    }
  }
  // The offer data sells a feature as an add-on: a page that says it is included contradicts it as well.
  for (const addon of Object.values(offer?.addons ?? {})) {
    if (included.has(addon.feature) && !extra.has(addon.feature))
      extra.set(addon.feature, { path: [], text: `offer.addons in site.yaml sells '${addon.feature}' on top of a plan` });
  }
  const out: Finding[] = [];
  for (const [id, where] of included) {
    const other = extra.get(id);
    if (!other) continue;
    out.push(
      finding({
        code: 'offer-included-and-extra',
        severity: 'error',
        message: `the page states '${strings.offer?.features[id] ?? id}' as included here and as paid extra elsewhere`,
        location: locate(source, where.path),
        expected: 'one statement: included in a plan (offer.plans) or sold as an add-on (offer.addons)',
        found: `included: "${clip(where.text)}"; paid extra: ${other.path.length ? `"${clip(other.text)}" (${locate(source, other.path).path})` : other.text}`,
        hint: 'say what the offer data in site.yaml says: a plan card lists what its plan includes, an add-on row names the add-on',
      }),
    );
  }
  return out;
}

/** Plan names as copy writes them when it speaks about one plan: "Standard-Tarif", "Tarif Smart", "Plus plan", "formule Plus". */
function planMention(name: string): RegExp {
  const n = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\b(${n}-Tarif|Tarif ${n}|${n} plan|plan ${n}|formule ${n}|forfait ${n})\\b`, 'i');
}

/** offer-plan-claim: a plan's marketing text (its card, or a sentence about it) claims a feature the plan does not include. */
function checkPlanClaims(model: SiteModel, source: YamlSource, texts: PageText[], strings: LocaleStrings): Finding[] {
  const offer = model.site.offer;
  if (!offer) return [];
  const out: Finding[] = [];
  const named = Object.entries(offer.plans).map(([key, plan]) => ({ key, pattern: planMention(plan.name) }));
  for (const text of texts) {
    for (const sentence of sentences(text.text)) {
      const about =
        text.plan && (text.plan.field === 'tagline' || text.plan.field === 'features')
          ? [text.plan.key]
          : named.filter((p) => p.pattern.test(sentence)).map((p) => p.key);
      // A sentence naming several plans compares them; only one plan's own text claims for it.
      if (about.length !== 1) continue;
      const plan = about[0]!;
      const includes = planFeatures(offer, plan);
      const denied = NOT.test(sentence) && !text.plan;
      for (const id of mentions(sentence, strings, offer.features)) {
        if (includes.includes(id) || denied) continue;
        const owners = Object.keys(offer.plans).filter((p) => planFeatures(offer, p).includes(id));
        out.push(
          finding({
            code: 'offer-plan-claim',
            severity: 'error',
            message: `text about plan '${plan}' claims '${strings.offer?.features[id] ?? id}', which the plan does not include`,
            location: locate(source, text.path),
            expected: `features of '${plan}' (offer.plans in site.yaml): ${includes.join(', ')}`,
            found: clip(sentence),
            hint: owners.length
              ? `'${id}' is included in ${owners.join(', ')}; say so there, or add it to the plan in site.yaml`
              : `no plan includes '${id}'${Object.values(offer.addons).some((a) => a.feature === id) ? ': it is an add-on' : ''}`,
          }),
        );
      }
    }
  }
  return out;
}

/** Superlatives of price and of value in the site's languages. */
const CHEAPEST =
  /(bester preis|günstigst|niedrigster preis|preiswertest|best price|cheapest|lowest price|meilleur prix|moins cher|prix le plus bas|mejor precio|más barat|precio más bajo)/i;
const BEST_VALUE = /(preis-leistung|best value|rapport qualité-prix|relación calidad-precio)/i;

/** The plans a card section shows, with their prices. */
function cheapestOf(model: SiteModel, keys: readonly string[]): number {
  return Math.min(...keys.map((k) => model.site.constants.plans[k]?.price ?? Infinity));
}

/** offer-badge: a badge on a plan card (or the chatbot table's marked column) whose superlative is false of the figures. */
function checkPageBadges(model: SiteModel, source: YamlSource, texts: PageText[]): Finding[] {
  const out: Finding[] = [];
  const plans = Object.keys(model.site.constants.plans);
  for (const text of texts) {
    if (text.plan?.field === 'badge') {
      // A badge the offer data replaces is not shown; the data's own badge is checked at its label.
      if (model.site.offer?.plans[text.plan.key]?.badge) continue;
      const problem = badgeProblem(model, text.plan.key, text.text, plans);
      if (problem) out.push(badgeFinding(locate(source, text.path), text.text, problem));
    }
    if (text.chatbotHighlight && CHEAPEST.test(text.text)) {
      const { chatbot } = model.site.constants;
      const rows = { standard: chatbot.standard, intake: chatbot.intake, setup: chatbot.setup } as Record<string, Record<string, number>>;
      const column = text.chatbotHighlight;
      const beaten = Object.entries(rows).filter(([, row]) => Object.values(row).some((p) => p < (row[column] ?? Infinity)));
      if (beaten.length)
        out.push(badgeFinding(locate(source, text.path), text.text, `the ${column} column is not the lowest price of ${beaten.map(([k]) => k).join(', ')}`));
    }
  }
  return out;
}

function badgeProblem(model: SiteModel, plan: string, text: string, among: readonly string[]): string | undefined {
  const price = model.site.constants.plans[plan]?.price;
  if (price === undefined) return undefined;
  if (CHEAPEST.test(text)) {
    const lowest = cheapestOf(model, among);
    if (price > lowest) {
      const cheaper = among.filter((k) => (model.site.constants.plans[k]?.price ?? Infinity) < price);
      return `plan '${plan}' costs ${price} € but ${cheaper.map((k) => `'${k}' costs ${model.site.constants.plans[k]!.price} €`).join(', ')}`;
    }
  }
  if (BEST_VALUE.test(text) && model.site.offer) {
    const rival = bestValueRival(model.site.offer, model.site.constants.plans, plan);
    if (rival) return `plan '${rival}' includes at least as much as '${plan}' for no more`;
  }
  return undefined;
}

function badgeFinding(location: Finding['location'], text: string, problem: string): Finding {
  return finding({
    code: 'offer-badge',
    severity: 'error',
    message: `the badge "${text}" is not true of the figures: ${problem}`,
    location,
    expected: 'a price superlative only on the lowest price; "best value" only where no plan includes as much for as little (SPEC §9)',
    found: text,
    hint: 'use the badge the figures bear out, e.g. offer.badges.bestValue ("Bestes Preis-Leistungs-Verhältnis") for Smart',
  });
}

/** offer-badge at a locale's badge labels: the plans that wear a badge of the offer data must bear out its words. */
function checkLabelBadges(model: SiteModel, sources: readonly YamlSource[]): Finding[] {
  const offer = model.site.offer;
  if (!offer) return [];
  const out: Finding[] = [];
  const plans = Object.keys(model.site.constants.plans);
  for (const [locale, strings] of Object.entries(model.locales)) {
    const source = sources.find((s) => s.file === `locales/${locale}.yaml`);
    if (!source || !strings?.offer) continue;
    for (const [key, plan] of Object.entries(offer.plans)) {
      if (!plan.badge) continue;
      const text = strings.offer.badges[plan.badge];
      const problem = badgeProblem(model, key, text, plans);
      if (problem) out.push(badgeFinding(locate(source, ['offer', 'badges', plan.badge]), text, problem));
    }
  }
  return out;
}

/** offer-labels: a language that shows the offer has a label for every id the offer data uses there. */
function checkOfferLabels(model: SiteModel, sources: readonly YamlSource[]): Finding[] {
  const offer = model.site.offer;
  if (!offer) return [];
  const out: Finding[] = [];
  for (const [locale, strings] of Object.entries(model.locales)) {
    const source = sources.find((s) => s.file === `locales/${locale}.yaml`);
    if (!source || !strings) continue;
    const missing: string[] = [];
    if (!strings.offer) missing.push('offer');
    else {
      for (const id of offer.features) if (!strings.offer.features[id]) missing.push(`offer.features.${id}`);
      for (const id of Object.keys(offer.addons)) if (!strings.offer.addons[id]) missing.push(`offer.addons.${id}`);
      for (const [id, trial] of Object.entries(offer.trials))
        if (trial.locales.includes(locale) && !strings.offer.trials[id]) missing.push(`offer.trials.${id}`);
    }
    for (const key of missing) {
      out.push(
        finding({
          code: 'offer-labels',
          severity: 'error',
          message: `${source.file} has no label for '${key}', which the offer data in site.yaml uses`,
          location: locate(source, key === 'offer' ? [] : key.split('.').slice(0, -1)),
          expected: `a text at ${key}`,
          found: 'nothing',
          hint: "plan cards, the add-on panel and the trial lines print these labels in the page's language",
        }),
      );
    }
  }
  return out;
}

const clip = (text: string) => (text.length > 90 ? `${text.slice(0, 87)}…` : text);
