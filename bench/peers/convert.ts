/**
 * Converts the synthetic pages, as `site build` wrote them, into neutral data every peer renders with its own
 * templates: per page the texts of its head and sections, per locale the theme's fixed header and footer markup
 * (a theme's partials with their translated strings), per site the head boilerplate. The peers then do the same
 * page-specific work we do: head, hreflang, both language switchers and the language menu, the four section types
 * and the folded notes, one file per page. Texts shown on the page are kept as the HTML we wrote (our typography
 * adds no-wrap spans and footnote links), as a peer's Markdown would hand its templates HTML.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const LOCALES = ['de', 'fr', 'en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

/** Texts named `…Html` are markup, rendered unescaped; the others are plain text, escaped by each peer. */
export interface Action {
  labelHtml: string;
  href: string;
}
export type Section =
  | { type: 'hero'; titleHtml: string; leadHtml: string; actions: Action[] }
  | { type: 'features'; titleHtml: string; items: { icon: string; titleHtml: string; textHtml: string }[] }
  | { type: 'faq'; titleHtml: string; items: { questionHtml: string; answerHtml: string }[] }
  | { type: 'cta'; titleHtml: string; actions: Action[] };

export interface PeerPage {
  lang: Locale;
  /** The family's slug, '' for the home page: the translation key. */
  slug: string;
  title: string;
  description: string;
  keywords: string;
  sections: Section[];
  /** The claim notes; `back` is the label of the link from a note's number back to the text. */
  notes: { id: string; mark: string; key: string; back: string; textHtml: string }[];
}

export interface Theme {
  /** Head markup the same on every page: security policy, viewport, social image, icons, styles, consent script. */
  headTop: string;
  socialImage: Record<Locale, string>;
  twitterImage: Record<Locale, string>;
  headEnd: string;
  ogLocale: Record<Locale, string>;
  languageName: Record<Locale, string>;
  /**
   * Per locale: the header up to its language list, from there to the language menu's list (the menu's button names
   * the current language), and after it; the footer around its language list (with the consent banner).
   */
  headerStart: Record<Locale, string>;
  menuStart: Record<Locale, string>;
  headerEnd: Record<Locale, string>;
  footerStart: Record<Locale, string>;
  footerEnd: Record<Locale, string>;
  notesTitle: Record<Locale, string>;
  /** Feature icons by name, as the SVG markup we write. */
  icons: Record<string, string>;
}

export const pagePath = (lang: Locale, slug: string): string => (lang === 'de' ? `/${slug}` : slug ? `/${lang}/${slug}` : `/${lang}`);
export const pageFile = (lang: Locale, slug: string): string => path.join(lang === 'de' ? '' : lang, slug, 'index.html');

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
/** Text as written, for peers that escape it themselves. */
const text = (html: string): string => html.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e] ?? e);
function match(html: string, re: RegExp, what: string): string {
  const m = re.exec(html);
  if (!m?.[1] && m?.[1] !== '') throw new Error(`convert: no ${what} in page`);
  return m[1];
}
const one = (html: string, re: RegExp, what: string): string => text(match(html, re, what));
const all = (html: string, re: RegExp): RegExpExecArray[] => [...html.matchAll(re)];
const between = (html: string, start: string, end: string): string => {
  const i = html.indexOf(start);
  const j = html.indexOf(end, i + start.length);
  if (i < 0 || j < 0) throw new Error(`convert: no ${start}…${end} in page`);
  return html.slice(i + start.length, j);
};

function sections(main: string): Section[] {
  const hero = between(main, '<section aria-labelledby="hero-0-title"', '</section>');
  const features = between(main, '<section id="features"', '</section>');
  const faq = between(main, '<section id="faq"', '</section>');
  const cta = between(main, '<section aria-labelledby="cta-3-title"', '</section>');
  const actions = (html: string) => all(html, /<a href="([^"]*)" class="[^"]*">([\s\S]*?)<\/a>/g).map((m) => ({ href: m[1] ?? '', labelHtml: m[2] ?? '' }));
  return [
    {
      type: 'hero',
      titleHtml: match(hero, /<h1[^>]*>([\s\S]*?)<\/h1>/, 'hero title'),
      leadHtml: match(hero, /<p data-hero-lead=""[^>]*>([\s\S]*?)<\/p>/, 'hero lead'),
      actions: actions(hero.slice(hero.indexOf('data-hero-actions'))),
    },
    {
      type: 'features',
      titleHtml: match(features, /<h2[^>]*>([\s\S]*?)<\/h2>/, 'features title'),
      items: all(features, /lucide-([a-z-]+) size-6[\s\S]*?<h3[^>]*>([\s\S]*?)<\/h3><\/div><p class="mt-2\s+text-slate-600">([\s\S]*?)<\/p><\/li>/g).map(
        (m) => ({
          icon: m[1] ?? '',
          titleHtml: m[2] ?? '',
          textHtml: m[3] ?? '',
        }),
      ),
    },
    {
      type: 'faq',
      titleHtml: match(faq, /<h2[^>]*>([\s\S]*?)<\/h2>/, 'faq title'),
      items: all(
        faq,
        /<summary[^>]*>([\s\S]*?)<svg aria-hidden="true" viewBox="0 0 20 20"[\s\S]*?<div class="space-y-4[^"]*">([\s\S]*?)<\/div><\/details>/g,
      ).map((m) => ({
        questionHtml: m[1] ?? '',
        answerHtml: m[2] ?? '',
      })),
    },
    { type: 'cta', titleHtml: match(cta, /<h2[^>]*>([\s\S]*?)<\/h2>/, 'cta title'), actions: actions(cta) },
  ];
}

