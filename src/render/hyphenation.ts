import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { remembered } from './text-memo.ts';

/**
 * Build-time hyphenation: long words in a page's text get soft hyphens (U+00AD) at the syllables the
 * TeX patterns of the page's language allow (the `hyphen` package: Liang's algorithm, patterns from CTAN).
 * `hyphens: auto` needs a dictionary in the visitor's browser, and Chromium on Linux often has none, so a
 * German compound such as "Besprechungsprotokoll" broke anywhere ("…protok / oll"); soft hyphens break it
 * at a syllable, with a visible hyphen, in every browser.
 */

/** Words shorter than this never need a break: the narrowest column (a phone's card) holds them whole. */
export const MIN_HYPHENATED_LETTERS = 12;
/**
 * Where a text stands decides how close to a word's ends it may break: running text keeps three letters on each
 * line ("Be-sprechungs…" reads badly); a heading or card title, read at a glance in large type, keeps five, so it never
 * ends a line on "Vertriebsleitfa-" with "den" below.
 */
export const EDGE_LETTERS = { body: 3, heading: 5 } as const;
export type TextPlace = keyof typeof EDGE_LETTERS;
const SOFT_HYPHEN = '\u00ad';

interface Hyphenator {
  hyphenateSync: (text: string, options?: { minWordLength?: number; hyphenChar?: string }) => string;
}

// The patterns are CommonJS files of up to 750 KB (German): loaded from node_modules on first use, per language,
// rather than bundled into the CLI, which most commands run without rendering a page.
const require = createRequire(import.meta.url);
/** The `hyphen` package's pattern file of each language (its `hyphen/<lang>` modules load these). */
const PATTERN_FILES: Record<string, string> = { de: 'de-1996', fr: 'fr', en: 'en-us', es: 'es' };
/** How each pattern file hands its literal to its module wrapper: `})(this, [ …literal… ]);`. */
const LITERAL_START = '})(this, ';

/**
 * The CLI bundle's folder (bin/.compiled/<bundle>/, made anew whenever the sources or the installed packages change),
 * where each language's patterns are kept as the JSON made from them: converting the German file's literal cost every
 * rendering thread ~70 ms of a cold build, parsing the JSON ~20 ms. Run from the sources (tests, tsx), nothing is kept.
 */
const MODULE_DIR = path.dirname(fileURLToPath(import.meta.url));
const BUNDLE_DIR = path.basename(path.dirname(MODULE_DIR)) === '.compiled' ? MODULE_DIR : undefined;

/**
 * A language's patterns read as data rather than run as a module: compiling and running the German file's 750 KB
 * literal cost each rendering thread about 0.24 CPU-s; the same literal made JSON parses in about a third of that
 * (docs/performance.md). Its keys are bare letters or quoted strings, its values numbers, arrays and objects, and it
 * has no spaces inside strings; a file of another shape is required as a module (tests/unit/render/hyphenation.test.ts
 * compares the two for every language).
 */
