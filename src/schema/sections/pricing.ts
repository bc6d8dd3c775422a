import { z } from 'zod';
import { Action, Text } from '../text.ts';
import { keyOf, sectionBase, type SchemaContext } from './common.ts';

export function plansSection(ctx: SchemaContext) {
  return z.strictObject({
    type: z.literal('plans'),
    ...sectionBase,
    title: Text,
    lead: Text.optional(),
    plans: z
      .array(
        z.strictObject({
          /** Key into constants.plans: the price and term come from there. */
          plan: keyOf(ctx.plans, 'plans'),
          name: Text,
          tagline: Text,
          term: Text,
          badge: Text.optional(),
          /** The one plan the page recommends: drawn raised with its badge. A badge alone does not feature a plan. */
          featured: z.boolean().default(false),
          features: z.array(Text).min(1),
          action: Action,
        }),
      )
      .min(1)
      .refine((plans) => plans.filter((p) => p.featured).length <= 1, {
        message: 'at most one plan may be featured (featured: true); the page recommends one plan',
      }),
    note: Text.optional(),
  });
}

export function savingsSection(ctx: SchemaContext) {
  return z.strictObject({
    type: z.literal('savings'),
    ...sectionBase,
    title: Text,
    text: Text,
    /** Key into constants.savings: subscriptions, plan and percentage come from there. */
    claim: keyOf(ctx.savings, 'savings claims'),
    totalLabel: Text,
    oursLabel: Text,
    resultLabel: Text,
  });
}
