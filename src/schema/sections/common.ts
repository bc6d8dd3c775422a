import { z } from 'zod';
import { Image } from '../image.ts';
import { publishingFields } from '../publishing.ts';
import { AnchorId, Text, Tone } from '../text.ts';

/** Fields every section has: an optional anchor id, a background tone, a heading block and an optional image. */
export const sectionBase = {
  id: AnchorId.optional().describe(
    'Anchor of the section, so links can jump to it: id "contact" is reached by href "#contact" (or "/chatbot#contact" from another page). Lower-case letters, digits and dashes.',
  ),
  tone: Tone,
  eyebrow: Text.optional().describe('A short label above the section title, e.g. "Preise".'),
  image: Image.optional().describe(
    'An image shown under the section\'s content, full width of the text column, e.g. {src: images/team.jpg, alt: "Das Team im Büro"}. The first section\'s image loads first; the others load as they scroll into view.',
  ),
  ...publishingFields,
};

/** The `type` key of a section: which kind it is, described for the editor (what the section shows). */
export function sectionType<const T extends string>(type: T, what: string) {
  return z.literal(type).describe(`Section type "${type}": ${what}`);
}

/** A section's title: its h2 (the page's h1 when the section comes first). */
export const sectionTitle = (example: string) => Text.describe(`The section's heading (the page's only <h1> when the section comes first), e.g. "${example}".`);

/** The paragraph under a section's title. */
export const sectionLead = Text.optional().describe('An introductory paragraph under the title.');

/** Names of things in site.yaml that sections may point at; enums built from them give exact errors. */
export interface SchemaContext {
  plans: readonly string[];
  savings: readonly string[];
  /** Packages of offer.chatbots priced by commitment (`prices`): the rows a chatbot price table may show. Absent: not known here. */
  chatbots?: readonly string[];
}

export function keyOf(names: readonly string[], what: string) {
  if (names.length === 0) return z.never({ message: `no ${what} are defined in site.yaml` });
  return z.enum(names as [string, ...string[]]);
}
