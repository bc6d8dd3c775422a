import { z } from 'zod';
import { inlineLinks, isSafeLinkTarget } from './link-target.ts';

export const Text = z.string().min(1);

/** Link targets content may use: in-site paths, in-page anchors, https, mailto and tel (link-target.ts). */
const HREF_MESSAGE = 'expected a link to a path on this site (/…), an #anchor, or an https://, mailto: or tel: URL';
/** The prefix pattern is what editors see (JSON Schema); the parse decides. */
export const Href = z
  .string()
  .regex(/^(\/|#|https:\/\/|mailto:|tel:)/, { message: HREF_MESSAGE })
  .refine(isSafeLinkTarget, { message: HREF_MESSAGE });

/** A line of text with optional inline markup: `**bold**` and `[label](href)` links (safe targets only). */
export const InlineText = Text.superRefine((value, ctx) => {
  for (const { label, href } of inlineLinks(value)) {
    if (!isSafeLinkTarget(href)) ctx.addIssue({ code: 'custom', message: `unsafe or malformed link target '${href}' in [${label}](${href})` });
  }
});

/** Long-form text: paragraphs (strings), bullet lists, line-broken blocks (addresses), sub-headings, tables and callouts. Never raw HTML. */
export const RichBlock = z.union([
  InlineText.describe('A paragraph. Inline **bold** and [label](/path) links work, e.g. "Mehr dazu in der [Datenschutzerklärung](/datenschutz)."'),
  z.strictObject({
    lines: z
      .array(InlineText)
      .min(1)
      .describe('One paragraph whose lines break where written, e.g. an address: ["Muster GmbH", "Hauptstraße 1", "95444 Bayreuth"].'),
  }),
  z.strictObject({ list: z.array(InlineText).min(1).describe('A bullet list, one string per point.') }),
  z.strictObject({ ordered: z.array(InlineText).min(1).describe('A numbered list, one string per step (numbers are added).') }),
  z.strictObject({ heading: Text.describe('A sub-heading inside the text, e.g. "Ihre Rechte".') }),
  z.strictObject({
    table: z
      .strictObject({
        head: z.array(Text).min(2).describe('The column heads, in the page\'s language, e.g. ["Anbieter", "Zweck", "Sitz", "Grundlage"].'),
        rows: z
          .array(z.array(InlineText))
          .min(1)
          .describe('One list of cells per row, as many as there are heads; the first cell names the row (e.g. the provider).'),
      })
      .superRefine((table, ctx) => {
        table.rows.forEach((row, i) => {
          if (row.length !== table.head.length)
            ctx.addIssue({
              code: 'custom',
              path: ['rows', i],
              message: `row has ${row.length} cell${row.length === 1 ? '' : 's'}, the table has ${table.head.length} column heads`,
            });
        });
      })
      .describe('A table: column heads and rows of cells (inline **bold** and links work). On phones each row shows as a block, every cell under its head.'),
  }),
  z.strictObject({
    callout: z
      .array(InlineText)
      .min(1)
      .describe(
        'Paragraphs set apart in a bordered box, e.g. the right to object (Art. 21 GDPR), which must be shown separately and clearly. Mark its first sentence **bold**.',
      ),
  }),
  z.strictObject({
    offer: z
      .enum(['plans', 'addons', 'trial', 'trialTerms'])
      .describe(
        "Text rendered from the offer data (site.yaml offer) in the page's language: plans (each plan with price, term and what it includes), addons (each add-on with its prices), trial (the trial this language offers, in one sentence) or trialTerms (every trial reading with its conditions, for the terms).",
      ),
  }),
]);
export const RichText = z.array(RichBlock).min(1);
export type RichText = z.infer<typeof RichText>;

export const Action = z.strictObject({
  label: Text.describe('The button text, e.g. "Kostenlos testen".'),
  href: Href.describe('Where the button leads: a page of this site (/chatbot), an anchor on this page (#contact), or an https:, mailto: or tel: URL.'),
  style: z
    .enum(['primary', 'secondary', 'ghost'])
    .default('primary')
    .describe('How the button looks: primary (filled, the main action), secondary (outlined) or ghost (text only). Default: primary.'),
});
export type Action = z.infer<typeof Action>;

/** Icons available to content; each name maps to an SVG in src/render/icons.tsx (type-checked there). */
export const ICON_NAMES = [
  'bot',
  'brain',
  'shield',
  'lock',
  'server',
  'globe',
  'zap',
  'users',
  'briefcase',
  'scale',
  'stethoscope',
  'calculator',
  'code',
  'phone',
  'sparkles',
  'search',
  'file-text',
  'mic',
  'layers',
  'settings',
  'check',
  'message',
  'graduation',
  'book',
  'building',
  'clock',
  'euro',
  'chart',
  'heart',
  'languages',
  'puzzle',
  'workflow',
  'award',
  'wrench',
  'school',
  'landmark',
  'lightbulb',
  'target',
  'calendar',
  'mail',
] as const;
export const Icon = z.enum(ICON_NAMES);
export type IconName = z.infer<typeof Icon>;

export const Tone = z
  .enum(['default', 'muted', 'dark', 'brand'])
  .default('default')
  .describe(
    'Background of the section band: default (white), muted (light grey), dark (navy, light text) or brand (brand colour). Alternate tones to separate neighbouring sections.',
  );
export const AnchorId = z.string().regex(/^[a-z][a-z0-9-]*$/, { message: 'expected a lower-case anchor id (a-z, 0-9, -)' });
