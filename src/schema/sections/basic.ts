import { z } from 'zod';
import { Action, Icon, InlineText, RichText, Text } from '../text.ts';
import { sectionBase } from './common.ts';
import { ProductMock } from './mock.ts';

export const HeroSection = z.strictObject({
  type: z.literal('hero'),
  ...sectionBase,
  title: Text,
  highlight: Text.optional(),
  lead: Text,
  actions: z.array(Action).min(1).max(3),
  stats: z.array(z.strictObject({ value: Text, label: Text })).max(4).default([]),
  note: Text.optional(),
  /** The product drawn in HTML/CSS below the actions (see mock.ts). */
  mock: ProductMock.optional(),
});

export const FeaturesSection = z.strictObject({
  type: z.literal('features'),
  ...sectionBase,
  title: Text,
  lead: Text.optional(),
  /** Preferred columns on wide screens; the grid still picks counts that leave no card alone on a row. */
  columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3),
  /**
   * `cards`: a card grid. `addons`: a compact list of optional add-ons inside a larger section (the home
   * overview's optional services), so it does not read as a second copy of the services section.
   */
  layout: z.enum(['cards', 'addons']).default('cards'),
  items: z
    .array(
      z.strictObject({
        icon: Icon.optional(),
        title: Text,
        text: InlineText,
        points: z.array(Text).default([]),
      }),
    )
    .min(1),
});

export const FaqSection = z.strictObject({
  type: z.literal('faq'),
  ...sectionBase,
  title: Text,
  lead: Text.optional(),
  items: z.array(z.strictObject({ question: Text, answer: RichText })).min(1),
  /** Open the first entry on load. */
  openFirst: z.boolean().default(false),
  action: Action.optional(),
});

export const CtaSection = z.strictObject({
  type: z.literal('cta'),
  ...sectionBase,
  title: Text,
  text: Text.optional(),
  actions: z.array(Action).min(1).max(3),
});

export const ServicesSection = z.strictObject({
  type: z.literal('services'),
  ...sectionBase,
  title: Text,
  lead: Text.optional(),
  /** Where card buttons without a link scroll to ('Mehr erfahren'). */
  contactHref: z.string().regex(/^#[a-z][a-z0-9-]*$/).default('#contact'),
  cards: z
    .array(
      z.strictObject({
        icon: Icon,
        title: Text,
        description: Text,
        details: Text,
        features: z.array(Text).min(1),
        price: Text.optional(),
        link: z.string().regex(/^\//, { message: 'expected a site path starting with /' }).optional(),
      }),
    )
    .min(1),
});

export const AboutSection = z.strictObject({
  type: z.literal('about'),
  ...sectionBase,
  title: Text,
  body: RichText,
  facts: z.array(z.strictObject({ value: Text, label: Text })).default([]),
});

export const RichTextSection = z.strictObject({
  type: z.literal('richText'),
  ...sectionBase,
  title: Text,
  body: RichText,
});
