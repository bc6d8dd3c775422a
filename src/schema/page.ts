import { z } from 'zod';
import { HeaderVariant } from './navigation.ts';
import { Text } from './text.ts';
import { createSectionSchema, type SchemaContext } from './sections/index.ts';
import { publishingFields } from './publishing.ts';

export { HEADER_VARIANTS, HeaderVariant } from './navigation.ts';

export function createPageSchema(ctx: SchemaContext) {
  return z.strictObject({
    /** Route segment below the locale root; empty for the locale's home page. */
    slug: z
      .string()
      .regex(/^([a-z0-9-]+(\/[a-z0-9-]+)*)?$/, { message: 'expected a lower-case path segment without slashes at the ends' })
      .describe(
        'The page\'s path below its language root: "preise" gives /preise (German) and /fr/preise (French). "" is the language\'s home page, "404" the not-found page.',
      ),
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
        structuredData: z
          .enum(['business', 'education', 'none'])
          .default('none')
          .describe(
            'Which structured data (JSON-LD) search engines get: business or education (organisation and offer, prices from site.yaml) or none (default).',
          ),
      })
      .describe('What search engines and social previews read: title, description, indexing.'),
    header: HeaderVariant,
    translation: z
      .enum(['required', 'optional'])
      .optional()
      .describe(
        'required: `site check --strict` fails while a translation of this page (set it on the German page for all languages) is stale, i.e. its German source changed after `site translations --accept`. Default optional.',
      ),
    ...publishingFields,
    chatDemo: z.boolean().default(false).describe('true shows the floating chat demo button (bottom right) on this page. Default false.'),
    sections: z
      .array(createSectionSchema(ctx))
      .min(1)
      .describe("The page's content, top to bottom; each item is a section whose `type` decides its other keys. The first renders the page's only <h1>.")
      .superRefine(drawingsHaveTheirSource),
  });
}

/** A feature tile's model-choice drawing is made of the page's platform drawing: without one it would draw nothing. */
function drawingsHaveTheirSource(sections: readonly { type: string; mock?: { kind: string }; items?: readonly unknown[] }[], ctx: z.RefinementCtx): void {
  if (sections.some((section) => section.mock?.kind === 'platform')) return;
  for (const [i, section] of sections.entries())
    for (const [j, item] of (section.items ?? []).entries())
      if ((item as { drawing?: string }).drawing === 'model-choice')
        ctx.addIssue({
          code: 'custom',
          path: [i, 'items', j, 'drawing'],
          message: 'expected a platform drawing (mock: with kind: platform) on this page: model-choice is drawn from it',
        });
}

export type Page = z.infer<ReturnType<typeof createPageSchema>>;