export function readPage(html: string, lang: Locale, slug: string): PeerPage {
  // A page that opens with a hero pulls its main up under the sticky header (`-mt-16`).
  const opening = /<main id="main" tabindex="-1" class="outline-none[^"]*">/.exec(html)?.[0] ?? '<main id="main"';
  const main = between(html, opening, '</main>');
  // A note's number links back to the text (render/sections/ClaimNotes.tsx).
  const notes = all(
    main,
    /<li id="([^"]+)" value="\d+" data-claim-note="([^"]+)" class="flex gap-2"><span class="[^"]*"><a href="#ref-\d+" id="note-\d+" aria-label="([^"]*)" class="[^"]*">([^<]*)<\/a><\/span><span>([\s\S]*?)<\/span><\/li>/g,
  );
  return {
    lang,
    slug,
    title: one(html, /<title>([^<]*)<\/title>/, 'title'),
    description: one(html, /<meta name="description" content="([^"]*)">/, 'description'),
    keywords: one(html, /<meta name="keywords" content="([^"]*)">/, 'keywords'),
    sections: sections(main),
    notes: notes.map((m) => ({ id: m[1] ?? '', key: m[2] ?? '', back: text(m[3] ?? ''), mark: m[4] ?? '', textHtml: m[5] ?? '' })),
  };
}

function localeParts(html: string) {
  const header = between(html, '<body class="bg-white font-sans text-slate-800 antialiased">', '</header>');
  const footer = html.slice(html.indexOf('<footer'), html.indexOf('</body>'));
  // The language lists, by their classes: their label is translated.
  const list = /<ul aria-label="[^"]*" class="flex items-center (?:gap-0\.5 hidden|flex-wrap)/;
  const menuList = /<ul aria-label="[^"]*" class="absolute top-full/;
  const listEnd = '</ul>';
  const fStart = footer.search(list);
  const fListEnd = footer.indexOf(listEnd, fStart);
  const hStart = header.search(list);
  const mStart = header.search(menuList);
  if (fStart < 0 || hStart < 0 || mStart < 0) throw new Error('convert: no language list in header, language menu or footer');
  return {
    headerStart: header.slice(0, header.indexOf('>', hStart) + 1),
    menuStart: header.slice(header.indexOf(listEnd, hStart), header.indexOf('>', mStart) + 1),
    headerEnd: header.slice(header.indexOf(listEnd, mStart)) + '</header>',
    footerStart: footer.slice(0, footer.indexOf('>', fStart) + 1),
    footerEnd: footer.slice(fListEnd),
    notesTitle: one(html, /<h2 id="claim-notes-title"[^>]*>([^<]*)</, 'notes title'),
    ogLocale: one(html, /<meta property="og:locale" content="([^"]*)">/, 'og:locale'),
    languageName: one(html, /aria-current="page" class="[^"]*text-white">([^<]*)</, 'language name'),
  };
}

/** Reads our build of family 1 (every locale) for the theme, and every page's texts. */
export async function convert(out: string, pages: number): Promise<{ theme: Theme; pages: PeerPage[] }> {
  const result: PeerPage[] = [];
  const theme = {
    headerStart: {},
    menuStart: {},
    headerEnd: {},
    footerStart: {},
    footerEnd: {},
    notesTitle: {},
    ogLocale: {},
    languageName: {},
    icons: {},
    socialImage: {},
    twitterImage: {},
  } as Theme;
  for (let i = 0; i < pages; i++) {
    const family = Math.floor(i / LOCALES.length);
    const lang = LOCALES[i % LOCALES.length] as Locale;
    const slug = family === 0 ? '' : `thema-${family}`;
    const html = await readFile(path.join(out, pageFile(lang, slug)), 'utf8');
    const page = readPage(html, lang, slug);
    result.push(page);
    // Family 1 is a topic page, like all but the first four: its header and footer are the theme's.
    if (family === 1) {
      const parts = localeParts(html);
      theme.headerStart[lang] = parts.headerStart;
      theme.menuStart[lang] = parts.menuStart;
      theme.headerEnd[lang] = parts.headerEnd;
      theme.footerStart[lang] = parts.footerStart;
      theme.footerEnd[lang] = parts.footerEnd;
      theme.notesTitle[lang] = parts.notesTitle;
      theme.ogLocale[lang] = parts.ogLocale;
      theme.languageName[lang] = parts.languageName;
      theme.headTop = between(html, '<head>', '<title>');
      theme.socialImage[lang] = between(html, '<meta property="og:locale" content="' + parts.ogLocale + '">', '<meta property="og:locale:alternate"');
      theme.twitterImage[lang] = between(
        html,
        '<meta name="twitter:description" content="' + page.description.replace(/"/g, '&quot;') + '">',
        '<meta name="theme-color"',
      );
      theme.headEnd = html.slice(html.indexOf('<meta name="theme-color"'), html.indexOf('</head>'));
    }
    if (Object.keys(theme.icons).length < 8) {
      for (const m of all(html, /(<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*lucide-([a-z-]+) size-6[\s\S]*?<\/svg>)/g))
        theme.icons[m[2] ?? ''] = m[1] ?? '';
    }
  }
  return { theme, pages: result };
}
