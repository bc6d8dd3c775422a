import { z } from 'zod';
import { Action, Text } from '../text.ts';
import { sectionBase } from './common.ts';
import { ProductMock } from './mock.ts';

/** Commitment periods of the chatbot price list; each is a key of constants.chatbot.<tier>. */
export const Commitment = z.enum(['months12', 'months6', 'months1']);
export type Commitment = z.infer<typeof Commitment>;

/**
 * The chatbot price table (SPEC §9): monthly price per chatbot tier and commitment, plus the one-off
 * setup fee, all read from constants.chatbot; packages outside the table (Small Solution, Enterprise)
 * print their figures by reference.
 */
export const ChatbotPricingSection = z.strictObject({
  type: z.literal('chatbotPricing'),
  ...sectionBase,
  title: Text,
  lead: Text.optional(),
  /** Table caption for screen readers and the visible column header of the first column. */
  caption: Text,
  tierHeading: Text,
  commitments: z.strictObject({ months12: Text, months6: Text, months1: Text }),
  perMonth: Text,
  /** The column marked as the best offer, with its badge text. */
  highlight: z.strictObject({ commitment: Commitment, label: Text }).optional(),
  tiers: z
    .array(z.strictObject({ tier: z.enum(['standard', 'intake']), name: Text, description: Text }))
    .min(1),
  setup: z.strictObject({ name: Text, description: Text }),
  actions: z.array(Action).max(2).default([]),
  packages: z
    .array(
      z.strictObject({
        name: Text,
        price: Text,
        priceNote: Text.optional(),
        description: Text,
        features: z.array(Text).min(1),
        action: Action,
      }),
    )
    .default([]),
  note: Text.optional(),
});

/** The dashboard preview: what it shows (panels) and, with `mock`, a drawn product visual; without one, a labelled wireframe. */
export const PreviewSection = z.strictObject({
  type: z.literal('preview'),
  ...sectionBase,
  title: Text,
  lead: Text.optional(),
  /** What the visitor is told about the preview (e.g. that the real dashboard follows). */
  caption: Text,
  /** Names of the dashboard areas the wireframe shows. */
  panels: z.array(Text).min(1).max(6),
  /** A product visual shown beside the panel list instead of a grey wireframe (see mock.ts). */
  mock: ProductMock.optional(),
});
