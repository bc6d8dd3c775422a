import { z } from 'zod';
import { Text } from './text.ts';

/** Raster formats the build reads; SVG stays out (it needs no responsive variants and could carry script). */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'avif'] as const;

const ImageSrc = z
  .string()
  .regex(new RegExp(`^(?!/)(?!.*(^|/)\\.\\.?(/|$))[\\w./-]+\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i'), {
    message: `expected a path inside the content folder to a ${IMAGE_EXTENSIONS.join('/')} file, e.g. "images/team.jpg" (no leading /, no ..)`,
  })
  .describe(
    `The image file, relative to the content folder, e.g. "images/team.jpg" (${IMAGE_EXTENSIONS.join(', ')}). The build makes AVIF, WebP and a fallback at several widths from it.`,
  );

const Percent = z.number().min(0).max(100);

/** An aspect ratio written `width:height`, e.g. `16:9`. */
const Aspect = z
  .string()
  .regex(/^[1-9]\d{0,2}:[1-9]\d{0,2}$/, { message: 'expected an aspect ratio width:height, e.g. "16:9"' })
  .describe('Crop the image to this aspect ratio (width:height, e.g. "16:9") around `focus`. Without it the image keeps its own shape.');

/**
 * An image field: any section can carry one (`image` in sectionBase). Alt text is required unless the
 * image is marked decorative, so a missing description is a content error at the author's key, not a
 * silent empty alt.
 */
export const Image = z
  .strictObject({
    src: ImageSrc,
    alt: Text.optional().describe(
      'What the image shows, for visitors who cannot see it (screen readers, images off), e.g. "Das Team im Büro in Bayreuth". Required unless decorative: true.',
    ),
    decorative: z.boolean().default(false).describe('true: the image only decorates (empty alt, screen readers skip it); then leave out alt. Default false.'),
    aspect: Aspect.optional(),
    focus: z
      .strictObject({
        x: Percent.describe('From the left edge, in percent (0–100).'),
        y: Percent.describe('From the top edge, in percent (0–100).'),
      })
      .optional()
      .describe(
        'The point that must stay in view when `aspect` crops the image, in percent of its width and height, e.g. {x: 50, y: 30}. Default: the centre.',
      ),
  })
  .superRefine((image, ctx) => {
    if (!image.decorative && image.alt === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['alt'],
        message: 'missing alt: describe what the image shows for visitors who cannot see it, or set decorative: true',
      });
    }
    if (image.decorative && image.alt !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['alt'],
        message: 'a decorative image has no alt text: remove alt, or remove decorative: true if the image carries meaning',
      });
    }
    if (image.focus && !image.aspect) {
      ctx.addIssue({ code: 'custom', path: ['focus'], message: 'focus only applies when aspect crops the image: add aspect (e.g. "16:9") or remove focus' });
    }
  })
  .describe(
    'An image: the build makes AVIF and WebP at several widths plus a fallback, with its intrinsic size (no layout shift). E.g. {src: images/team.jpg, alt: "Das Team im Büro"}.',
  );

export type Image = z.infer<typeof Image>;
