import { z } from 'zod';
import { COMMITMENTS } from '../commitments.ts';
import { Action, Text } from '../text.ts';
import { keyOf, sectionBase, sectionLead, sectionTitle, sectionType, type SchemaContext } from './common.ts';
import { ProductMock } from './mock.ts';

/** Commitment periods of the chatbot price list; each is a key of the price row an offer.chatbots package names. */
export const Commitment = z.enum(COMMITMENTS).describe('A commitment period: months12, months6 or months1.');
export type Commitment = z.infer<typeof Commitment>;

/**
 * The chatbot price table (SPEC §9): monthly price per chatbot package and commitment, plus the one-off
 * setup fee, read from the packages of offer.chatbots in site.yaml (each names its price rows under
 * constants); packages outside the table (Small Solution, Enterprise) print their figures by reference.
 */
export const chatbotPricingSection = (ctx: SchemaContext) =>
  z.strictObject({
    type: sectionType(
      'chatbotPricing',
      'the chatbot price table: monthly price per package and commitment period plus the setup fee, from the packages of offer.chatbots in site.yaml, and optional package cards.',
    ),
    ...sectionBase,
    title: sectionTitle('Preise für Ihren Chatbot'),
    lead: sectionLead,
    /** Table caption for screen readers and the visible column header of the first column. */
    caption: Text.describe('What the table lists, read by screen readers as its caption, e.g. "Monatspreise nach Laufzeit".'),
    tierHeading: Text.describe('Header of the first column (the tiers), e.g. "Paket".'),
    commitments: z
      .strictObject({
        months12: Text.describe('Column header for a 12-month commitment, e.g. "12 Monate".'),
        months6: Text.describe('Column header for a 6-month commitment, e.g. "6 Monate".'),
        months1: Text.describe('Column header for monthly cancellation, e.g. "Monatlich".'),
      })
      .describe('Column headers of the commitment periods.'),
    perMonth: Text.describe('Unit after each price, e.g. "pro Monat".'),
    /** The column marked as the best offer, with its badge text. */
    highlight: z
      .strictObject({
        commitment: Commitment.describe('Which column is marked: months12, months6 or months1.'),
        label: Text.describe('The badge text on that column, e.g. "Bestes Angebot".'),
      })
      .optional()
      .describe('A column marked as the best offer, with a badge.'),
    tiers: z
      .array(
        z.strictObject({
          tier: (ctx.chatbots ? keyOf(ctx.chatbots, 'chatbot packages priced by commitment (offer.chatbots with prices)') : z.string().min(1)).describe(
            'Which package of offer.chatbots in site.yaml this row shows; its prices and setup fee come from the rows that package names.',
          ),
          name: Text.describe('The tier name in the first column, e.g. "Standard-Chatbot".'),
          description: Text.describe('One line under the name: what this tier does.'),
        }),
      )
      .min(1)
      .describe('The rows of the table, one per chatbot tier.'),
    setup: z
      .strictObject({
        name: Text.describe('Row name of the one-off setup fee, e.g. "Einrichtung (einmalig)".'),
        description: Text.describe('One line under it: what the setup includes.'),
      })
      .describe("The setup-fee row: the figures are the setup row of the table's packages (offer.chatbots.<tier>.setup)."),
    actions: z.array(Action).max(2).default([]).describe('Up to two buttons under the table.'),
    packages: z
      .array(
        z.strictObject({
          name: Text.describe('Package name, e.g. "Small Solution".'),
          price: Text.describe('The price as shown; use a reference, e.g. "{{chatbot.smallSolution.price | eur}}".'),
          priceNote: Text.optional().describe('A small line after the price, e.g. "pro Monat zzgl. Einrichtung".'),
          description: Text.describe('One sentence on who the package is for.'),
          features: z.array(Text).min(1).describe('Check-marked points: what the package includes.'),
          action: Action.describe('The button of the card.'),
        }),
      )
      .default([])
      .describe('Cards under the table for packages outside it (e.g. Small Solution, Enterprise).'),
    note: Text.optional().describe('A small line at the end, e.g. "Alle Preise zzgl. MwSt."'),
  });

/** The dashboard preview: what it shows (panels) and, with `mock`, a drawn product visual; without one, a labelled wireframe. */
export const PreviewSection = z.strictObject({
  type: sectionType('preview', 'a dashboard preview: a list of its areas beside a product drawing (or a labelled wireframe without one).'),
  ...sectionBase,
  title: sectionTitle('Ihr Dashboard'),
  lead: sectionLead,
  /** What the visitor is told about the preview (e.g. that the real dashboard follows). */
  caption: Text.describe('The line under the preview telling the visitor what it is, e.g. "Vorschau: das Dashboard folgt in Kürze".'),
  /** Names of the dashboard areas the wireframe shows. */
  panels: z.array(Text).min(1).max(6).describe('One to six names of the dashboard areas, e.g. ["Gespräche", "Termine", "Statistik"].'),
  /** A product visual shown beside the panel list instead of a grey wireframe (see mock.ts). */
  mock: ProductMock.optional().describe('A product drawing beside the panel list; without it a grey wireframe labelled with the panels.'),
});
