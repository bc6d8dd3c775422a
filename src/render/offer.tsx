import { Inline } from '../islands/inline-markup.tsx';
import { formatEuro, formatNumber } from '../content/references.ts';
import type { LocaleStrings } from '../schema/locale.ts';
import type { Offer } from '../schema/offer.ts';
import { figureAt, planFeatures } from '../schema/offer-rules.ts';
import type { RenderContext } from './context.ts';
import { KeepTogether } from './keep-together.tsx';
import { usePageContext } from './page-context.tsx';
import { spacingRules } from './typography.ts';

type OfferStrings = NonNullable<LocaleStrings['offer']>;

/** `{name}` placeholders of an offer label filled with their values; an unknown one stays as written. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The offer data and its labels in the page's language, when the site has both. */
export function offerOf(ctx: RenderContext): { offer: Offer; strings: OfferStrings } | undefined {
  const offer = ctx.model.site.offer;
  const strings = ctx.strings.offer;
  return offer && strings ? { offer, strings } : undefined;
}

/** A plan's term in words: "monatlich kündbar" for a one-month term, else "12 Monate Laufzeit". */
export function planTerm(ctx: RenderContext, strings: OfferStrings, plan: string): string {
  const months = ctx.model.site.constants.plans[plan]?.termMonths ?? 1;
  return months === 1 ? strings.monthly : fill(strings.term, { months: formatNumber(months, ctx.strings.intl) });
}

const label = (strings: OfferStrings, id: string) => strings.features[id] ?? id;

/**
 * A feature's label inside a sentence, after "Incluye:" / "Includes:": in lower case where the language sets a
 * run-on list so (`lowercaseInSentence`), unless its first word carries another capital (an acronym or a brand).
 */
