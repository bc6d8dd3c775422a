import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheKey, readJsonEntry, type BuildCache } from '../cache/build-cache.ts';
import type { PageEntry, SiteModel } from '../content/model.ts';
import { sectionFacts } from '../content/section-facts.ts';
import { locate, parseYaml } from '../content/yaml-source.ts';
import { SiteError } from '../errors/site-error.ts';
import type { Image } from '../schema/image.ts';
import { CANDIDATE_WIDTHS, IMAGE_SLOTS, imageKey, sectionImageSlot, type BuiltImage, type ImageCandidate, type ImageSlot } from '../render/image-layout.ts';

/**
 * Responsive images: each image the content uses, made into AVIF, WebP and a JPEG (PNG with transparency)
 * fallback at the candidate widths its slots need, with sharp (libvips). Results are kept in the build
 * cache under the source file's content hash and the settings, so a warm build reads bytes and encodes
 * nothing; sharp itself is imported only on a miss.
 */

/** Bumped when the encoder settings or the stored shape change: a new key, so old entries are never read. */
const FORMAT = 2;
const QUALITY = { avif: 55, webp: 76, jpeg: 78 } as const;
/** AVIF effort 2 of 9: measured on the fixture illustration, 4× faster than the default 4 for 9 % more bytes (cold builds and CI matter; warm ones encode nothing). */
const AVIF_EFFORT = 2;

/** One place an image is used: the page, the path of the image object in its document, and the slot it fills. */
export interface ImageUse {
  entry: PageEntry;
  path: (string | number)[];
  image: Image;
  slot: ImageSlot;
}

/** Every image of the site's pages, in page and section order. */
export function imageUses(model: SiteModel): ImageUse[] {
  return model.pages.flatMap((entry) =>
    sectionFacts(entry.page).flatMap((section) =>
      section.image ? [{ entry, path: ['sections', section.index, 'image'], image: section.image, slot: sectionImageSlot(section.type) }] : [],
    ),
  );
}

/** What the build made of one image, with what `site check` judges it by. */
export interface ImageReport {
  key: string;
  src: string;
  uses: ImageUse[];
  /** Pixel width of the source after any crop. */
  sourceWidth: number;
  /** The widest CSS width any use shows it at. */
  largestSlot: number;
  /** The heaviest candidate (any format, any width) and its size in bytes. */
  heaviest: { url: string; bytes: number };
}

export interface BuiltImageSet {
  images: Map<string, BuiltImage>;
  /** Every encoded file by URL (under /assets/images/, immutable by name). */
  files: Map<string, Uint8Array>;
  reports: ImageReport[];
  errors: SiteError[];
  /** How many images were encoded (cache misses) in this build. */
  encoded: number;
}

interface StoredImage {
  width: number;
  height: number;
  sourceWidth: number;
  files: { url: string; width: number; type: string; key: string }[];
}

type Sharp = typeof import('sharp').default;
let sharpModule: Promise<Sharp> | undefined;
const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default));

/** Makes every image the model's pages use, in the content folder `contentDir`; errors are located at the image's `src`. */
export async function buildImages(model: SiteModel, contentDir: string, cache: BuildCache): Promise<BuiltImageSet> {
  const uses = imageUses(model);
  const byKey = new Map<string, ImageUse[]>();
  for (const use of uses) {
    const key = imageKey(use.image);
    const list = byKey.get(key);
    if (list) list.push(use);
    else byKey.set(key, [use]);
  }
  const set: BuiltImageSet = { images: new Map(), files: new Map(), reports: [], errors: [], encoded: 0 };
  // One image at a time: libvips already uses every core for one encode, and the machine is shared.
  for (const [key, list] of byKey) {
    const first = list[0]!;
    const largestSlot = Math.max(...list.map((use) => IMAGE_SLOTS[use.slot].maxWidth));
    const bytes = await readFile(path.join(contentDir, first.image.src)).catch(() => undefined);
    if (!bytes) {
      set.errors.push(
        await imageError(
          contentDir,
          first,
          'image-missing',
          `image file '${first.image.src}' does not exist`,
          'the path is relative to the content folder, e.g. images/team.jpg; check its spelling and that the file is committed',
        ),
      );
      continue;
    }
    const made = await makeImage(first.image, bytes, largestSlot, cache).catch((error: Error) => error);
    if (made instanceof Error) {
      set.errors.push(
        await imageError(
          contentDir,
          first,
          'image-unreadable',
          `image file '${first.image.src}' could not be read as an image: ${made.message}`,
          `save it as one of PNG, JPEG, WebP or AVIF`,
        ),
      );
      continue;
    }
    if (made.encoded) set.encoded++;
    set.images.set(key, made.built);
    let heaviest = { url: '', bytes: -1 };
    for (const [url, data] of made.files) {
      set.files.set(url, data);
      if (data.byteLength > heaviest.bytes) heaviest = { url, bytes: data.byteLength };
    }
    set.reports.push({ key, src: first.image.src, uses: list, sourceWidth: made.sourceWidth, largestSlot, heaviest });
  }
  return set;
}

