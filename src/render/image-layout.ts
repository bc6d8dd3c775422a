import type { Image } from '../schema/image.ts';

/**
 * How wide images are laid out, in CSS pixels, and the `sizes` that tells the browser so before the
 * stylesheet arrives. The build makes candidates up to twice the widest slot (2× screens) and `site
 * check` reports a source more than twice that wide. A section's image fills its text column: 64rem in
 * a wide section, 44rem in a narrow one (its 48rem less the gutters), less the gutters on smaller screens (the gutter is at most
 * 2rem, so `100vw - 2rem` never undershoots).
 */
export const IMAGE_SLOTS = {
  wide: { maxWidth: 1024, sizes: '(min-width: 1088px) 1024px, calc(100vw - 2rem)' },
  narrow: { maxWidth: 704, sizes: '(min-width: 768px) 704px, calc(100vw - 2rem)' },
} as const;
export type ImageSlot = keyof typeof IMAGE_SLOTS;

/** Section types laid out in the narrow column (their components pass `narrow` to SectionShell). */
const NARROW_SECTIONS: ReadonlySet<string> = new Set(['richText', 'faq', 'legal']);

export function sectionImageSlot(type: string): ImageSlot {
  return NARROW_SECTIONS.has(type) ? 'narrow' : 'wide';
}

/** Candidate widths the build picks from (at most the source's width and twice the widest slot it fills). */
export const CANDIDATE_WIDTHS = [480, 800, 1200, 1600, 2048] as const;

/** One encoded file of an image: its URL and pixel width. */
export interface ImageCandidate {
  url: string;
  width: number;
}

/** An image as the build made it: the candidates per format and the intrinsic size of the largest (after any crop). */
export interface BuiltImage {
  width: number;
  height: number;
  /** Modern formats, best first: a browser takes the first type it supports. */
  sources: { type: 'image/avif' | 'image/webp'; candidates: ImageCandidate[] }[];
  /** For browsers with neither: JPEG, or PNG when the source has transparency. */
  fallback: { type: 'image/jpeg' | 'image/png'; candidates: ImageCandidate[] };
}

/** Built images by imageKey. */
export type BuiltImages = ReadonlyMap<string, BuiltImage>;

/** What makes two uses of an image the same built image: the file and the crop. */
export function imageKey(image: Pick<Image, 'src' | 'aspect' | 'focus'>): string {
  return JSON.stringify([image.src, image.aspect ?? null, image.focus?.x ?? 50, image.focus?.y ?? 50]);
}
