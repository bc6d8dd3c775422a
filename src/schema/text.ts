import { z } from 'zod';

export const Text = z.string().min(1);

/** Link targets content may use: in-site paths, in-page anchors, https, mailto and tel. */
export const Href = z
  .string()
  .regex(/^(\/[^\s]*|#[a-z][a-z0-9-]*|https:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9 ]+)$/, {
    message: 'expected a link starting with /, #anchor, https://, mailto: or tel:',
  });

const INLINE_LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** A line of text with optional inline markup: `**bold**` and `[label](href)` links (safe targets only). */
export const InlineText = Text.superRefine((value, ctx) => {
  for (const match of value.matchAll(INLINE_LINK)) {
    const href = match[2] ?? '';
    if (!Href.safeParse(href).success) {
      ctx.addIssue({ code: 'custom', message: `unsafe or malformed link target '${href}' in [${match[1]}](${href})` });
    }
  }
});

/** Long-form text: paragraphs (strings), bullet lists, line-broken blocks (addresses) and sub-headings. Never raw HTML. */
export const RichBlock = z.union([
  InlineText,
  z.strictObject({ lines: z.array(InlineText).min(1) }),
  z.strictObject({ list: z.array(InlineText).min(1) }),
  z.strictObject({ ordered: z.array(InlineText).min(1) }),
  z.strictObject({ heading: Text }),
]);
export const RichText = z.array(RichBlock).min(1);
export type RichText = z.infer<typeof RichText>;

export const Action = z.strictObject({
  label: Text,
  href: Href,
  style: z.enum(['primary', 'secondary', 'ghost']).default('primary'),
});
export type Action = z.infer<typeof Action>;

/** Icons available to content; each name maps to an SVG in src/render/icons.tsx (type-checked there). */
export const ICON_NAMES = [
  'bot', 'brain', 'shield', 'lock', 'server', 'globe', 'zap', 'users', 'briefcase', 'scale', 'stethoscope',
  'calculator', 'code', 'phone', 'sparkles', 'search', 'file-text', 'mic', 'layers', 'settings', 'check',
  'message', 'graduation', 'book', 'building', 'clock', 'euro', 'chart', 'heart', 'languages', 'puzzle',
  'workflow', 'award', 'wrench', 'school', 'landmark', 'lightbulb', 'target', 'calendar', 'mail',
] as const;
export const Icon = z.enum(ICON_NAMES);
export type IconName = z.infer<typeof Icon>;

export const Tone = z.enum(['default', 'muted', 'dark', 'brand']).default('default');
export const AnchorId = z.string().regex(/^[a-z][a-z0-9-]*$/, { message: 'expected a lower-case anchor id (a-z, 0-9, -)' });
