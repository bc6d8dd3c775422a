import { formatEuro, formatNumber } from '../content/references.ts';
import { savingFigures, vatGap } from '../content/savings.ts';
import type { Page } from '../schema/page.ts';
import type { RegisteredClaim } from '../schema/offer.ts';
import type { SiteConfig } from '../schema/site.ts';
import { remembered } from './text-memo.ts';

/** A registered claim as a page shows it: its id and its footnote number on that page. */
export interface ClaimNote {
  id: string;
  n: number;
  /** Every mark of this note sits in a folded FAQ answer: a visitor reads none of them until they open one. */
  folded?: boolean;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Spaces between a figure and its unit may be ordinary, no-break or narrow no-break, and the typography
 * may join characters with a word joiner (U+2060, after a dash): the pattern allows each.
 */
const spaces = (text: string) => [...text].map((c) => (c === ' ' ? '[\\s\\u00a0\\u202f]?' : escape(c))).join('\\u2060?');

function figureValue(site: Pick<SiteConfig, 'constants'>, path: string): number | string | undefined {
  const value = path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), site.constants);
  return typeof value === 'number' || typeof value === 'string' ? value : undefined;
}

/**
 * How copy in a language writes the claim's figure ("53 %", "53%", "99,9 %", "24/7"), as a pattern that
 * does not match inside a longer number; with the words that must stand beside it, when several claims
 * share a figure.
 */
export function claimPattern(site: Pick<SiteConfig, 'constants'>, claim: RegisteredClaim, intl: string): { figure: RegExp; context?: RegExp } | undefined {
  const value = figureValue(site, claim.figure);
  if (value === undefined) return undefined;
  const written = typeof value === 'number' ? formatNumber(value, intl) : value;
  const unit = claim.unit === 'percent' ? '[\\s\\u00a0\\u202f]?%' : '';
  return {
    figure: new RegExp(`(?<![\\d.,])${spaces(written)}${unit}(?![\\d])`, 'u'),
    context: claim.context ? new RegExp(claim.context, 'iu') : undefined,
  };
}

/** The registered claims a text unit shows, in the order of the register. */
export function claimsIn(text: string, patterns: ReadonlyMap<string, { figure: RegExp; context?: RegExp }>): string[] {
  const ids: string[] = [];
  for (const [id, p] of patterns) if (p.figure.test(text) && (!p.context || p.context.test(text))) ids.push(id);
  return ids;
}

type ClaimPatterns = ReadonlyMap<string, { figure: RegExp; context?: RegExp }>;

/**
 * `claimsIn` remembered per language's patterns: pages repeat many texts, and each was tested against every claim's
 * pattern on every page.
 */
const claimsByText = new WeakMap<ClaimPatterns, Map<string, readonly string[]>>();

function claimsOf(text: string, patterns: ClaimPatterns): readonly string[] {
  let memo = claimsByText.get(patterns);
  if (!memo) claimsByText.set(patterns, (memo = new Map()));
  return remembered(memo, text, (t) => claimsIn(t, patterns));
}
/** Each site's patterns by language: every page of a language renders with the same (the patterns keep no state). */
const patternsOf = new WeakMap<object, Map<string, ClaimPatterns>>();

export function claimPatterns(site: Pick<SiteConfig, 'constants' | 'claimRegister'>, intl: string): ClaimPatterns {
  let bySite = patternsOf.get(site);
  if (!bySite) patternsOf.set(site, (bySite = new Map()));
  let patterns = bySite.get(intl);
  if (!patterns) bySite.set(intl, (patterns = makeClaimPatterns(site, intl)));
  return patterns;
}

