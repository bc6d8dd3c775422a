import { z } from 'zod';
import { LocaleStrings } from './locale.ts';
import { Text } from './text.ts';
import { createSectionSchema, type SchemaContext } from './sections/index.ts';
import { publishingFields } from './publishing.ts';

/** The navigation bar variants (README "Header variants" and docs/content-reference.md list what each shows). */
export const HEADER_VARIANTS = {
  business: 'products, pricing, about and contact links plus a start button (anchors #<anchors.overview>, #pricing, #about, #contact)',
  education: 'learning modes and contact links plus a start button (anchors #learning-modes, #contact)',
  chatbot: 'a link to the home page ("more solutions") plus pricing and contact buttons (anchors #pricing, #contact)',
  back: "one button back to the language's home page (legal pages, FAQ)",
  home: "the brand (a link to the language's home page) and the language switcher, nothing else (the not-found page, whose own button leads home)",
} as const;

export const HeaderVariant = z
  .enum(Object.keys(HEADER_VARIANTS) as [keyof typeof HEADER_VARIANTS, ...(keyof typeof HEADER_VARIANTS)[]])
  .describe(`The navigation bar of the page; its labels come from header in the locale file. ${Object.entries(HEADER_VARIANTS).map(([name, what]) => `${name}: ${what}`).join('. ')}.`);

export function createPageSchema(ctx: SchemaContext) {
  return z.strictObject({
    /** Route segment below the locale root; empty for the locale's home page. */
    slug: z
      .string()
      .regex(/^([a-z0-9-]+(\/[a-z0-9-]+)*)?$/, { message: 'expected a lower-case path segment without slashes at the ends' })
      .describe('The page\'s path below its language root: "preise" gives /preise (German) and /fr/preise (French). "" is the language\'s home page, "404" the not-found page.'),
    meta: z
      .strictObject({
        title: Text.describe('The browser tab and search-result title, e.g. "Preise – KI-Zentrale".'),
        description: Text.describe('The search-result snippet and social preview text: one or two sentences.'),
        keywords: z.array(Text).default([]).describe('Search keywords for the meta keywords tag, e.g. ["KI", "DSGVO"].'),
        noindex: z.boolean().default(false).describe('true keeps the page out of search engines and the sitemap (e.g. an internal guide). Default false.'),
        socialImage: z
          .strictObject({
            src: z
              .string()
              .regex(/^(?!\/)(?!.*\.\.)[^\s]+\.(png|jpe?g)$/i, { message: 'expected a PNG or JPEG file inside the content folder, e.g. social/preise.png' })
              .describe('The image file, relative to the content folder, e.g. social/preise.png. 1200 × 630 px is what platforms show best.'),
            alt: Text.describe('What the image shows, for people who cannot see it.'),
          })
          .optional()
          .describe('An Open Graph image of your own instead of the card the build renders from the title and description.'),
        /** Which JSON-LD the page carries. */
        structuredData: z.enum(['business', 'education', 'none']).default('none').describe('Which structured data (JSON-LD) search engines get: business or education (organisation and offer, prices from site.yaml) or none (default).'),
      })
      .describe('What search engines and social previews read: title, description, indexing.'),
    header: HeaderVariant,
    /** Header labels this page words differently from its locale (e.g. 'Get Started' on the English education page). */
    headerLabels: LocaleStrings.shape.header
      .partial()
      .optional()
      .describe('Header labels this page words differently from its locale file, any subset of header, e.g. {start: Get Started}.'),
    translation: z
      .enum(['required', 'optional'])
      .optional()
      .describe('required: `site check --strict` fails while a translation of this page (set it on the German page for all languages) is stale, i.e. its German source changed after `site translations --accept`. Default optional.'),
    ...publishingFields,
    chatDemo: z.boolean().default(false).describe('true shows the floating chat demo button (bottom right) on this page. Default false.'),
    sections: z.array(createSectionSchema(ctx)).min(1).describe('The page\'s content, top to bottom; each item is a section whose `type` decides its other keys. The first renders the page\'s only <h1>.'),
  });
}

export type Page = z.infer<ReturnType<typeof createPageSchema>>;
export type HeaderVariant = z.infer<typeof HeaderVariant>;