export function patternsOf(file: string, derivedDir: string | undefined = BUNDLE_DIR): unknown {
  const derived = derivedDir && path.join(derivedDir, `hyphen-${file}.json`);
  if (derived) {
    try {
      return JSON.parse(readFileSync(derived, 'utf8'));
    } catch {
      // Not made yet (or unreadable): made below.
    }
  }
  const resolved = require.resolve(`hyphen/patterns/${file}.js`);
  const text = readFileSync(resolved, 'utf8');
  const start = text.indexOf(LITERAL_START);
  const end = text.lastIndexOf(');');
  if (start < 0 || end < start) return require(resolved);
  const json = text
    .slice(start + LITERAL_START.length, end)
    .replace(/\n */g, '')
    .replace(/([{,] ?)([^\s"{}[\],:]+):/g, '$1"$2":')
    .replace(/,([}\]])/g, '$1');
  let patterns: unknown;
  try {
    patterns = JSON.parse(json);
  } catch {
    return require(resolved);
  }
  if (derived) keepDerived(derived, JSON.stringify(patterns));
  return patterns;
}

/**
 * The JSON written beside the bundle under a name of its own and renamed into place, so threads starting at once never
 * read half a file; a folder that cannot be written (a read-only install) only means the next process converts again.
 */
function keepDerived(file: string, json: string): void {
  const next = `${file}.${process.pid}-${threadId}`;
  try {
    writeFileSync(next, json);
    renameSync(next, file);
  } catch {
    rmSync(next, { force: true });
  }
}

function loadHyphenator(base: string): Hyphenator | undefined {
  const file = PATTERN_FILES[base];
  if (file === undefined) return undefined;
  const createHyphenator = require('hyphen/hyphen.js') as (patterns: unknown) => Hyphenator['hyphenateSync'];
  return { hyphenateSync: createHyphenator(patternsOf(file)) };
}

/**
 * A language's patterns, and the words and texts broken with them so far: a word is run through the patterns once a
 * process, and a text that many pages show (a header's, a footer's, a shared lead) is broken once.
 */
interface Language {
  hyphenator: Hyphenator;
  /** Where a compound's parts join, when the language marks it (JOINTS): a word with such a joint breaks only there. */
  joint?: RegExp;
  /** Words broken only where the list allows (EXCEPTIONS). */
  exceptions: readonly string[];
  words: Record<TextPlace, Map<string, string>>;
  texts: Record<TextPlace, Map<string, string>>;
}
const memos = () => ({ body: new Map<string, string>(), heading: new Map<string, string>() });
const loaded = new Map<string, Language | undefined>();
/** By the `lang` a page gives ("de", "en-GB"): asked for every text of every page. */
const byLang = new Map<string, Language | undefined>();
function languageFor(lang: string): Language | undefined {
  if (byLang.has(lang)) return byLang.get(lang);
  const base = lang.toLowerCase().split('-')[0] ?? '';
  if (!loaded.has(base)) {
    const hyphenator = loadHyphenator(base);
    loaded.set(base, hyphenator && { hyphenator, joint: JOINTS[base], exceptions: EXCEPTIONS[base] ?? [], words: memos(), texts: memos() });
  }
  const language = loaded.get(base);
  byLang.set(lang, language);
  return language;
}

const LONG_WORD = new RegExp(`\\p{L}[\\p{L}\\p{M}]{${MIN_HYPHENATED_LETTERS - 1},}`, 'gu');
/** Whether a text has a long word at all: most texts of a page (labels, short sentences) have none. */
const HAS_LONG_WORD = new RegExp(LONG_WORD.source, 'u');
/**
 * Whether a text has as many characters in a row without a space as a long word has letters: letters are never
 * spaces, so a text without such a run has no long word. Asked first, as it is several times cheaper than
 * HAS_LONG_WORD's Unicode classes and most runs of a page's text (labels, the spaces between tags) fail it.
 */
const HAS_LONG_RUN = new RegExp(`\\S{${MIN_HYPHENATED_LETTERS}}`);
/** A token that is an address, not prose: a URL, a domain, a path or an e-mail address. */
const ADDRESS = /[@/\\]|:\/\/|^www\.|\p{L}\.\p{L}/u;

/**
 * The word that ends a sentence at the end of a run of running text: it is never hyphenated, so a paragraph never ends
 * on half a word alone ("für mehr Chancen- / gleichheit."); the line breaks before it instead.
 */
const SENTENCE_END = /\p{L}[.!?…]["»”’)]*$/u;

/**
 * Where a German compound's parts join, as far as the letters tell, tested on "<left>|<next letter>": a break after a
 * consonant and an s. The patterns know syllables, not joints; German syllables end on consonant + s only before a t
 * ("Diens-te", "Fens-ter"), so elsewhere the s is a linking s ("Identifikations|nummer", "Unternehmens|beratungen") or
 * ends the first word ("Anschluss|kosten", "Rechts|grundlagen"). The patterns broke "Unterneh- / mensberatungen", which
 * a German reader reads as broken; a break at the joint reads as the two words it joins.
 */
const JOINTS: Record<string, RegExp> = { de: /(?:[bcdfghjkpqstvwxzß]s\||[lmnr]s\|[^t])/iu };
/**
 * A compound's part at least this long may break at its own syllables too, at least PART_EDGE letters from its ends:
 * "Durchschnitts|geschwindigkeit" fits the narrowest column whole, "Streitbeilegungs" hardly; nearer a joint a break
 * leaves a syllable alone beside it ("Auftragsver- / arbeitungs…"), which German typesetters avoid.
 */
const LONG_PART = 16;
const PART_EDGE = EDGE_LETTERS.heading;

/** The breaks a compound keeps: its joints, and syllables well inside its long parts. */
function compoundBreaks(word: string, breaks: readonly number[], joints: readonly number[]): number[] {
  const bounds = [0, ...joints, word.length];
  const kept: number[] = [];
  for (let i = 1; i < bounds.length; i++) {
    const [from, to] = [bounds[i - 1]!, bounds[i]!];
    if (to - from >= LONG_PART) kept.push(...breaks.filter((at) => at - from >= PART_EDGE && to - at >= PART_EDGE));
    if (i < bounds.length - 1) kept.push(to);
  }
  return kept;
}

/**
 * Words the patterns break where a reader misreads them, each with the only breaks it allows ("|"): the patterns give
 * "Datenschutzer-klärung", which reads as "Datenschützer". Matched inside longer words too ("Datenschutzerklärungen").
 */
const EXCEPTIONS: Record<string, readonly string[]> = { de: ['Daten|schutz|erklä|rung'] };

/** `breaks` (offsets into `word`) with those inside a listed word replaced by the breaks the list allows there. */
export function withExceptions(word: string, breaks: readonly number[], exceptions: readonly string[]): number[] {
  let out = [...breaks];
  const lower = word.toLowerCase();
  for (const exception of exceptions) {
    const pieces = exception.toLowerCase().split('|');
    const from = lower.indexOf(pieces.join(''));
    if (from < 0) continue;
    const to = from + pieces.join('').length;
    const allowed: number[] = [];
    let at = from;
    for (const piece of pieces.slice(0, -1)) allowed.push((at += piece.length));
    out = [...out.filter((b) => b <= from || b >= to), ...allowed].sort((a, b) => a - b);
  }
  return out;
}

/**
 * `word` with its soft hyphens, none closer than `edge` letters to either end; where `joint` finds a compound's joint
 * among the breaks, only the joints and the syllables well inside its long parts (compoundBreaks).
 */
function breakWord(word: string, hyphenator: Hyphenator, edge: number, joint?: RegExp, exceptions: readonly string[] = []): string {
  const parts = hyphenator.hyphenateSync(word, { minWordLength: MIN_HYPHENATED_LETTERS }).split(SOFT_HYPHEN);
  const syllables: number[] = [];
  let seen = 0;
  for (const part of parts.slice(0, -1)) syllables.push((seen += part.length));
  const breaks = withExceptions(word, syllables, exceptions).filter((at) => at >= edge && word.length - at >= edge);
  const joints = joint ? breaks.filter((at) => joint.test(`${word.slice(0, at)}|${word.charAt(at)}`)) : [];
  const kept = joints.length > 0 ? compoundBreaks(word, breaks, joints) : breaks;
  let out = '';
  let from = 0;
  for (const at of kept) {
    out += word.slice(from, at) + SOFT_HYPHEN;
    from = at;
  }
  return out + word.slice(from);
}

/**
 * A compound with its own hyphen ("Mandantenaufnahme-Bot") breaks at that hyphen, where a reader expects it: its parts
 * get soft hyphens only from this length, as no shorter part overflows the narrowest column ("Mandantenauf- / nahme-Bot"
 * read as three pieces at 360 px).
 */
const HYPHENATED_PART = 18;
const HAS_HYPHEN = /\p{L}-\p{L}/u;

/**
 * Plain text with soft hyphens in its long words, as `place` allows them (EDGE_LETTERS); addresses (URLs, e-mail),
 * words that already have them and the last word of running text that ends a sentence are left alone.
 */
export function hyphenateText(text: string, lang: string, place: TextPlace = 'body'): string {
  const language = languageFor(lang);
  // A text shorter than a long word (a label, the spaces between tags) is most of a page's runs: no regex need see it.
  if (!language || text.length < MIN_HYPHENATED_LETTERS || !HAS_LONG_RUN.test(text) || !HAS_LONG_WORD.test(text)) return text;
  const { hyphenator } = language;
  const words = language.words[place];
  const edge = EDGE_LETTERS[place];
  const broken = (word: string) => remembered(words, word, (w) => breakWord(w, hyphenator, edge, language.joint, language.exceptions));
  const brokenPart = (part: string) => (part.length >= HYPHENATED_PART ? broken(part) : part);
  return remembered(language.texts[place], text, (t) => {
    const end = t.trimEnd().length;
    return t.replace(/[^\s]+/g, (token, at: number) =>
      ADDRESS.test(token) || token.includes(SOFT_HYPHEN) || (place === 'body' && at + token.length === end && SENTENCE_END.test(token))
        ? token
        : token.replace(LONG_WORD, HAS_HYPHEN.test(token) ? brokenPart : broken),
    );
  });
}

/** Elements whose text is not prose to break: code, form values, and what is never shown as text. */
const SKIP = new Set(['script', 'style', 'code', 'pre', 'kbd', 'samp', 'textarea', 'title', 'option', 'svg', 'math']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** Headings and card titles (an `h1`–`h6`): their words break only well inside (EDGE_LETTERS.heading). */
const HEADING = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/**
 * An element styled `hyphens: none` (Tailwind's `hyphens-none`: a figure's label, a button, a drawing's label) never
 * breaks inside a word, so its text gets no soft hyphens: they would be bytes the browser ignores there.
 */
const UNBROKEN = /\sclass="[^"]*(?<![\w-])hyphens-none(?![\w-])/;

/**
 * Where a run of text stands: `code` (inside code, a script, an island or another element whose text is no prose to
 * break), `unbroken` (prose that never breaks inside a word), or the place whose rules its words break by.
 */
export type TextRun = TextPlace | 'unbroken' | 'code';

/** What `mapBodyText` hands its visitor: a tag or comment as written, or a run of text and where it stands. */
export interface BodyTextVisitor {
  /** A tag or comment; what it returns replaces it. `heading`: the tag opens or closes a heading (HEADING). */
  tag(token: string, heading?: 'opens' | 'closes'): string;
  /** A run of text and where it stands; what it returns replaces it. */
  text(token: string, run: TextRun): string;
}

/**
 * `html` (a page's body as React rendered it: attributes escaped, elements closed) with each tag and run of text
 * replaced by what `visit` makes of it, in one pass: the body's text passes (hyphens, claim links) share it.
 */
export function mapBodyText(html: string, visit: BodyTextVisitor): string {
  const open: string[] = [];
  // Depth in `open` at which the skipped, unbroken or heading element began (-1: not inside one).
  let skipFrom = -1;
  let unbrokenFrom = -1;
  let headingFrom = -1;
  const runHere = (): TextRun => (skipFrom >= 0 ? 'code' : unbrokenFrom >= 0 ? 'unbroken' : headingFrom >= 0 ? 'heading' : 'body');
  const tag = (token: string, closing: boolean, name: string, attrs: string): string => {
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
      if (skipFrom >= open.length) skipFrom = -1;
      if (unbrokenFrom >= open.length) unbrokenFrom = -1;
      const closes = headingFrom >= open.length;
      if (closes) headingFrom = -1;
      return visit.tag(token, closes ? 'closes' : undefined);
    }
    if (VOID.has(name) || attrs.trimEnd().endsWith('/')) return visit.tag(token);
    // The attribute names are looked for as plain text first: most tags have neither, and the regex's look-arounds cost.
    if (skipFrom < 0 && (SKIP.has(name) || attrs.includes(' data-island="'))) skipFrom = open.length;
    if (unbrokenFrom < 0 && attrs.includes('hyphens-none') && UNBROKEN.test(attrs)) unbrokenFrom = open.length;
    const opens = headingFrom < 0 && HEADING.has(name);
    if (opens) headingFrom = open.length;
    open.push(name);
    return visit.tag(token, opens ? 'opens' : undefined);
  };
  // Read by hand rather than by a regular expression's replace: a page's body is some thousand tokens, and each match
  // made an array and three captures that were garbage at once. The tokens are those of
  // /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)([^>]*)>|[^<]+/g; a `<` that starts none of them stays as it is.
  const out: string[] = [];
  let at = 0;
  while (at < html.length) {
    if (html.charCodeAt(at) !== LT) {
      const end = nextOr(html, '<', at, html.length);
      out.push(visit.text(html.slice(at, end), runHere()));
      at = end;
    } else if (html.startsWith('<!--', at) && html.indexOf('-->', at + 4) >= 0) {
      const end = html.indexOf('-->', at + 4) + 3;
      out.push(visit.tag(html.slice(at, end)));
      at = end;
    } else {
      const closing = html.charCodeAt(at + 1) === SLASH;
      const nameStart = at + (closing ? 2 : 1);
      let nameEnd = nameStart;
      if (isAsciiLetter(html.charCodeAt(nameStart))) while (isNameChar(html.charCodeAt(++nameEnd)));
      const end = nameEnd > nameStart ? html.indexOf('>', nameEnd) : -1;
      if (end < 0) {
        out.push('<');
        at += 1;
        continue;
      }
      out.push(tag(html.slice(at, end + 1), closing, html.slice(nameStart, nameEnd).toLowerCase(), html.slice(nameEnd, end)));
      at = end + 1;
    }
  }
  return out.join('');
}

const LT = 0x3c;
const SLASH = 0x2f;
const isAsciiLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
/** `[\w-]`: a letter, a digit, `_` or `-`. */
const isNameChar = (c: number) => isAsciiLetter(c) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d;
const nextOr = (text: string, search: string, from: number, otherwise: number) => {
  const at = text.indexOf(search, from);
  return at < 0 ? otherwise : at;
};

/** Hyphenates plain text in `lang` as its place allows, or leaves it as it is when the language has no patterns. */
export function textHyphenator(lang: string): (text: string, place: TextPlace) => string {
  return languageFor(lang) ? (text, place) => hyphenateText(text, lang, place) : (text) => text;
}

const asWritten = (token: string) => token;

/**
 * `html` (a page's body as React rendered it) with soft hyphens in the long words of its text. Attributes are never
 * touched (hrefs, alternatives and values stay as typed), nor code, nor an island's markup: the browser renders an
 * island again from its props when it wakes, and text that differed from the server's would be a hydration mismatch.
 */
export function hyphenateHtml(html: string, lang: string): string {
  if (!languageFor(lang)) return html;
  return mapBodyText(html, { tag: asWritten, text: (token, run) => (run === 'body' || run === 'heading' ? hyphenateText(token, lang, run) : token) });
}
