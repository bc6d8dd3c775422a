import { z } from 'zod';
import { PRODUCT_IDS } from '../../../supabase/functions/_shared/contact-fields.ts';
import { Text } from '../text.ts';
import { sectionBase, sectionLead, sectionTitle, sectionType } from './common.ts';

/** Product interest ids a contact request may name (SPEC §3). */
export const ProductId = z.enum(PRODUCT_IDS);
export type ProductId = z.infer<typeof ProductId>;

/**
 * Which contact form a section shows. `variant` picks the locale's strings (labels, toasts) and layout;
 * `fields` lists the optional inputs the form has (name, email, message and consent are always there),
 * which are exactly the optional keys its payload sends.
 */
export const ContactFormConfig = z.strictObject({
  variant: z
    .enum(['business', 'education'])
    .describe('Which wording the form uses: business or education (labels, notices and toasts from forms.<variant> in the locale file).'),
  fields: z
    .array(z.enum(['company', 'products', 'subject']))
    .default([])
    .describe('Optional inputs the form has besides name, e-mail, message and consent, e.g. [company, products].'),
  /** Empty company: send null (most business forms) or the empty string as typed (German business form). */
  emptyCompany: z.enum(['null', 'as-typed']).default('null').describe('What an empty company field sends: null (default) or the empty string as typed.'),
  /** Products ticked when the form loads (the chatbot page presets chatbot). */
  presetProducts: z.array(ProductId).default([]).describe('Products already ticked when the form loads, e.g. [chatbot] on the chatbot page.'),
});
export type ContactFormConfig = z.infer<typeof ContactFormConfig>;

/** The contact section: text on the left, the contact form island on the right. */
export const ContactSection = z.strictObject({
  type: sectionType('contact', 'the contact section: text and points on the left, the contact form on the right.'),
  ...sectionBase,
  title: sectionTitle('Sprechen Sie mit uns'),
  lead: sectionLead,
  points: z.array(Text).default([]).describe('Check-marked points beside the form, e.g. ["Antwort innerhalb eines Werktags"].'),
  form: ContactFormConfig.optional().describe(
    'The contact form: which wording and which optional fields. Without it the section shows only the text and the e-mail address.',
  ),
});
