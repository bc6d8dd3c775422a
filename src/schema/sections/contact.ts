import { z } from 'zod';
import { PRODUCT_IDS } from '../../../supabase/functions/_shared/contact-fields.ts';
import { Text } from '../text.ts';
import { sectionBase } from './common.ts';

/** Product interest ids a contact request may name (SPEC §3). */
export const ProductId = z.enum(PRODUCT_IDS);
export type ProductId = z.infer<typeof ProductId>;

/**
 * Which contact form a section shows. `variant` picks the locale's strings (labels, toasts) and layout;
 * `fields` lists the optional inputs the form has (name, email, message and consent are always there),
 * which are exactly the optional keys its payload sends.
 */
export const ContactFormConfig = z.strictObject({
  variant: z.enum(['business', 'education']),
  fields: z.array(z.enum(['company', 'products', 'subject'])).default([]),
  /** Empty company: send null (most business forms) or the empty string as typed (German business form). */
  emptyCompany: z.enum(['null', 'as-typed']).default('null'),
  /** Products ticked when the form loads (the chatbot page presets chatbot). */
  presetProducts: z.array(ProductId).default([]),
});
export type ContactFormConfig = z.infer<typeof ContactFormConfig>;

/** The contact section: text on the left, the contact form island on the right. */
export const ContactSection = z.strictObject({
  type: z.literal('contact'),
  ...sectionBase,
  title: Text,
  lead: Text.optional(),
  points: z.array(Text).default([]),
  form: ContactFormConfig.optional(),
});
