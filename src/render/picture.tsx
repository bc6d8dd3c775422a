import { createContext, useContext, type ReactNode } from 'react';
import type { Image } from '../schema/image.ts';
import { IMAGE_SLOTS, imageKey, sectionImageSlot, type BuiltImage, type BuiltImages, type ImageCandidate, type ImageSlot } from './image-layout.ts';

const srcset = (candidates: readonly ImageCandidate[]) => candidates.map((c) => `${c.url} ${c.width}w`).join(', ');

/**
 * A built image as `<picture>`: AVIF and WebP sources, the fallback `<img>` with its intrinsic width and
 * height (the browser reserves the box before a byte arrives: no layout shift). `priority`: the first
 * image in view loads at once with high priority; every other waits until it nears the viewport.
 */
export function Picture({
  image,
  built,
  slot,
  priority,
  className,
}: {
  image: Image;
  built: BuiltImage;
  slot: ImageSlot;
  priority: boolean;
  className?: string;
}) {
  const { sizes } = IMAGE_SLOTS[slot];
  const largest = built.fallback.candidates[built.fallback.candidates.length - 1]!;
  return (
    <picture>
      {built.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={srcset(source.candidates)} sizes={sizes} />
      ))}
      <img
        src={largest.url}
        srcSet={srcset(built.fallback.candidates)}
        sizes={sizes}
        width={built.width}
        height={built.height}
        alt={image.decorative ? '' : image.alt}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
        className={className}
      />
    </picture>
  );
}

interface SectionImage {
  image: Image;
  built: BuiltImage;
  slot: ImageSlot;
  priority: boolean;
}

const SectionImageContext = createContext<SectionImage | undefined>(undefined);

/**
 * Hands a section's image to the figure its layout places (SectionShell and the sections with their own
 * shell), so no section component has to thread it through. `first`: the page's first section, whose image
 * is the first in view.
 */
export function SectionImageProvider({
  image,
  images,
  type,
  first,
  children,
}: {
  image?: Image;
  images?: BuiltImages;
  type: string;
  first: boolean;
  children: ReactNode;
}) {
  if (!image) return <>{children}</>;
  const built = images?.get(imageKey(image));
  // The build makes every image a page uses before rendering it; a render without them is a caller's mistake.
  if (!built) throw new Error(`image ${image.src} was not built before rendering`);
  return <SectionImageContext.Provider value={{ image, built, slot: sectionImageSlot(type), priority: first }}>{children}</SectionImageContext.Provider>;
}

/** The section's image under its content, as wide as its slot; nothing when the section has none. */
export function SectionFigure() {
  const value = useContext(SectionImageContext);
  if (!value) return null;
  return (
    <figure className={`mx-auto mt-12 ${value.slot === 'wide' ? 'max-w-5xl' : ''}`}>
      <Picture {...value} className="h-auto w-full rounded-card shadow-card ring-1 ring-slate-200" />
    </figure>
  );
}
