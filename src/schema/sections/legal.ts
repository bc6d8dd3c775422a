import { z } from 'zod';
import { AnchorId, RichText, Text } from '../text.ts';
import { sectionBase, sectionTitle, sectionType } from './common.ts';

/**
 * A legal document (legal notice, terms, privacy policy): a title, an optional preamble and numbered
 * parts. Numbering is generated, so inserting a part never leaves a gap: `paragraph` prints "§ 1",
 * `decimal` prints "1.", `none` prints headings only (the legal notice).
 */
export const LegalSection = z
  .strictObject({
    type: sectionType('legal', 'a legal document (legal notice, terms, privacy policy): title, optional preamble and numbered parts.'),
    ...sectionBase,
    title: sectionTitle('Allgemeine Geschäftsbedingungen'),
    /** "Stand: …" line under the title. */
    updated: Text.optional().describe('The date line under the title, e.g. "Stand: November 2026".'),
    intro: RichText.optional().describe('A preamble before the first part (rich text).'),
    /** The label of the table of contents; without it the document has none (a short legal notice needs none). */
    contents: Text.optional().describe(
      'Label of a table of contents of the parts, e.g. "Inhalt": a disclosure at the top on small screens, a sticky index beside the text on wide ones. Without it, no table of contents.',
    ),
    /** The legal notice's short facts lead it: a card of their own, beside the running text on wide screens. */
    factParts: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe(
        'How many of the first parts are short facts (the provider, its contact, its register entry): they stand together in a card, from 1280 px beside the running text, which keeps its reading width.',
      ),
    numbering: z
      .enum(['paragraph', 'decimal', 'none'])
      .default('decimal')
      .describe('How parts are numbered (numbers are generated): paragraph ("§ 1"), decimal ("1.", default) or none (headings only).'),
    parts: z
      .array(
        z.strictObject({
          id: AnchorId.optional().describe('Anchor of the part, so links can jump to it, e.g. "widerruf" for /agb#widerruf.'),
          title: Text.describe('Heading of the part, without its number, e.g. "Geltungsbereich".'),
          body: RichText.describe('The text of the part (rich text).'),
        }),
      )
      .min(1)
      .describe('The numbered parts, in order.'),
  })
  .superRefine((legal, ctx) => {
    if (legal.factParts !== undefined && legal.factParts > legal.parts.length)
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: legal.parts.length,
        inclusive: true,
        input: legal.factParts,
        path: ['factParts'],
        message: `factParts takes at most the section's ${legal.parts.length} part${legal.parts.length === 1 ? '' : 's'}: it counts the first parts that go into the facts card`,
      });
  });