function makeClaimPatterns(site: Pick<SiteConfig, 'constants' | 'claimRegister'>, intl: string): ClaimPatterns {
  const out = new Map<string, { figure: RegExp; context?: RegExp }>();
  for (const [id, claim] of Object.entries(site.claimRegister)) {
    const pattern = claimPattern(site, claim, intl);
    if (pattern) out.set(id, pattern);
  }
  return out;
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

function endOf(text: string, figure: RegExp): number {
  const match = figure.exec(text);
  return match ? match.index + match[0].length : text.length;
}
/**
 * The word right after a figure ("53 % günstiger", "unter 2 Sekunden", "24/7-Support"): a space or a hyphen, then
 * letters (soft hyphens, word joiners and inner hyphens included) ending in a letter.
 */
const WORD_AFTER_FIGURE = /^(?:[\s\u00a0\u202f]+|-)\p{L}(?:[\p{L}\p{M}\u00ad\u2060-]*\p{L})?/u;

/**
 * Where a claim's footnote mark goes: at the end of the word after the figure (of the next two when the first is short), so a raised digit never follows a
 * numeral ("53 %⁴" reads as a power). A figure with no word after it (a heading that is just "99,9 %") keeps the
 * mark, which styles.css sets apart by a hair's width and in a muted colour.
 */
export function markPlace(text: string, figureEnd: number, context?: RegExp): number {
  const end = wordsAfterFigure(text, figureEnd);
  return context ? contextEnd(text, { figureEnd, end }, context) : end;
}

/**
 * A claim whose words close on its context ("100 % conforme au RGPD", "conforme al RGPD") carries its mark after
 * the context, a short word or two later, so the mark never splits the phrase.
 */
function contextEnd(text: string, { figureEnd, end }: { figureEnd: number; end: number }, context: RegExp): number {
  const once = new RegExp(context.source, context.flags.replace('g', ''));
  const closed = once.test(text.slice(figureEnd, end)) ? end : contextAfter(text, end, once);
  if (closed === undefined) return end;
  // "GDPR compliant": a last lower-case word before the phrase ends belongs to it.
  const last = /^[\s\u00a0]+\p{Ll}[\p{L}\p{M}\u00ad\u2060-]*(?=[\s\u00a0]*(?:[·.,;:!?)]|$))/u.exec(text.slice(closed));
  return closed + (last?.[0].length ?? 0);
}

/** The end of the word holding `context` when it follows `end` after at most two short words, else undefined. */
function contextAfter(text: string, end: number, context: RegExp): number | undefined {
  const gap = /^(?:[\s\u00a0]+\p{L}{1,3}){0,2}[\s\u00a0]+/u.exec(text.slice(end));
  if (!gap) return undefined;
  const rest = text.slice(end + gap[0].length);
  const match = context.exec(rest);
  if (!match || match.index !== 0) return undefined;
  const word = /^[\p{L}\p{M}\u00ad\u2060-]*\p{L}|^/u.exec(rest.slice(match[0].length))?.[0] ?? '';
  return end + gap[0].length + match[0].length + word.length;
}

const COMPARATIVES = new Set(['moins', 'plus', 'menos']);

function wordsAfterFigure(text: string, figureEnd: number): number {
  let end = figureEnd;
  // A short word ("de", "más", "of") or a comparative before its adjective ("moins cher") does not carry a claim
  // alone: "53 % de moins", "53 % moins cher", "un 53 % más barato".
  for (let words = 0; words < 3; words++) {
    const word = WORD_AFTER_FIGURE.exec(text.slice(end));
    if (!word) break;
    const letters = word[0].trim().replace(/[\u00ad\u2060]/g, '');
    const next = WORD_AFTER_FIGURE.exec(text.slice(end + word[0].length))?.[0].trim() ?? '';
    const followed = next.replace(/[\u00ad\u2060]/g, '').length > 3;
    end += word[0].length;
    if (letters.length > 3 && !(words === 0 && COMPARATIVES.has(letters.toLowerCase()) && followed)) break;
  }
  return end;
}

/** 12 → "¹²": a footnote number as superscript text, where markup cannot go (an attribute). */
export const superscript = (n: number) => [...String(n)].map((d) => SUPERSCRIPT[Number(d)]).join('');

/**
 * A footnote reference as the text carries it until the page is rendered: private-use characters around the
 * number, which no content contains. Every component prints it as text; `linkClaimMarks` then turns it into a
 * link to the note in the HTML, so no component needs to know about footnotes.
 */
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';
export const claimMark = (n: number) => `${MARK_OPEN}${n}${MARK_CLOSE}`;
/** Marks that follow each other ("DSGVO-konform¹˒²"), as one run. */
const MARK_RUN = /(?:\uE000\d+\uE001)+/g;
const MARK_NUMBER = /\uE000(\d+)\uE001/g;

/** The id of a footnote and of the first reference to it: `#note-2` links to the note, `#ref-2` back. */
export const noteId = (n: number) => `note-${n}`;
export const refId = (n: number) => `ref-${n}`;

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The rendered HTML with every footnote mark (`claimMark`) in text made a link to its note,
 * `<sup><a href="#note-1" id="ref-1" aria-label="Fußnote 1">1</a></sup>`; the first reference to a note gets
 * `ref-N` (the note links back to it), later ones `ref-N-2`, `ref-N-3`. In an attribute, where markup cannot
 * go, a mark becomes a superscript digit. `refLabel` is the locale's accessible name ("Fußnote {n}").
 */
export function linkClaimMarks(html: string, refLabel?: string): string {
  if (!html.includes(MARK_OPEN)) return html;
  const linker = claimLinker(refLabel);
  return html.replace(/<[^>]*>|[^<]+/g, (part) => (part.startsWith('<') ? linker.tag(part) : linker.text(part)));
}