/** An image error at the `src` of its use in the page file (the file is parsed again only here, on the error path). */
async function imageError(contentDir: string, use: ImageUse, code: 'image-missing' | 'image-unreadable', message: string, hint: string): Promise<SiteError> {
  const text = await readFile(path.join(contentDir, use.entry.source), 'utf8').catch(() => '');
  const { source } = parseYaml(use.entry.source, text);
  return new SiteError({ code, message, location: source ? locate(source, [...use.path, 'src']) : { file: use.entry.source }, hint });
}

/** Widths to make: the candidates below the cap, and the cap itself (the source's width or twice the widest slot). */
export function candidateWidths(sourceWidth: number, largestSlot: number): number[] {
  const cap = Math.min(sourceWidth, 2 * largestSlot);
  return [...CANDIDATE_WIDTHS.filter((w) => w < cap), cap];
}

/** The crop an image asks for as a width/height ratio, or undefined for its own shape. */
function aspectRatio(image: Pick<Image, 'aspect'>): number | undefined {
  if (!image.aspect) return undefined;
  const [w, h] = image.aspect.split(':').map(Number) as [number, number];
  return w / h;
}

/** The crop rectangle of `aspect` (width/height) around the focus point (percent), kept inside the image. */
export function cropAround(
  width: number,
  height: number,
  aspect: number,
  focus: { x: number; y: number },
): { left: number; top: number; width: number; height: number } {
  const cropWidth = Math.min(width, Math.round(height * aspect));
  const cropHeight = Math.min(height, Math.round(cropWidth / aspect));
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));
  return {
    left: clamp((focus.x / 100) * width - cropWidth / 2, width - cropWidth),
    top: clamp((focus.y / 100) * height - cropHeight / 2, height - cropHeight),
    width: cropWidth,
    height: cropHeight,
  };
}

async function makeImage(
  image: Image,
  bytes: Uint8Array,
  largestSlot: number,
  cache: BuildCache,
): Promise<{ built: BuiltImage; files: Map<string, Uint8Array>; sourceWidth: number; encoded: boolean }> {
  const key = cacheKey('image', String(FORMAT), bytes, imageKey(image), String(largestSlot));
  const stored = await readStored(cache, key);
  if (stored) return { ...stored, encoded: false };
  const made = await encode(image, bytes, largestSlot, key);
  const record: StoredImage = { width: made.built.width, height: made.built.height, sourceWidth: made.sourceWidth, files: [] };
  await Promise.all(
    [...made.files].map(([url, data]) => {
      const fileKey = cacheKey(key, url);
      const type = [...made.built.sources, made.built.fallback].find((s) => s.candidates.some((c) => c.url === url))!.type;
      record.files.push({ url, width: widthOf(made.built, url), type, key: fileKey });
      return cache.write('image-file', fileKey, data);
    }),
  );
  await cache.write('image', key, JSON.stringify(record));
  return { ...made, encoded: true };
}

function widthOf(built: BuiltImage, url: string): number {
  return [...built.sources, built.fallback].flatMap((s) => s.candidates).find((c) => c.url === url)!.width;
}

