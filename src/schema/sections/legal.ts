import { z } from 'zod';
import { AnchorId, RichText, Text } from '../text.ts';
import { sectionBase } from './common.ts';

/**
 * A legal document (legal notice, terms, privacy policy): a title, an optional preamble and numbered
 * parts. Numbering is generated, so inserting a part never leaves a gap: `paragraph` prints "§ 1",
 * `decimal` prints "1.", `none` prints headings only (the legal notice).
 */
export const LegalSection = z.strictObject({
  type: z.literal('legal'),
  ...sectionBase,
  title: Text,
  /** "Stand: …" line under the title. */
  updated: Text.optional(),
  intro: RichText.optional(),
  numbering: z.enum(['paragraph', 'decimal', 'none']).default('decimal'),
  parts: z.array(z.strictObject({ id: AnchorId.optional(), title: Text, body: RichText })).min(1),
});
