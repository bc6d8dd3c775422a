/**
 * The layout gate's typographic rules (issue #36, design review 6 #6), run inside the page after the layout checks
 * of layout-gate.ts, which lists every rule:
 * - `heading-break`: a heading or card title (`h1`–`h6`) breaks a word at a soft hyphen leaving fewer than
 *   EDGE_LETTERS.heading letters on a line ("Vertriebsleitfa- / den"): the build keeps that many on each side of a
 *   heading's breaks (render/hyphenation.ts), so a shorter piece means a break it did not allow. Breaks at a typed
 *   hyphen ("Standard- / Chatbot") join whole words and are not judged here.
 * - `dash-line-start`: a line starts with a dash set between words ("Bayreuth / – für den Mittelstand"): the build
 *   binds such a dash to the word before it (render/typography-marks.ts). A dash that opens its block (a list-like
 *   line) is not one set between words.
 * - `accent-split`: a headline's accent phrase (`[data-accent]`, the hero's purple promise) shares a line with the
 *   lead-in text before it ("AI models. All / in one place."), or breaks inside although it fits the line whole.
 * - `bound-split`: a line breaks inside what the build binds: an e-mail address ("service@ki- / zentrale.de") or a
 *   suspended hyphen and its word ("und - / agenten"); render/keep-together.tsx and render/typography-marks.ts.
 * - `needless-hyphen`: a heading, card title or centred text (a hero's lead) breaks a word at a soft hyphen although
 *   the word starts its line and would fit that line whole ("Branchenspezi- / fische" in a 300 px card, from
 *   `text-wrap: balance`), or although the whole word would fit on the line its end is on (design review 10: an H3 on
 *   /en/education and the centred lead of /es/education). Running text, set ragged, may hyphenate to fill its lines.
 */
import { EDGE_LETTERS } from '../../../src/render/hyphenation.ts';

export type TypographyRule = 'heading-break' | 'dash-line-start' | 'accent-split' | 'needless-hyphen' | 'bound-split';

export interface TypographyFinding {
  rule: TypographyRule;
  element: string;
  detail: string;
}

export const TYPOGRAPHY_RULES: readonly TypographyRule[] = ['heading-break', 'dash-line-start', 'accent-split', 'needless-hyphen', 'bound-split'];

/** The arguments `typographyChecks` takes in the page: the rules asked for and the heading's edge. */
export const typographyArgs = (rules: readonly TypographyRule[]) => ({ rules, headingEdge: EDGE_LETTERS.heading });

