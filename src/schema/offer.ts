import { z } from 'zod';

/**
 * What the offer is, as data (SPEC §1, §9): the features catalogue, what each plan includes, the add-ons,
 * the chatbot packages and the trial readings. Figures are never written here: each names the constant
 * it is printed from (`services.transcriptionAddon`), so a price is still written once. Labels live per
 * language in locales/<code>.yaml under `offer`, by id.
 */
const Id = z.string().regex(/^[a-z][A-Za-z0-9]*$/, { message: 'expected an id in camelCase, e.g. smartSelect' });
/** A dotted path under `constants`, e.g. services.transcriptionAddon. */
export const FigureRef = z
  .string()
  .regex(/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/, { message: 'expected the path of a figure under constants, e.g. services.transcriptionAddon' })
  .describe('The path of a figure under constants in this file, e.g. services.transcriptionAddon.');

const OfferPlan = z.strictObject({
  name: z.string().min(1).describe("The plan's name as every language writes it, e.g. Plus."),
  extends: Id.optional().describe('A plan whose features this one includes as well, e.g. plus ("Alles aus Plus").'),
  includes: z.array(Id).default([]).describe('Feature ids this plan adds (to what it extends), e.g. [prioritySupport].'),
  badge: z
    .enum(['recommended', 'bestValue'])
    .optional()
    .describe(
      'The badge on the plan card, labelled by the locale: recommended, or bestValue (site check proves it: no other plan includes as much for as little).',
    ),
});

const Addon = z.strictObject({
  feature: Id.describe('The feature this add-on sells; no plan may include it.'),
  price: FigureRef.describe('Monthly price per user when added to a plan, e.g. services.transcriptionAddon.'),
  standalone: FigureRef.optional().describe('Monthly price when bought alone, without a plan, e.g. services.transcriptionRegular.'),
  plans: z.array(Id).min(1).describe('The plans it can be added to.'),
});

const ChatbotPackage = z.strictObject({
  prices: FigureRef.optional().describe('The price row by commitment under constants, e.g. chatbot.standard.'),
  price: FigureRef.optional().describe('A single monthly price, e.g. chatbot.smallSolution.price.'),
  setup: FigureRef.optional().describe('The one-off setup fee (a row by commitment or one figure), e.g. chatbot.setup.'),
  includes: z.array(Id).default([]).describe('Feature ids of the chatbot catalogue it includes, e.g. [booking].'),
  onRequest: z.boolean().default(false).describe('true: priced on request (no figure).'),
});

const Trial = z.strictObject({
  days: FigureRef.optional().describe('Its length in days, e.g. trial.days.'),
  months: FigureRef.optional().describe('Its length in months, e.g. trial.months.'),
  pricePlan: Id.optional().describe("Charged at this plan's price (absent: free), e.g. smart."),
  plan: Id.optional().describe('The plan the trial runs on, with every feature it includes, e.g. smart: {plan} in its lines.'),
  /** How a visitor starts it; the trial line links there ({start}). */
  start: z
    .enum(['contactForm'])
    .optional()
    .describe(
      "How a visitor starts it: contactForm, a request through the contact form (the page's, else the home page's #contact), after which the company opens the access. {start} in its lines is that link's target.",
    ),
  creditCard: z.boolean().describe('Whether a credit card is needed to start it.'),
  /** What happens when the trial ends: it ends by itself, or it continues as `continuesAs` unless cancelled within it. */
  ending: z
    .enum(['endsByItself', 'continuesUnlessCancelled'])
    .describe(
      "endsByItself: nothing is owed after it; continuesUnlessCancelled: cancelled by its last day, or it continues as continuesAs with that plan's term and notice.",
    ),
  continuesAs: Id.optional().describe('The plan the contract continues as when not cancelled, e.g. smart.'),
  locales: z.array(z.string().min(1)).min(1).describe('The languages whose pages offer this reading, e.g. [de].'),
});

export const Offer = z
  .strictObject({
    features: z.array(Id).min(1).describe('The platform features catalogue, one id each; labels per language in locales/<code>.yaml offer.features.'),
    plans: z.record(z.string(), OfferPlan).describe('What each plan of constants.plans includes, by key.'),
    addons: z.record(z.string(), Addon).default({}).describe('Add-ons sold on top of a plan, by id.'),
    chatbotFeatures: z.array(Id).default([]).describe('The chatbot features catalogue, one id each.'),
    chatbots: z.record(z.string(), ChatbotPackage).default({}).describe('The chatbot packages, by id.'),
    trials: z.record(z.string(), Trial).default({}).describe('The trial readings (SPEC §9 gives two), by id.'),
  })
  .describe(
    'What the offer is: features, what each plan includes, add-ons, chatbot packages and trials. Plan cards, the add-on panel, the FAQ, the sales guide, the terms and the structured data render from it.',
  );
export type Offer = z.infer<typeof Offer>;

/**
 * One quantitative or absolute marketing claim (a savings percentage, uptime, "24/7"): the figure it prints
 * (a constant), what it rests on, and when copy shows it. Every page that shows it carries its footnote
 * (locales/<code>.yaml claimNotes.<id>), numbered in order of appearance.
 */
const RegisteredClaim = z.strictObject({
  figure: FigureRef.describe('The constant the claim prints, e.g. savings.vsTwo.percent.'),
  unit: z.enum(['percent', 'none']).default('none').describe('percent: the figure is followed by a % sign in copy.'),
  context: z
    .string()
    .optional()
    .describe(
      'A regular expression of words that must stand in the same text for the figure to be this claim (several claims share a figure, e.g. 100 %), e.g. "DSGVO|GDPR|RGPD".',
    ),
  basis: z
    .strictObject({
      compares: z.string().min(1).describe('What is compared or measured, e.g. "KI-Zentrale Plus with ChatGPT Plus + Claude Pro, per user and month".'),
      vat: z
        .strictObject({
          ours: z.enum(['included', 'excluded']).describe('Whether our price includes VAT.'),
          theirs: z.enum(['included', 'excluded']).describe('Whether the compared prices include VAT.'),
          ratePercent: z.number().positive().describe('The VAT rate the compared prices include, e.g. 19.'),
        })
        .optional()
        .describe('The VAT basis of each side of a price comparison.'),
      asOf: z.string().min(1).optional().describe('When the compared prices or the measurement were taken, e.g. "November 2026".'),
      source: z.string().min(1).describe('Where the figure comes from: price pages, own project data, the terms.'),
    })
    .describe('What the claim rests on (§ 5, § 6 UWG: a comparison states its basis).'),
});

export const ClaimRegister = z
  .record(z.string().regex(/^[a-z][A-Za-z0-9]*$/), RegisteredClaim)
  .describe('Every quantitative or absolute marketing claim, by id, with its figure, its basis and (per language, in claimNotes) its footnote.');
export type ClaimRegister = z.infer<typeof ClaimRegister>;
export type RegisteredClaim = z.infer<typeof RegisteredClaim>;