/** A cached image: its record and every file it names, or undefined when any part is missing or corrupt. */
async function readStored(cache: BuildCache, key: string): Promise<{ built: BuiltImage; files: Map<string, Uint8Array>; sourceWidth: number } | undefined> {
  const record = (await readJsonEntry(cache, 'image', key)) as StoredImage | undefined;
  if (!record || !Array.isArray(record.files) || record.files.length === 0) return undefined;
  const files = new Map<string, Uint8Array>();
  for (const file of record.files) {
    const data = await cache.read('image-file', file.key);
    if (!data) return undefined;
    files.set(file.url, data);
  }
  const of = (type: string): ImageCandidate[] => record.files.filter((f) => f.type === type).map((f) => ({ url: f.url, width: f.width }));
  const fallbackType = record.files.some((f) => f.type === 'image/png') ? 'image/png' : 'image/jpeg';
  return {
    built: {
      width: record.width,
      height: record.height,
      sources: [
        { type: 'image/avif', candidates: of('image/avif') },
        { type: 'image/webp', candidates: of('image/webp') },
      ],
      fallback: { type: fallbackType, candidates: of(fallbackType) },
    },
    files,
    sourceWidth: record.sourceWidth,
  };
}

async function encode(
  image: Image,
  bytes: Uint8Array,
  largestSlot: number,
  key: string,
): Promise<{ built: BuiltImage; files: Map<string, Uint8Array>; sourceWidth: number }> {
  const sharp = await loadSharp();
  // `rotate()` applies the EXIF orientation first, so a phone photo is upright and its width is the one shown.
  const oriented = await sharp(bytes, { failOn: 'error' }).rotate().toBuffer({ resolveWithObject: true });
  let { width, height } = oriented.info;
  // An alpha channel that is opaque everywhere (common in exported screenshots) needs no PNG: JPEG is far smaller.
  const hasAlpha = (await sharp(oriented.data).metadata()).hasAlpha === true && !(await sharp(oriented.data).stats()).isOpaque;
  let base = oriented.data;
  const ratio = aspectRatio(image);
  if (ratio) {
    const crop = cropAround(width, height, ratio, image.focus ?? { x: 50, y: 50 });
    base = await sharp(base).extract(crop).toBuffer();
    ({ width, height } = crop);
  }
  const widths = candidateWidths(width, largestSlot);
  const stem = `${path.posix
    .basename(image.src)
    .replace(/\.[^.]+$/, '')
    .replace(/[^\w-]+/g, '-')
    .toLowerCase()}-${key.slice(0, 10)}`;
  const fallbackExt = hasAlpha ? 'png' : 'jpg';
  const files = new Map<string, Uint8Array>();
  const candidates: Record<'avif' | 'webp' | 'fallback', ImageCandidate[]> = { avif: [], webp: [], fallback: [] };
  for (const w of widths) {
    const resized = sharp(base).resize({ width: w, withoutEnlargement: true });
    const outputs = [
      ['avif', 'avif', resized.clone().avif({ quality: QUALITY.avif, effort: AVIF_EFFORT })],
      ['webp', 'webp', resized.clone().webp({ quality: QUALITY.webp, effort: 5 })],
      [
        'fallback',
        fallbackExt,
        hasAlpha ? resized.clone().png({ compressionLevel: 9, palette: true }) : resized.clone().jpeg({ quality: QUALITY.jpeg, mozjpeg: true }),
      ],
    ] as const;
    for (const [kind, ext, pipeline] of outputs) {
      const url = `/assets/images/${stem}-${w}.${ext}`;
      files.set(url, new Uint8Array(await pipeline.toBuffer()));
      candidates[kind].push({ url, width: w });
    }
  }
  const largest = widths[widths.length - 1]!;
  return {
    built: {
      width: largest,
      height: Math.round((height * largest) / width),
      sources: [
        { type: 'image/avif', candidates: candidates.avif },
        { type: 'image/webp', candidates: candidates.webp },
      ],
      fallback: { type: hasAlpha ? 'image/png' : 'image/jpeg', candidates: candidates.fallback },
    },
    files,
    sourceWidth: width,
  };
}

/**
 * What a page's HTML takes from its images, for the page cache key: the built candidates of each (their URLs
 * carry the source file's content hash, so a changed file changes the key) and its alt text is in the page already.
 */
export function pageImageInputs(entry: PageEntry, images: ReadonlyMap<string, BuiltImage>): string {
  const used = sectionFacts(entry.page).flatMap((section) => (section.image ? [images.get(imageKey(section.image)) ?? null] : []));
  return used.length ? JSON.stringify(used) : '';
}