/** Whether `html` has a footnote mark for `claimLinker` to link. */
export const hasClaimMarks = (html: string) => html.includes(MARK_OPEN);

const unchanged = (text: string) => text;
/** A run of marks, kept by `split` (odd indices). */
const MARK_RUN_PART = /((?:\uE000\d+\uE001)+)/;

/**
 * `linkClaimMarks` a token at a time, for a pass over the HTML that does more (render-route.tsx): `tag` for each
 * tag in order, `text` for each run of text, whose text between the links `prose` transforms, as a later pass over
 * the linked HTML would see it.
 */
export function claimLinker(refLabel?: string): { tag(part: string): string; text(part: string, prose?: (text: string) => string): string } {
  const seen = new Map<number, number>();
  const link = (n: number) => {
    const count = (seen.get(n) ?? 0) + 1;
    seen.set(n, count);
    const id = count === 1 ? refId(n) : `${refId(n)}-${count}`;
    const label = refLabel ? ` aria-label="${escapeAttribute(refLabel.replace('{n}', String(n)))}"` : '';
    return `<a href="#${noteId(n)}" id="${id}"${label} class="rounded-sm px-px hover:underline">${n}</a>`;
  };
  const numbers = (run: string) => [...run.matchAll(MARK_NUMBER)].map((m) => Number(m[1]));
  const plain = (text: string) => text.replace(MARK_RUN, (run) => numbers(run).map(superscript).join('˒'));
  const linked = (run: string) => `<sup data-claim-ref="">${numbers(run).map(link).join('<span aria-hidden="true">,</span>')}</sup>`;
  // Inside a link, button or summary a second link would be invalid (or toggle the summary): plain marks there.
  let interactive = 0;
  return {
    tag(part) {
      if (/^<(a|button|summary)[\s>]/.test(part)) interactive += 1;
      else if (/^<\/(a|button|summary)>/.test(part)) interactive = Math.max(0, interactive - 1);
      return part.includes(MARK_OPEN) ? plain(part) : part;
    },
    text(part, prose = unchanged) {
      if (!part.includes(MARK_OPEN)) return prose(part);
      if (interactive > 0) return prose(plain(part));
      return part
        .split(MARK_RUN_PART)
        .map((piece, i) => (i % 2 === 1 ? linked(piece) : prose(piece)))
        .join('');
    },
  };
}

/** Keys whose strings are not copy a visitor reads as a claim (ids, links, settings, button labels). */
const NOT_COPY = new Set([
  'type',
  'id',
  'href',
  'icon',
  'tone',
  'layout',
  'plan',
  'claim',
  'variant',
  'link',
  'src',
  'commitment',
  'tier',
  'kind',
  'fields',
  'presetProducts',
  'emptyCompany',
  'contactHref',
  'style',
  'addon',
  'action',
  'actions',
  'form',
  'image',
  'mock',
]);

/**
 * The page's sections with a footnote mark (`claimMark`) after every text that shows a registered claim
 * ("bis zu 100 % mehr Anfragen¹"), numbered in the order the claims first appear, and the notes in that order.
 * A figure and its label (hero stats, about facts) are read as one text and marked at the label.
 */
