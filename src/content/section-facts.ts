import type { Image } from '../schema/image.ts';
import type { Page } from '../schema/page.ts';
import type { Publishing } from '../schema/publishing.ts';

/**
 * What a build reads of every page's sections before it renders any: the sections that have an image or a publishing
 * field (draft, publishAt, unpublishAt), by index, with their type (the image's slot). The content memo stores these
 * beside each page and its sections as unparsed JSON (content/stored-memo.ts), so a build that renders one page of
 * 10,000 parses the sections of that page only; publishing (content/publishing.ts) and images (assets/images.ts) read
 * these facts instead of the sections.
 */
export interface SectionFacts extends Publishing {
  index: number;
  type: string;
  image?: Image;
}

/** Facts of pages whose sections are not parsed yet (recalled from the stored memo), or already taken. */
const known = new WeakMap<Page, readonly SectionFacts[]>();
/** Sections not parsed yet, as the memo stored them: JSON text. */
const unparsed = new WeakMap<Page, Uint8Array>();

export function sectionFacts(page: Page): readonly SectionFacts[] {
  let facts = known.get(page);
  if (!facts) {
    facts = page.sections.flatMap(({ type, image, draft, publishAt, unpublishAt }, index) => {
      const publishing = {
        ...(draft !== undefined && { draft }),
        ...(publishAt !== undefined && { publishAt }),
        ...(unpublishAt !== undefined && { unpublishAt }),
      };
      return image || Object.keys(publishing).length ? [{ index, type, ...(image && { image }), ...publishing }] : [];
    });
    known.set(page, facts);
  }
  return facts;
}

/** Sections parsed (or set) on pages made by withSectionsLater. */
const parsed = new WeakMap<Page, unknown>();

/**
 * One getter and setter for every such page: an object's properties are defined in the same order with the same
 * accessor functions, so the pages share one hidden class. Redefining an existing property as an accessor (or the
 * accessor as a value once parsed) would turn each page into a dictionary-mode object, and every read of a page's
 * meta by the sitemap, head and social cards slow.
 */
function sectionsOf(this: Page): unknown {
  if (!parsed.has(this)) {
    const text = unparsed.get(this)!;
    parsed.set(this, JSON.parse(Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('utf8')));
    unparsed.delete(this);
  }
  return parsed.get(this);
}

function setSections(this: Page, sections: unknown): void {
  unparsed.delete(this);
  parsed.set(this, sections);
  // Sections set from outside are new sections: their facts are taken from them when asked for.
  known.delete(this);
}

/**
 * `shell` (a page as stored, its `sections` key in place, value null) as a page whose sections are parsed from `text`
 * when first read: the key keeps its place, so the page enumerates as a loaded one does.
 */
export function withSectionsLater(shell: Record<string, unknown>, text: Uint8Array, facts: readonly SectionFacts[]): Page {
  const page: Record<string, unknown> = {};
  for (const key of Object.keys(shell)) {
    if (key === 'sections') Object.defineProperty(page, key, { get: sectionsOf, set: setSections, enumerable: true, configurable: true });
    else page[key] = shell[key];
  }
  known.set(page as unknown as Page, facts);
  unparsed.set(page as unknown as Page, text);
  return page as unknown as Page;
}

/** The sections of a page as the memo stored them (JSON text) while they are not parsed, else undefined. */
export function unparsedSections(page: Page): Uint8Array | undefined {
  return unparsed.get(page);
}

/** The page with null for its sections, keys in their order, without parsing sections that are not parsed yet. */
export function pageShell(page: Page): Record<string, unknown> {
  const shell: Record<string, unknown> = {};
  for (const key of Object.keys(page)) shell[key] = key === 'sections' ? null : page[key as keyof Page];
  return shell;
}
