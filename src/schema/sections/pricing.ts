import { z } from 'zod';
import { Action, Text } from '../text.ts';
import { keyOf, sectionBase, sectionLead, sectionTitle, sectionType, type SchemaContext } from './common.ts';

export function plansSection(ctx: SchemaContext) {
  return z.strictObject({
    type: sectionType('plans', 'price cards of the subscription plans; each price comes from constants.plans in site.yaml.'),
    ...sectionBase,
    title: sectionTitle('Preise'),
    lead: sectionLead,
    plans: z
      .array(
        z.strictObject({
          /** Key into constants.plans: the price and term come from there. */
          plan: keyOf(ctx.plans, 'plans').describe('Which plan of constants.plans in site.yaml this card shows; its price is printed from there.'),
          name: Text.describe('The plan name on the card, e.g. "Plus".'),
          tagline: Text.describe('One line under the name: who the plan is for.'),
          term: Text.describe('The line under the price, e.g. "pro Nutzer / Monat, jährliche Abrechnung".'),
          badge: Text.optional().describe(
            'A small badge beside the name, e.g. "Beliebt". With offer data in site.yaml the badge comes from offer.plans.<plan>.badge instead.',
          ),
          /** The one plan the page recommends: drawn raised with its badge. A badge alone does not feature a plan. */
          featured: z.boolean().default(false).describe('true on the one plan the page recommends: drawn raised, its button primary. At most one per section.'),
          features: z
            .array(Text)
            .min(1)
            .optional()
            .describe(
              "Check-marked points: what the plan includes. Leave out when site.yaml has offer data: the card then lists what offer.plans.<plan> includes, in the page's language.",
            ),
          action: Action.describe('The button of the card.'),
        }),
      )
      .min(1)
      .describe('The plan cards, in order.')
      .refine((plans) => plans.filter((p) => p.featured).length <= 1, {
        message: 'at most one plan may be featured (featured: true); the page recommends one plan',
      }),
    trial: z
      .boolean()
      .default(false)
      .describe(
        "true: a line under the cards states the trial this language offers, from offer.trials in site.yaml, and the card of the trial's plan names it as its last point.",
      ),
    note: Text.optional().describe('A small line under the cards, e.g. "Alle Preise zzgl. MwSt."'),
  });
}

export function savingsSection(ctx: SchemaContext) {
  return z.strictObject({
    type: sectionType(
      'savings',
      'a savings calculation: the single subscriptions a claim compares against, their total, our price and the saving, all from constants in site.yaml.',
    ),
    ...sectionBase,
    title: sectionTitle('Sparen Sie bis zu 60 %'),
    text: Text.describe('The paragraph under the title.'),
    /** Key into constants.savings: subscriptions, plan and percentage come from there. */
    claim: keyOf(ctx.savings, 'savings claims').describe(
      'Which claim of constants.savings in site.yaml to show: the subscriptions, plan and percentage come from there.',
    ),
    totalLabel: Text.describe('Label of the sum of the single subscriptions, e.g. "Einzeln zusammen".'),
    oursLabel: Text.describe('Label of our price, e.g. "Mit uns".'),
    resultLabel: Text.describe('Words after the percentage, e.g. "günstiger".'),
  });
}
