import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { parse } from 'yaml';
import { loadContent } from '../../../src/content/load.ts';
import type { PageEntry, SiteModel } from '../../../src/content/model.ts';
import type { LocaleStrings } from '../../../src/schema/locale.ts';
import type { HeaderItem } from '../../../src/schema/navigation.ts';

/** The figures and company details of content/site.yaml, so tests compare against the source, not copies. */
export const site = parse(readFileSync(path.resolve('content/site.yaml'), 'utf8'), {
  customTags: [{ tag: '!placeholder', resolve: (value: string) => value }],
}) as {
  email: string;
  company: Record<string, string | number>;
  constants: {
    chatbot: Record<'standard' | 'intake' | 'setup', Record<'months12' | 'months6' | 'months1', number>> & {
      smallSolution: { price: number; setup: number; staff: number; chats: number };
      booking: number;
    };
    terms: Record<string, number | string>;
    cookies: { consentName: string; consentMaxAgeSeconds: number; sidebarStateName: string; sidebarStateDays: number };
    comparison: Record<string, { price: number }>;
    savings: Record<string, { percent: number; plan: string; against: string[] }>;
    plans: Record<string, { price: number }>;
    privacy: { contactRetentionMonths: number };
  };
};

/** German euro format as the pages print it (no-break space before €). */
export function euro(value: number): string {
  return new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: Number.isInteger(value) ? 0 : 2 }).format(value);
}

/**
 * Titles of the page's top-level sections as shown at the page's width, in document order, without the claim notes'
 * reference marks (the footnote links after a registered figure, render/claim-notes.ts): the words are content's.
 */
export async function sectionTitles(page: Page): Promise<string[]> {
  return page.locator('main > section').evaluateAll((sections) =>
    sections.map((s) => {
      const id = s.getAttribute('aria-labelledby');
      const heading = id ? document.getElementById(id) : s.querySelector('h1, h2');
      const copy = heading?.cloneNode(true) as HTMLElement | undefined;
      // What the reader does not see at this width (the folded notes' count, shown on phones only) is not the title.
      const clones = copy?.querySelectorAll('*');
      heading?.querySelectorAll('*').forEach((el, i) => {
        if (!el.checkVisibility()) clones?.[i]?.remove();
      });
      copy?.querySelectorAll('sup[data-claim-ref]').forEach((mark) => mark.remove());
      return copy?.textContent?.trim() ?? '';
    }),
  );
}

/** Pages in a fresh context show the cookie banner; tests that are not about it accept it up front. */
export async function acceptCookies(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([{ name: site.constants.cookies.consentName, value: 'accepted', url: baseURL ?? 'http://127.0.0.1' }]);
}

let realSite: Promise<SiteModel> | undefined;
/**
 * The real site as the build loads it (references resolved, before typography): specs of the real pages read
 * the copy they look for from here instead of typing it, so rewriting copy breaks no test. Only SPEC's quoted
 * strings are typed in specs.
 */
export function siteModel(): Promise<SiteModel> {
  realSite ??= loadContent(path.resolve('content')).then((loaded) => {
    if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
    return loaded.value;
  });
  return realSite;
}

/** The page at `route` and its sections, as loaded from content. */
export async function pageAt(route: string): Promise<PageEntry> {
  const entry = (await siteModel()).pages.find((p) => p.route === route);
  if (!entry) throw new Error(`no page at ${route}`);
  return entry;
}

/**
 * Text as a visitor reads it, to compare with content: no-break spaces as spaces, no word joiners, no soft
 * hyphens (the build's hyphenation: invisible unless a line breaks there), plain apostrophes.
 */
