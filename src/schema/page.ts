import { z } from 'zod';
import { LocaleStrings } from './locale.ts';
import { Text } from './text.ts';
import { createSectionSchema, type SchemaContext } from './sections/index.ts';

export const HeaderVariant = z.enum(['business', 'education', 'chatbot', 'back']);

export function createPageSchema(ctx: SchemaContext) {
  return z.strictObject({
    /** Route segment below the locale root; empty for the locale's home page. */
    slug: z.string().regex(/^([a-z0-9-]+(\/[a-z0-9-]+)*)?$/, { message: 'expected a lower-case path segment without slashes at the ends' }),
    meta: z.strictObject({
      title: Text,
      description: Text,
      keywords: z.array(Text).default([]),
      noindex: z.boolean().default(false),
      /** Which JSON-LD the page carries. */
      structuredData: z.enum(['business', 'education', 'none']).default('none'),
    }),
    header: HeaderVariant,
    /** Header labels this page words differently from its locale (e.g. 'Get Started' on the English education page). */
    headerLabels: LocaleStrings.shape.header.partial().optional(),
    chatDemo: z.boolean().default(false),
    sections: z.array(createSectionSchema(ctx)).min(1),
  });
}

export type Page = z.infer<ReturnType<typeof createPageSchema>>;
export type HeaderVariant = z.infer<typeof HeaderVariant>;
