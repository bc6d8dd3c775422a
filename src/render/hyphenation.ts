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
const loaded = new Map<string, Hyphenator | undefined>();

function hyphenatorFor(lang: string): Hyphenator | undefined {
  const base = lang.toLowerCase().split('-')[0] ?? '';
  if (!loaded.has(base)) loaded.set(base, LOADERS[base]?.());
  return loaded.get(base);
}

const LONG_WORD = new RegExp(`\\p{L}[\\p{L}\\p{M}]{${MIN_HYPHENATED_LETTERS - 1},}`, 'gu');
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
  const hyphenator = hyphenatorFor(lang);
  if (!hyphenator) return text;
  return text.replace(/[^\s]+/g, (token) =>
    ADDRESS.test(token) || token.includes(SOFT_HYPHEN) ? token : token.replace(LONG_WORD, (word) => breakWord(word, hyphenator)),
  );
}

/** Elements whose text is not prose to break: code, form values, and what is never shown as text. */
const SKIP = new Set(['script', 'style', 'code', 'pre', 'kbd', 'samp', 'textarea', 'title', 'option', 'svg', 'math']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * `html` (a page's body as React rendered it: attributes escaped, elements closed) with soft hyphens in
 * the long words of its text. Attributes are never touched (hrefs, alternatives and values stay as typed),
 * nor code, nor an island's markup: the browser renders an island again from its props when it wakes,
 * and text that differed from the server's would be a hydration mismatch.
 */
export function hyphenateHtml(html: string, lang: string): string {
  if (!hyphenatorFor(lang)) return html;
  const open: string[] = [];
  // Depth in `open` at which the skipped element began (-1: not skipping).
  let skipFrom = -1;
  return html.replace(
    /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)([^>]*)>|[^<]+/g,
    (token, closing: string | undefined, tag: string | undefined, attrs: string | undefined) => {
      if (tag === undefined) return skipFrom >= 0 || token.startsWith('<!--') ? token : hyphenateText(token, lang);
      const name = tag.toLowerCase();
      if (closing) {
        const at = open.lastIndexOf(name);
        if (at >= 0) open.length = at;
        if (skipFrom >= open.length) skipFrom = -1;
        return token;
      }
      if (VOID.has(name) || attrs?.trimEnd().endsWith('/')) return token;
      if (skipFrom < 0 && (SKIP.has(name) || / data-island="/.test(attrs ?? ''))) skipFrom = open.length;
      open.push(name);
      return token;
    },
  );
}