export function asRead(text: string): string {
  return text
    .replace(/[\u2060\u00ad]/g, '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/’/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** `text` as a regular expression matching it exactly as a visitor reads it (typography's spaces allowed). */
export function readAs(text: string): RegExp {
  return new RegExp(`^${readable(text)}$`);
}

/**
 * `text` (a content string: inline **bold** and [links](…) allowed) as a regular expression that finds it, as a
 * visitor reads it, inside a longer text such as a legal part or an FAQ answer.
 */
export function readWithin(text: string): RegExp {
  return new RegExp(readable(text.replace(/\*\*(.+?)\*\*/g, '$1').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')));
}

function readable(text: string): string {
  // Typography's no-break spaces, typographic apostrophes, and the word joiner after a dash between figures.
  return (
    asRead(text)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/ /g, '[\\s\\u202f]+')
      .replace(/'/g, "['’]")
      .replace(/–/g, '–\\u2060?')
      // A short French compound's hyphen is a non-breaking one; a suspended hyphen carries a word joiner.
      .replace(/-/g, '[-\\u2011]\\u2060?')
      // The build puts soft hyphens into long words (render/hyphenation.ts): one may sit between any two letters.
      .replace(/(\p{L})(?=\p{L})/gu, '$1\\u00ad?')
  );
}

/** Where a value sits in a page file: keys and list positions, e.g. ['sections', 0, 'parts', 3]. */
export type ContentPath = (string | number)[];

/**
 * The strings of the page at `route` whose text in its file mentions `needle` (a reference such as
 * `{{terms.noticeDays`), as the build loaded them: specs find the copy that states a SPEC figure by the
 * reference that prints it, whatever the words around it say.
 */
export async function mentioning(route: string, needle: string): Promise<{ path: ContentPath; text: string }[]> {
  const entry = await pageAt(route);
  const written = parse(readFileSync(path.resolve(`content/pages/${entry.family}/${entry.locale}.yaml`), 'utf8'), { customTags: TAGS }) as unknown;
  const found: { path: ContentPath; text: string }[] = [];
  const walk = (source: unknown, loaded: unknown, at: ContentPath): void => {
    if (typeof source === 'string') {
      if (source.includes(needle) && typeof loaded === 'string') found.push({ path: at, text: loaded });
    } else if (source && typeof source === 'object') {
      for (const [key, value] of Object.entries(source))
        walk(value, (loaded as Record<string, unknown> | undefined)?.[key], [...at, Array.isArray(source) ? Number(key) : key]);
    }
  };
  walk(written, entry.page, []);
  return found;
}

/** The value at `at` of the page at `route`, as loaded (a section, a legal part, an FAQ entry). */
export async function valueAt(route: string, at: ContentPath): Promise<unknown> {
  return at.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], (await pageAt(route)).page);
}

/** Every string inside a content value, in document order: the texts a part or an entry shows. */
export function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

/** The labels of the header of the page at `route`, by what each entry of its menu does (locales/<lang>.yaml header.menus). */
export interface HeaderLabels {
  navLabel: string;
  products: string;
  pricing: string;
  about: string;
  contact: string;
  start: string;
  learningModes: string;
  back: string;
}

export async function headerLabels(route: string): Promise<HeaderLabels> {
  const entry = await pageAt(route);
  const model = await siteModel();
  const { navLabel, menus } = model.locales[entry.locale]!.header;
  const items = menus[entry.page.header] ?? [];
  // Read only when a test asks: a business bar has no learning-modes entry, and asking for one is a test's mistake.
  const find = (role: string, test: (item: HeaderItem) => boolean) => () => {
    const item = items.find(test);
    if (!item) throw new Error(`${route}: its header (${entry.page.header}) has no ${role} entry`);
    return item.label;
  };
  const roles = {
    products: find('products', (i) => i.href === `#${model.site.anchors.overview}`),
    pricing: find('pricing', (i) => i.href === '#pricing'),
    about: find('about', (i) => i.href === '#about'),
    contact: find('contact', (i) => i.href === '#contact' && i.style !== 'primary'),
    start: find('start', (i) => i.style === 'primary'),
    learningModes: find('learning modes', (i) => i.href === '#learning-modes'),
    back: find('back', (i) => i.style === 'back'),
  };
  const labels = { navLabel } as HeaderLabels;
  for (const [role, read] of Object.entries(roles)) Object.defineProperty(labels, role, { get: read, enumerable: false });
  return labels;
}

const TAGS = ['!placeholder', '!verbatim'].map((tag) => ({ tag, resolve: (value: string) => value }));

/**
 * A locale file's UI strings as written (references unresolved, no typography), read synchronously: the labels
 * specs find buttons and dialogs by. Use siteModel() for text that holds {{references}}.
 */
export function localeFile(code: string): LocaleStrings {
  return parse(readFileSync(path.resolve(`content/locales/${code}.yaml`), 'utf8'), { customTags: TAGS }) as LocaleStrings;
}