function labelInSentence(strings: OfferStrings, id: string): string {
  const text = label(strings, id);
  const firstWord = /^[^\s(]+/.exec(text)?.[0] ?? '';
  if (!strings.lowercaseInSentence || firstWord.slice(1) !== firstWord.slice(1).toLowerCase()) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * The points of a plan card: what the plan includes, from the offer data. A plan that extends one shown
 * beside it starts with "Alles aus <plan>", lists only what it adds and, when it costs less, what it saves in a
 * year; with `trial` the card of the trial's plan ends with the trial this language offers.
 */
export function planCardPoints(ctx: RenderContext, plan: string, options: { shown: readonly string[]; trial?: boolean }): string[] | undefined {
  const found = offerOf(ctx);
  const entry = found?.offer.plans[plan];
  if (!found || !entry) return undefined;
  const base = entry.extends;
  const own =
    base && options.shown.includes(base)
      ? [
          fill(found.strings.everythingIn, { plan: found.offer.plans[base]!.name }),
          ...entry.includes.map((id) => label(found.strings, id)),
          ...savesOnBase(ctx, found, plan, base),
        ]
      : planFeatures(found.offer, plan).map((id) => label(found.strings, id));
  return options.trial ? [...own, ...trialPoint(ctx, found, plan)] : own;
}

/** "24 € pro Nutzer und Jahr weniger als Plus" for a plan that costs less than the plan it extends. */
function savesOnBase(ctx: RenderContext, found: { offer: Offer; strings: OfferStrings }, plan: string, base: string): string[] {
  const prices = ctx.model.site.constants.plans;
  const saving = (prices[base]?.price ?? 0) - (prices[plan]?.price ?? 0);
  if (!found.strings.savesOnBase || saving <= 0) return [];
  const amount = formatEuro(Math.round(saving * 12 * 100) / 100, ctx.strings.intl);
  const name = found.offer.plans[base]?.name ?? base;
  return [spacingRules(ctx.strings.typography)(fill(found.strings.savesOnBase, { amount, plan: name }))];
}

/** The trial this page's language offers, as a point on its plan's card. */
function trialPoint(ctx: RenderContext, found: { offer: Offer; strings: OfferStrings }, plan: string): string[] {
  const key = localeTrial(ctx, found);
  const point = key ? found.strings.trials[key]?.point : undefined;
  if (!key || !point || found.offer.trials[key]?.plan !== plan) return [];
  return [spacingRules(ctx.strings.typography)(fill(point, trialValues(ctx, found, key)))];
}

/** The id of the trial this page's language offers (SPEC §9 gives two readings), if any. */
function localeTrial(ctx: RenderContext, found: { offer: Offer }): string | undefined {
  return Object.entries(found.offer.trials).find(([, t]) => t.locales.includes(ctx.entry.locale))?.[0];
}

/** The badge of a plan card from the offer data, in the page's language. */
export function planBadge(ctx: RenderContext, plan: string): string | undefined {
  const found = offerOf(ctx);
  const badge = found?.offer.plans[plan]?.badge;
  return found && badge ? found.strings.badges[badge] : undefined;
}

/**
 * The trial reading this page's language offers (SPEC §9 gives two), in one sentence; `short` gives the hero's
 * one-line variant (the full sentence when the language has none), so a page does not print the same sentence
 * in its hero, under its plans and in its FAQ.
 */
export function trialSummary(ctx: RenderContext, variant: 'summary' | 'short' = 'summary'): string | undefined {
  const found = offerOf(ctx);
  if (!found) return undefined;
  const key = localeTrial(ctx, found);
  const strings = key ? found.strings.trials[key] : undefined;
  const text = variant === 'short' ? (strings?.short ?? strings?.summary) : strings?.summary;
  // The locale's spacing rules ran when it was loaded, before {days} was a figure: run them on the filled line.
  return key && text ? spacingRules(ctx.strings.typography)(fill(text, trialValues(ctx, found, key))) : undefined;
}

function trialValues(ctx: RenderContext, found: { offer: Offer; strings: OfferStrings }, key: string): Record<string, string> {
  const trial = found.offer.trials[key]!;
  const { constants } = ctx.model.site;
  const intl = ctx.strings.intl;
  const number = (ref: string | undefined) => {
    const value = ref ? figureAt(constants, ref) : undefined;
    return value === undefined ? '' : formatNumber(value, intl);
  };
  const plan = trial.plan ?? trial.pricePlan ?? trial.continuesAs;
  const price = trial.pricePlan ? constants.plans[trial.pricePlan]?.price : undefined;
  return {
    days: number(trial.days),
    months: number(trial.months),
    price: price === undefined ? '' : formatEuro(price, intl),
    plan: plan ? (found.offer.plans[plan]?.name ?? plan) : '',
    term: trial.continuesAs ? planTerm(ctx, found.strings, trial.continuesAs) : '',
    start: trial.start === 'contactForm' ? contactFormHref(ctx) : '',
  };
}

/**
 * Where a trial is requested: the contact form on this page, else the one on the home page of its language
 * (SPEC §2: /#contact), so the FAQ and the sales guide link to a form that exists.
 */
function contactFormHref(ctx: RenderContext): string {
  const own = ctx.entry.page.sections.find((section) => section.type === 'contact');
  if (own?.id) return `#${own.id}`;
  const home = ctx.model.pages.find((page) => page.family === 'home' && page.locale === ctx.entry.locale);
  return `${home?.route ?? '/'}#contact`;
}

/** The prices of an add-on in the page's language: "7 € pro Nutzer und Monat … Einzeln ohne Tarif 14 € im Monat." */
export function addonLine(ctx: RenderContext, key: string): string | undefined {
  const found = offerOf(ctx);
  const addon = found?.offer.addons[key];
  const text = found?.strings.addons[key];
  if (!found || !addon || !text) return undefined;
  const euro = (ref: string) => formatEuro(figureAt(ctx.model.site.constants, ref) ?? 0, ctx.strings.intl);
  const price = fill(text.price, { price: euro(addon.price) });
  const alone = addon.standalone && text.standalone ? fill(text.standalone, { price: euro(addon.standalone) }) : undefined;
  return alone ? `${price} ${alone}` : price;
}

const plain = (part: string) => <KeepTogether text={part} />;

/** A rich-text block rendered from the offer data (`- offer: plans` in content). */
export function OfferBlock({ kind }: { kind: 'plans' | 'addons' | 'trial' | 'trialTerms' }) {
  const ctx = usePageContext();
  const found = ctx && offerOf(ctx);
  if (!ctx || !found) return null;
  const { offer, strings } = found;
  const intl = ctx.strings.intl;
  if (kind === 'trial') {
    const text = trialSummary(ctx);
    return text ? (
      <p data-offer="trial">
        <Inline text={text} plain={plain} />
      </p>
    ) : null;
  }
  const items =
    kind === 'plans'
      ? Object.entries(offer.plans).map(([key, plan]) => {
          const line = fill(strings.planLine, {
            plan: plan.name,
            price: formatEuro(ctx.model.site.constants.plans[key]?.price ?? 0, intl),
            term: planTerm(ctx, strings, key),
          });
          // A plan that extends another names that plan and what it adds, so a list of three plans reads without
          // the same features three times (when the language has the sentence for it).
          const base = plan.extends && strings.includesMoreLine ? plan.extends : undefined;
          const features = (base ? plan.includes : planFeatures(offer, key)).map((id) => labelInSentence(strings, id)).join(', ');
          const includes = base
            ? fill(strings.includesMoreLine ?? '', { plan: offer.plans[base]?.name ?? base, features })
            : fill(strings.includesLine, { features });
          return { key, text: `${line} ${includes}` };
        })
      : kind === 'addons'
        ? Object.keys(offer.addons).flatMap((key) => {
            const line = addonLine(ctx, key);
            return line ? [{ key, text: `**${strings.addons[key]!.name}**${ctx.strings.labelSeparator}${line}` }] : [];
          })
        : Object.keys(offer.trials).flatMap((key) => {
            const terms = strings.trials[key]?.terms;
            return terms ? [{ key, text: fill(terms, trialValues(ctx, found, key)) }] : [];
          });
  return (
    <ul className="list-disc space-y-1 pl-6" data-offer={kind}>
      {items.map((item) => (
        <li key={item.key} data-offer-item={item.key}>
          <Inline text={item.text} plain={plain} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A price per user and month as schema.org data, its unit in the page's language (the locale's plans.perUserMonth).
 * Every price on the site is net (it sells to businesses only), which search results should not drop.
 */
export const perUserMonthPrice = (ctx: RenderContext, price: number) => ({
  '@type': 'UnitPriceSpecification',
  price,
  priceCurrency: 'EUR',
  valueAddedTaxIncluded: false,
  unitText: ctx.strings.plans.perUserMonth,
  billingDuration: 'P1M',
});

/**
 * The offer as schema.org data (the business pages' JSON-LD): one Offer per plan (sku = its key) with what
 * it includes and the add-ons it can take (addOn, sku = the add-on's key), and the features catalogue.
 */
export function structuredOffer(ctx: RenderContext): { featureList: string[]; offers: unknown[] } | undefined {
  const found = offerOf(ctx);
  if (!found) return undefined;
  const { offer, strings } = found;
  const { constants } = ctx.model.site;
  const spec = (price: number) => perUserMonthPrice(ctx, price);
  const offers = Object.entries(offer.plans).flatMap(([key, plan]) => {
    const price = constants.plans[key]?.price;
    if (price === undefined) return [];
    const addOn = Object.entries(offer.addons)
      .filter(([, addon]) => addon.plans.includes(key))
      .flatMap(([id, addon]) => {
        const addonPrice = figureAt(constants, addon.price);
        return addonPrice === undefined
          ? []
          : [
              {
                '@type': 'Offer',
                sku: id,
                name: strings.addons[id]?.name ?? id,
                price: String(addonPrice),
                priceCurrency: 'EUR',
                priceSpecification: spec(addonPrice),
              },
            ];
      });
    return [
      {
        '@type': 'Offer',
        sku: key,
        name: plan.name,
        price: String(price),
        priceCurrency: 'EUR',
        priceSpecification: spec(price),
        description: fill(strings.includesLine, {
          features: planFeatures(offer, key)
            .map((id) => labelInSentence(strings, id))
            .join(', '),
        }),
        ...(addOn.length ? { addOn } : {}),
      },
    ];
  });
  return { featureList: offer.features.filter((id) => !Object.values(offer.addons).some((a) => a.feature === id)).map((id) => label(strings, id)), offers };
}