/** Runs in the page (self-contained: `page.evaluate` sends its source, not its module). */
export function typographyChecks({ rules, headingEdge }: ReturnType<typeof typographyArgs>): TypographyFinding[] {
  const findings: TypographyFinding[] = [];
  const seen = new Set<string>();
  const describe = (el: Element) => {
    const text = (el.textContent ?? '')
      .replace(/\u00ad/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 50);
    return `<${el.tagName.toLowerCase()}>${text ? ` "${text}"` : ''}`;
  };
  const report = (rule: TypographyRule, el: Element, detail: string) => {
    const key = `${rule} ${describe(el)} ${detail}`;
    if (seen.has(key)) return;
    seen.add(key);
    findings.push({ rule, element: describe(el), detail });
  };
  /** Not drawn, or inside a clipping box of at most 1 px (sr-only text, whose words each get a line of their own). */
  const hidden = (el: Element) => {
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false })) return true;
    for (let a: Element | null = el; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (['hidden', 'clip'].includes(s.overflowX) || ['hidden', 'clip'].includes(s.overflowY)) {
        const r = a.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1) return true;
      }
    }
    return false;
  };
  const range = document.createRange();
  /** The box of one character, the lowest when it reports two (a character that starts a line). */
  const charBox = (node: Text, i: number) => {
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    return [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).sort((a, b) => b.top - a.top)[0];
  };
  const blockOf = (el: Element) => {
    let b: Element | null = el;
    while (b && getComputedStyle(b).display.startsWith('inline')) b = b.parentElement;
    return b;
  };
  const letters = (text: string) => (text.match(/\p{L}/gu) ?? []).length;
  /** The width `text` takes on one line in `el`'s font (a hidden copy beside it, removed again). */
  const oneLineWidth = (el: Element, text: string) => {
    const probe = document.createElement('span');
    probe.textContent = text;
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;left:0;top:0';
    el.appendChild(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  };
  /** The width lines of `el`'s block may take: the content box of the box its lines are laid out in. */
  const measure = (el: Element) => {
    let block: Element = el;
    while (block.parentElement && ['inline', 'contents'].includes(getComputedStyle(block).display)) block = block.parentElement;
    const s = getComputedStyle(block);
    return block.getBoundingClientRect().width - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  };
  /** The top of the first and the last character drawn in `el` (undefined when nothing is drawn). */
  const edges = (el: Element) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let first: number | undefined;
    let last: number | undefined;
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null)
      for (let i = 0; i < node.data.length; i++) {
        if (/[\s\u00ad]/.test(node.data[i] ?? '')) continue;
        const box = charBox(node, i);
        if (!box) continue;
        first ??= box.top;
        last = box.top;
      }
    return { first, last };
  };

  /** An accent phrase that shares a line with the lead-in before it, or breaks although it fits a line whole. */
  function accentSplits(accent: Element) {
    const heading = accent.closest('h1, h2, h3, h4, h5, h6') ?? accent;
    const { first, last } = edges(accent);
    if (first === undefined || last === undefined) return;
    const leadIn = document.createRange();
    leadIn.setStart(heading, 0);
    leadIn.setEndBefore(accent);
    const height = parseFloat(getComputedStyle(accent).lineHeight) || 16;
    const leadInBottom = Math.max(...[...leadIn.getClientRects()].filter((r) => r.width > 0).map((r) => r.top), -Infinity);
    const text = (accent.textContent ?? '').replace(/\u00ad/g, '').trim();
    if (leadInBottom > first - height / 2) report('accent-split', heading, `"${text}" starts on the lead-in's line`);
    if (last > first + height / 2 && oneLineWidth(accent, text) <= measure(accent))
      report('accent-split', heading, `"${text}" breaks inside although it fits a line of ${Math.round(measure(accent))} px`);
  }

  /** An e-mail address, or a suspended hyphen with its word, drawn on two lines. */
  function boundSplits(node: Text, block: Element) {
    for (const m of node.data.matchAll(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<=\s)-\u2060?\p{L}+/gu)) {
      const first = charBox(node, m.index);
      const last = charBox(node, m.index + m[0].length - 1);
      if (first && last && last.top > first.top + first.height / 2)
        report('bound-split', block, `"${m[0].replace(/[\u00ad\u2060]/g, '')}" is broken across lines`);
    }
  }

  /** The left and right edges of the line of `block` drawn at `top` (the union of its boxes on that line). */
  const lineExtent = (block: Element, top: number, height: number) => {
    const all = document.createRange();
    all.selectNodeContents(block);
    const boxes = [...all.getClientRects()].filter((r) => r.width > 0 && Math.abs(r.top - top) < height / 2);
    return { left: Math.min(...boxes.map((r) => r.left)), right: Math.max(...boxes.map((r) => r.right)) };
  };

  /**
   * A word of a heading or centred text broken at a soft hyphen although it starts its line and fits that line whole, or
   * although the line its end is on has room for the whole word.
   */
  function needlessHyphens(node: Text, block: Element) {
    for (const m of node.data.matchAll(/[^\s]+/g)) {
      const word = m[0];
      if (!word.includes('\u00ad')) continue;
      const start = charBox(node, m.index);
      const end = charBox(node, m.index + word.length - 1);
      if (!start || !end || end.top <= start.top + start.height / 2) continue;
      // Starts its line: nothing drawn before it in the block sits on the same line.
      const before = document.createRange();
      before.setStart(block, 0);
      before.setEnd(node, m.index);
      const sameLine = [...before.getClientRects()].some((r) => r.width > 0 && Math.abs(r.top - start.top) < start.height / 2);
      const whole = word.replace(/\u00ad/g, '');
      const width = measure(block);
      const font = node.parentElement ?? block;
      if (!sameLine && oneLineWidth(font, whole) <= width) {
        report('needless-hyphen', block, `"${whole}" is hyphenated although it fits the ${Math.round(width)} px line whole`);
        continue;
      }
      // Where the word's first line ends: the head before that break moves down, with a space, onto the next line.
      let split = 1;
      while (split < word.length) {
        const box = charBox(node, m.index + split);
        if (box && box.top > start.top + start.height / 2) break;
        split++;
      }
      // A compound broken at its own hyphen ("Mandantenaufnahme- / Bot") is not hyphenated by the build.
      if (word.charAt(split - 1) !== '\u00ad') continue;
      const head = word.slice(0, split).replace(/\u00ad/g, '');
      const { left, right } = lineExtent(block, end.top, end.height);
      if (sameLine && right - left + oneLineWidth(font, `${head} `) <= width)
        report('needless-hyphen', block, `"${whole}" is hyphenated although the next line has room for it whole (${Math.round(width)} px)`);
    }
  }

  /** A heading's words broken at a soft hyphen with a short piece on either line. */
  function headingBreaks(node: Text, heading: Element) {
    for (const m of node.data.matchAll(/[^\s]+/g)) {
      const word = m[0];
      if (!word.includes('\u00ad')) continue;
      let lastTop: number | undefined;
      for (let i = 0; i < word.length; i++) {
        const box = charBox(node, m.index + i);
        if (!box || word[i] === '\u00ad') continue;
        if (lastTop !== undefined && box.top > lastTop + box.height / 2 && word[i - 1] === '\u00ad') {
          const before = word.slice(0, i).replace(/\u00ad/g, '');
          const after = (word
            .slice(i)
            .replace(/\u00ad/g, '')
            .match(/^\p{L}*/u) ?? [''])[0];
          const head = (before.match(/\p{L}*$/u) ?? [''])[0];
          if (letters(head) < headingEdge || letters(after) < headingEdge)
            report('heading-break', heading, `"${word.replace(/\u00ad/g, '')}" breaks as "${before}- / ${after}": fewer than ${headingEdge} letters on a line`);
        }
        lastTop = box.top;
      }
    }
  }

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  /** The last character drawn before the current text node, in its block. */
  let previous: { node: Text; index: number; spaced: boolean; block: Element | null } | undefined;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const parent = node.parentElement;
    if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName) || !node.data.trim() || hidden(parent)) continue;
    const block = blockOf(parent);
    const heading = parent.closest('h1, h2, h3, h4, h5, h6');
    if (heading && rules.includes('heading-break')) headingBreaks(node, heading);
    if (rules.includes('needless-hyphen')) {
      const judged = heading ?? (block && getComputedStyle(block).textAlign === 'center' ? block : null);
      if (judged) needlessHyphens(node, judged);
    }
    if (rules.includes('bound-split')) boundSplits(node, block ?? parent);
    if (rules.includes('dash-line-start')) {
      for (const m of node.data.matchAll(/[–—](?=\s|$)/g)) {
        const before = node.data.slice(0, m.index);
        const at = before.trimEnd().length;
        // A dash set between words: a space before it, and a character drawn before that in the same block.
        const prev = at > 0 ? { node, index: at - 1, spaced: at < before.length } : previous?.block === block ? previous : undefined;
        if (!prev || !(prev.spaced || at < before.length)) continue;
        const dash = charBox(node, m.index);
        const last = charBox(prev.node, prev.index);
        if (dash && last && dash.top > last.top + dash.height / 2)
          report(
            'dash-line-start',
            block ?? parent,
            `a line starts with "${node.data
              .slice(m.index, m.index + 30)
              .replace(/\u00ad/g, '')
              .trim()}"`,
          );
      }
    }
    const end = node.data.trimEnd().length;
    if (end > 0) previous = { node, index: end - 1, spaced: end < node.data.length, block };
  }
  if (rules.includes('accent-split')) for (const accent of document.querySelectorAll('[data-accent]')) if (!hidden(accent)) accentSplits(accent);
  return findings;
}
