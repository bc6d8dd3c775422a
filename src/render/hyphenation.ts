import { createRequire } from 'node:module';

/**
 * Build-time hyphenation: long words in a page's text get soft hyphens (U+00AD) at the syllables the
 * TeX patterns of the page's language allow (the `hyphen` package: Liang's algorithm, patterns from CTAN).
 * `hyphens: auto` needs a dictionary in the visitor's browser, and Chromium on Linux often has none, so a
 * German compound such as "Besprechungsprotokoll" broke anywhere ("…protok / oll"); soft hyphens break it
 * at a syllable, with a visible hyphen, in every browser.
 */

/** Words shorter than this never need a break: the narrowest column (a phone's card) holds them whole. */
export const MIN_HYPHENATED_LETTERS = 12;
/** A break leaves at least this many letters on each line ("Be-sprechungs…" reads badly). */
const EDGE_LETTERS = 3;
const SOFT_HYPHEN = '\u00ad';

interface Hyphenator {
  hyphenateSync: (text: string, options?: { minWordLength?: number; hyphenChar?: string }) => string;
}

// The patterns are CommonJS files of up to 750 KB (German): loaded from node_modules on first use, per language,
// rather than bundled into the CLI, which most commands run without rendering a page.
const require = createRequire(import.meta.url);
const LOADERS: Record<string, () => Hyphenator> = {
  de: () => require('hyphen/de') as Hyphenator,
  fr: () => require('hyphen/fr') as Hyphenator,
  en: () => require('hyphen/en') as Hyphenator,
  es: () => require('hyphen/es') as Hyphenator,
};
/**
 * A language's patterns, and the words and texts broken with them so far: a word is run through the patterns once a
 * process, and a text that many pages show (a header's, a footer's, a shared lead) is broken once.
 */
interface Language {
  hyphenator: Hyphenator;
  words: Map<string, string>;
  texts: Map<string, string>;
}
const loaded = new Map<string, Language | undefined>();
/** By the `lang` a page gives ("de", "en-GB"): asked for every text of every page. */
const byLang = new Map<string, Language | undefined>();
/**
 * Words and texts remembered per language before a memo starts afresh: a site's vocabulary of long words is a few
 * thousand; this bounds the texts of a 10,000-page build and a long-running `site dev` fed ever new words.
 */
const MEMO_SIZE = 20_000;

function remembered(memo: Map<string, string>, key: string, make: (key: string) => string): string {
  let out = memo.get(key);
  if (out === undefined) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(key, (out = make(key)));
  }
  return out;
}

function languageFor(lang: string): Language | undefined {
  if (byLang.has(lang)) return byLang.get(lang);
  const base = lang.toLowerCase().split('-')[0] ?? '';
  if (!loaded.has(base)) {
    const hyphenator = LOADERS[base]?.();
    loaded.set(base, hyphenator && { hyphenator, words: new Map(), texts: new Map() });
  }
  const language = loaded.get(base);
  byLang.set(lang, language);
  return language;
}

const LONG_WORD = new RegExp(`\\p{L}[\\p{L}\\p{M}]{${MIN_HYPHENATED_LETTERS - 1},}`, 'gu');
/** Whether a text has a long word at all: most texts of a page (labels, short sentences) have none. */
const HAS_LONG_WORD = new RegExp(LONG_WORD.source, 'u');
/** A token that is an address, not prose: a URL, a domain, a path or an e-mail address. */
const ADDRESS = /[@/\\]|:\/\/|^www\.|\p{L}\.\p{L}/u;

/** `word` with its soft hyphens, none closer than EDGE_LETTERS to either end. */
function breakWord(word: string, hyphenator: Hyphenator): string {
  const parts = hyphenator.hyphenateSync(word, { minWordLength: MIN_HYPHENATED_LETTERS }).split(SOFT_HYPHEN);
  let out = '';
  let seen = 0;
  for (const [i, part] of parts.entries()) {
    seen += part.length;
    out += part;
    if (i < parts.length - 1 && seen >= EDGE_LETTERS && word.length - seen >= EDGE_LETTERS) out += SOFT_HYPHEN;
  }
  return out;
}

/** Plain text with soft hyphens in its long words; addresses (URLs, e-mail) and words that already have them are left alone. */
export function hyphenateText(text: string, lang: string): string {
  const language = languageFor(lang);
  if (!language || !HAS_LONG_WORD.test(text)) return text;
  const { hyphenator, words, texts } = language;
  const broken = (word: string) => remembered(words, word, (w) => breakWord(w, hyphenator));
  return remembered(texts, text, (t) =>
    t.replace(/[^\s]+/g, (token) => (ADDRESS.test(token) || token.includes(SOFT_HYPHEN) ? token : token.replace(LONG_WORD, broken))),
  );
}

/** Elements whose text is not prose to break: code, form values, and what is never shown as text. */
const SKIP = new Set(['script', 'style', 'code', 'pre', 'kbd', 'samp', 'textarea', 'title', 'option', 'svg', 'math']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** What `mapBodyText` hands its visitor: a tag or comment as written, or a run of text and whether it is prose. */
export interface BodyTextVisitor {
  /** A tag or comment; what it returns replaces it. */
  tag(token: string): string;
  /** A run of text; `prose`: not inside code, a script, an island or another element whose text is no prose to break. */
  text(token: string, prose: boolean): string;
}

/**
 * `html` (a page's body as React rendered it: attributes escaped, elements closed) with each tag and run of text
 * replaced by what `visit` makes of it, in one pass: the body's text passes (hyphens, claim links) share it.
 */
export function mapBodyText(html: string, visit: BodyTextVisitor): string {
  const open: string[] = [];
  // Depth in `open` at which the skipped element began (-1: not skipping).
  let skipFrom = -1;
  return html.replace(
    /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)([^>]*)>|[^<]+/g,
    (token, closing: string | undefined, tag: string | undefined, attrs: string | undefined) => {
      if (tag === undefined) return token.startsWith('<!--') ? visit.tag(token) : visit.text(token, skipFrom < 0);
      const name = tag.toLowerCase();
      if (closing) {
        const at = open.lastIndexOf(name);
        if (at >= 0) open.length = at;
        if (skipFrom >= open.length) skipFrom = -1;
        return visit.tag(token);
      }
      if (VOID.has(name) || attrs?.trimEnd().endsWith('/')) return visit.tag(token);
      if (skipFrom < 0 && (SKIP.has(name) || / data-island="/.test(attrs ?? ''))) skipFrom = open.length;
      open.push(name);
      return visit.tag(token);
    },
  );
}

/** Hyphenates plain text in `lang`, or leaves it as it is when the language has no patterns. */
export function textHyphenator(lang: string): (text: string) => string {
  return languageFor(lang) ? (text) => hyphenateText(text, lang) : (text) => text;
}

const asWritten = (token: string) => token;

/**
 * `html` (a page's body as React rendered it) with soft hyphens in the long words of its text. Attributes are never
 * touched (hrefs, alternatives and values stay as typed), nor code, nor an island's markup: the browser renders an
 * island again from its props when it wakes, and text that differed from the server's would be a hydration mismatch.
 */
export function hyphenateHtml(html: string, lang: string): string {
  if (!languageFor(lang)) return html;
  return mapBodyText(html, { tag: asWritten, text: (token, prose) => (prose ? hyphenateText(token, lang) : token) });
}
