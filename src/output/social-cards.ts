import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheKey, type BuildCache } from '../cache/build-cache.ts';
import type { PageEntry, SiteView } from '../content/model.ts';
import { isIndexable } from '../content/routes.ts';
import { locate, parseYaml } from '../content/yaml-source.ts';
import { SiteError } from '../errors/site-error.ts';
import type { SocialImage } from '../render/context.ts';
import { shortDigest } from '../cache/digest.ts';
import type { CardText } from './social-card-render.ts';

/**
 * Per-page social cards (issue #20 item 2). Each indexable page gets its own 1200 × 630 Open Graph image, drawn
 * from its title and description in the brand's colours and font (social-card-render.ts), or the image its page
 * file names in `meta.socialImage`. The card's URL carries a hash of everything it is drawn from, so a page's
 * HTML (which names the URL) changes exactly when its card does: the page cache needs no other key part, and
 * platforms that cache images by URL fetch the new one. Drawn cards are kept in the build cache under the same
 * hash: a build draws only cards whose text changed.
 */

/** Bumped when the drawing changes (layout, colours, fonts): every card is drawn again. */
const CARD_DESIGN = '2';
/** Where cards are written; their names carry a hash of what they show, so hosts may cache them for good. */
export const CARD_DIR = '/social/';
const PNG = 'image/png';
const CARD = { width: 1200, height: 630 } as const;

export interface PlannedCard {
  /** What the head announces. */
  image: SocialImage;
  /** The bytes of the image: drawn (or read from the build cache), or the author's file. */
  bytes(cache: BuildCache): Promise<Uint8Array>;
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** `index.html` → `home`, `fr/education/index.html` → `fr-education`. */
function cardName(entry: PageEntry): string {
  const name = entry.file
    .replace(/(^|\/)index\.html$/, '')
    .replace(/\.html$/, '')
    .replace(/\//g, '-');
  return name || 'home';
}

export function cardText(model: SiteView, entry: PageEntry): CardText {
  return { brand: model.site.brand.name, title: entry.page.meta.title, description: entry.page.meta.description, host: hostOf(model.site.baseUrl) };
}

/**
 * The card of one page: no I/O unless the page names its own image. Undefined for pages that are not indexable
 * and, with `socialCards: shared` in site.yaml, for pages without an image of their own: they keep the shared image.
 */
export async function planCard(model: SiteView, entry: PageEntry): Promise<{ card?: PlannedCard; error?: SiteError }> {
  if (!isIndexable(entry.route, entry.page.meta.noindex)) return {};
  const own = entry.page.meta.socialImage;
  if (own) return ownImage(model, entry, own);
  if (model.site.socialCards === 'shared') return {};
  const text = cardText(model, entry);
  const key = cacheKey('social-card', CARD_DESIGN, JSON.stringify(text));
  const image: SocialImage = { path: `${CARD_DIR}${cardName(entry)}-${key.slice(0, 10)}.png`, ...CARD, type: PNG };
  return {
    card: {
      image,
      async bytes(cache) {
        const cached = await cache.read('social-card', key);
        if (cached) return cached;
        const { renderCard } = await import('./social-card-render.ts');
        const png = await renderCard(text, cache);
        await cache.write('social-card', key, png);
        return png;
      },
    },
  };
}

async function ownImage(model: SiteView, entry: PageEntry, own: { src: string; alt: string }): Promise<{ card?: PlannedCard; error?: SiteError }> {
  const where = async () => {
    const file = path.join(model.root, entry.source);
    const parsed = parseYaml(entry.source, await readFile(file, 'utf8').catch(() => ''));
    return parsed.source ? locate(parsed.source, ['meta', 'socialImage', 'src']) : { file: entry.source, path: 'meta.socialImage.src' };
  };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path.join(model.root, own.src)));
  } catch {
    return {
      error: new SiteError({
        code: 'social-image-missing',
        message: `the social image ${own.src} does not exist`,
        location: await where(),
        expected: 'a PNG or JPEG file, relative to the content folder',
        found: own.src,
        hint: `add the file at content/${own.src}, or remove meta.socialImage to use the card the build draws`,
      }),
    };
  }
  const size = imageSize(bytes);
  if (!size) {
    return {
      error: new SiteError({
        code: 'social-image-format',
        message: `the social image ${own.src} is not a PNG or JPEG file`,
        location: await where(),
        expected: 'PNG or JPEG data',
        found: `${bytes.byteLength} bytes of something else`,
        hint: 'export the image as PNG or JPEG (1200 × 630 px)',
      }),
    };
  }
  const ext = size.type === PNG ? 'png' : 'jpg';
  return {
    card: {
      image: {
        path: `${CARD_DIR}${cardName(entry)}-${shortDigest(bytes).slice(0, 10)}.${ext}`,
        width: size.width,
        height: size.height,
        type: size.type,
        alt: own.alt,
      },
      bytes: async () => bytes,
    },
  };
}

/** Width and height from a PNG's IHDR or a JPEG's start-of-frame marker; undefined for anything else. */
export function imageSize(bytes: Uint8Array): { width: number; height: number; type: string } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(4) === 0x0d0a1a0a)
    return { width: view.getUint32(16), height: view.getUint32(20), type: PNG };
  if (bytes.byteLength < 4 || view.getUint16(0) !== 0xffd8) return undefined;
  for (let at = 2; at + 9 < bytes.byteLength;) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    const length = view.getUint16(at + 2);
    // SOF0–SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { width: view.getUint16(at + 7), height: view.getUint16(at + 5), type: 'image/jpeg' };
    at += 2 + length;
  }
  return undefined;
}
