import { z } from 'zod';
import { AboutSection, ClaimNotesSection, CtaSection, FaqSection, FeaturesSection, HeroSection, RichTextSection, ServicesSection } from './basic.ts';
import type { SchemaContext } from './common.ts';
import { chatbotPricingSection, PreviewSection } from './chatbot.ts';
import { ContactSection } from './contact.ts';
import { LegalSection } from './legal.ts';
import { NotFoundSection } from './not-found.ts';
import { plansSection, savingsSection } from './pricing.ts';

export type { SchemaContext } from './common.ts';

/** Every section type content can use, discriminated on `type`. */
export function createSectionSchema(ctx: SchemaContext) {
  return z.discriminatedUnion('type', [
    HeroSection,
    FeaturesSection,
    plansSection(ctx),
    savingsSection(ctx),
    FaqSection,
    CtaSection,
    ServicesSection,
    AboutSection,
    RichTextSection,
    ContactSection,
    chatbotPricingSection(ctx),
    PreviewSection,
    LegalSection,
    ClaimNotesSection,
    NotFoundSection,
  ]);
}

export type Section = z.infer<ReturnType<typeof createSectionSchema>>;
export type SectionOf<T extends Section['type']> = Extract<Section, { type: T }>;