export function markClaims(page: Page, site: Pick<SiteConfig, 'constants' | 'claimRegister'>, intl: string): { page: Page; notes: ClaimNote[] } {
  const patterns = claimPatterns(site, intl);
  if (patterns.size === 0) return { page, notes: [] };
  const numbers = new Map<string, number>();
  const seen = new Set<string>();
  const number = (id: string, folded: boolean) => {
    const n = numbers.get(id) ?? numbers.size + 1;
    numbers.set(id, n);
    if (!folded) seen.add(id);
    return claimMark(n);
  };
  // In running text the number goes on the word after the figure ("53 % günstiger¹"), numbered as it reads.
  const markText = (text: string, ids: readonly string[], folded: boolean) => {
    const at = ids.flatMap((id) => {
      const pattern = patterns.get(id);
      return pattern ? [{ id, end: markPlace(text, endOf(text, pattern.figure), pattern.context) }] : [];
    });
    at.sort((a, b) => a.end - b.end);
    const numbered = at.map((m) => ({ ...m, mark: number(m.id, folded) }));
    let out = text;
    for (const m of numbered.reverse()) out = `${out.slice(0, m.end)}${m.mark}${out.slice(m.end)}`;
    return out;
  };
  const walk = (value: unknown, key: string | number | undefined, folded: boolean): unknown => {
    if (typeof key === 'string' && NOT_COPY.has(key)) return value;
    if (typeof value === 'string') {
      const ids = claimsOf(value, patterns);
      return ids.length ? markText(value, ids, folded) : value;
    }
    // Unchanged objects keep their identity: element sources (source-marks.tsx) find values by it.
    if (Array.isArray(value)) {
      const items = value.map((item, i) => walk(item, i, folded));
      return items.every((item, i) => item === value[i]) ? value : items;
    }
    if (!value || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    if (typeof record.value === 'string' && typeof record.label === 'string') {
      const ids = claimsIn(`${record.value} ${record.label}`, patterns);
      return ids.length ? { ...record, label: `${record.label}${ids.map((id) => number(id, folded)).join('')}` } : record;
    }
    // The copy is made only when a value changed: most objects of a page hold no registered claim.
    const keys = Object.keys(record);
    const values = keys.map((k) => (record.type === 'faq' && k === 'items' ? walkFaqItems(record, record[k]) : walk(record[k], k, folded)));
    return keys.every((k, i) => values[i] === record[k]) ? record : Object.fromEntries(keys.map((k, i) => [k, values[i]]));
  };
  // An answer is folded unless the section opens its first (Faq.tsx).
  const walkFaqItems = (section: Record<string, unknown>, items: unknown): unknown => {
    if (!Array.isArray(items)) return walk(items, 'items', false);
    const walked = items.map((item: unknown, i) => {
      if (!item || typeof item !== 'object') return item;
      const { question, answer } = item as Record<string, unknown>;
      const folded = !(section.openFirst === true && i === 0);
      const next = { ...item, question: walk(question, 'question', false), answer: walk(answer, 'answer', folded) };
      return next.question === question && next.answer === answer ? item : next;
    });
    return walked.every((item, i) => item === items[i]) ? items : walked;
  };
  // Legal text is the binding basis claims point to, not a claim that needs one.
  const sections = page.sections.map((section, i) => (section.type === 'legal' ? section : walk(section, i, false))) as Page['sections'];
  const notes = [...numbers].map(([id, n]) => (seen.has(id) ? { id, n } : { id, n, folded: true }));
  return { page: { ...page, sections }, notes };
}

/** Notes made so far, by site and then by claim, template and language: every page of a language shows the same. */
const noteTexts = new WeakMap<object, Map<string, string>>();

/** A claim's footnote in the page's language, its {placeholders} filled from the register and the constants. */
export function claimNoteText(site: Pick<SiteConfig, 'constants' | 'claimRegister' | 'offer'>, id: string, template: string, intl: string): string {
  let texts = noteTexts.get(site);
  if (!texts) noteTexts.set(site, (texts = new Map()));
  const key = `${id}\n${intl}\n${template}`;
  let text = texts.get(key);
  if (text === undefined) texts.set(key, (text = makeNoteText(site, id, template, intl)));
  return text;
}

function makeNoteText(site: Pick<SiteConfig, 'constants' | 'claimRegister' | 'offer'>, id: string, template: string, intl: string): string {
  const claim = site.claimRegister[id];
  if (!claim) return template;
  const values: Record<string, string> = { asOf: month(claim.basis.asOf, intl), source: claim.basis.source };
  const figure = figureValue(site, claim.figure);
  values.figure = typeof figure === 'number' ? formatNumber(figure, intl) : (figure ?? '');
  // A savings claim: the subscriptions it compares, their total, our plan, and the saving on a like-for-like net basis.
  const match = /^savings\.(\w+)\.percent$/.exec(claim.figure);
  const saving = match ? site.constants.savings[match[1]!] : undefined;
  if (saving) {
    const against = saving.against.map((k) => site.constants.comparison[k]!).filter(Boolean);
    const figures = savingFigures(
      against.map((a) => a.price),
      site.constants.plans[saving.plan]?.price ?? 0,
      vatGap(claim.basis.vat),
    );
    values.items = against.map((a) => `${a.name} ${formatEuro(a.price, intl)}`).join(' + ');
    values.total = formatEuro(figures.total, intl);
    values.ours = formatEuro(figures.ours, intl);
    values.plan = site.offer?.plans[saving.plan]?.name ?? saving.plan;
    values.vat = formatNumber(claim.basis.vat?.ratePercent ?? 0, intl);
    values.net = formatNumber(figures.netPercent, intl);
  }
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** "2026-11" in the page's language ("November 2026", "novembre 2026"); other text as written. */
function month(asOf: string | undefined, intl: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(asOf ?? '');
  if (!match) return asOf ?? '';
  return new Intl.DateTimeFormat(intl, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)),
  );
}
