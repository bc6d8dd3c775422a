/**
 * The layout gate's checks, run inside the page in one `page.evaluate` after a load (issue #15): what a
 * visitor would call broken, measured instead of eyeballed. Each finding names its rule, the element
 * (tag, id or classes, its first words) and what was measured, so a failure reads as a bug report.
 *
 * Rules:
 * - `layout-shift`: the page moved during load (CLS > 0). Every shift counts: nobody has touched the page
 *   yet, and Chromium marks shifts of a freshly opened page as "after input" (it sees the automation's
 *   set-up as input), so `hadRecentInput` would hide real ones. Judged only right after a load: a resize
 *   moves content by design, and Chromium records that as shifts too (`resized` below).
 * - `horizontal-scroll`: the document is wider than the window.
 * - `text-overflow`: a line of text reaches past the left or right edge of the window.
 * - `text-clipped`: a line of text is cut off by an ancestor with `overflow: hidden` or `clip`.
 * - `word-split`: a word continues on the next line without a hyphen ("Besprechungsprotok / oll"): the
 *   build puts soft hyphens into long words (render/hyphenation.ts), and a break anywhere else is the
 *   browser's last resort (`overflow-wrap`), which the words must not need at any width.
 * - `fixed-covers-control`: a fixed element (header, chat button, toast, cookie bar) lies on the centre of a
 *   visible form control or button, at load and with each form's last control scrolled into view (the
 *   lower half of the window then, where the chat button and the bar sit).
 * - `fixed-covers-content`: the chat button, a toast or the cookie bar (any fixed element but the header,
 *   which content scrolls under by design) lies on a line of text, a picture, a control or a form's message
 *   box (the confirmation panel, the failure message: the whole box), where a visitor rests: as loaded (a
 *   first visit's cookie bar included), a screen further down, at the end of the page (the page must leave
 *   room below its last line), with each form control and form message brought into view the way the
 *   browser does on focus (block `nearest`, honouring the page's scroll-padding), and then at every scroll
 *   position where a fixed element would lie on something (issue #36 item 1: `sweep` below), judged as drawn
 *   there. The chat button floats in the lane the page's container leaves it (styles.css, `px-page`).
 * - `chat-entry`: on a page with the chat demo, below 1024 px the floating chat button is not drawn (it blinked in
 *   and out as it stepped aside, design reviews 7a #1, 7b N2, 9b N2) and the header shows the chat entry instead;
 *   from 1024 px the header shows none (the floating button is the entry there).
 * - `chat-blink`: scrolled from the top to the end in steps of a fifth of the window, the floating chat button
 *   goes from hidden to shown or back at most once (its entrance): a button that fades out wherever text passes
 *   under it blinks as the visitor reads (design review 9b N2, 13–20 changes a scroll at 1280 px).
 * - `hero-lead` (phones only): the hero's lead (`[data-hero-lead]`) runs to more than four lines (issue #36 item 6:
 *   at 360 px the French and Spanish leads took five and pushed the drawing down).
 * - `tap-target` (phones only): a link, button or form control smaller than 44 × 44 px; links shown as
 *   running text (`display: inline`) are excepted, a checkbox counts with its label.
 * - `lonely-card`: a grid row holding one item below a row of three or more, or one card (a box with a
 *   background, border or shadow) below a row of two, at every width; a last item spanning the grid is fine,
 *   and so is a row beside an item spanning several rows (a spotlight tile).
 * - `heading-break`, `dash-line-start`: a heading broken with a short piece on a line, a line that starts with a
 *   dash (support/layout-gate-typography.ts).
 * Elements hidden on purpose (display none, visibility hidden, `hidden`, inside a 1 px clipping box such
 * as `.sr-only` or the form's honeypot, the body of a closed `<details>`) are not looked at; text inside a scrolling box (a wide table in
 * its scroller) is reachable by scrolling and not held to the window's edges.
 */
import type { Page } from '@playwright/test';
import { TYPOGRAPHY_RULES, typographyArgs, typographyChecks, type TypographyRule } from './layout-gate-typography.ts';

export type GateRule =
  | TypographyRule
  | 'layout-shift'
  | 'horizontal-scroll'
  | 'text-overflow'
  | 'text-clipped'
  | 'word-split'
  | 'fixed-covers-control'
  | 'fixed-covers-content'
  | 'tap-target'
  | 'hero-lead'
  | 'chat-entry'
  | 'chat-blink'
  | 'lonely-card';

export interface GateFinding {
  rule: GateRule;
  element: string;
  detail: string;
}

/** Phones get the tap-target rule (the issue's phone widths are 360 and 390 px). */
export const PHONE_MAX_WIDTH = 480;

/** Lines a hero's lead may take on a phone. */
const HERO_LEAD_MAX_LINES = 4;

/**
 * Runs every check on the page and gives back what failed (empty when the page passes). `resized`: the
 * window was resized since the page loaded, so the layout-shift rule, a rule about the load, is left out.
 * `here`: the page is in a state a visitor brought it to and rests in (a form's outcome in view, with its
 * toast): the rules are judged as it is, without scrolling, the fixed elements at this position only and
 * the finding named by `here`; the layout-shift rule is left out (the visitor's input moved the page).
 */
export async function layoutFindings(
  page: Page,
  { resized = false, here = '', rules }: { resized?: boolean; here?: string; rules?: readonly GateRule[] } = {},
): Promise<GateFinding[]> {
  // The island loader (islands/client.ts), which the page imports at its first paint, wires the page's interactive
  // parts: a page with the loader's start script (render/head.ts) is judged once the loader runs, as a visitor who
  // scrolls meets it.
  await page.waitForFunction(() => {
    const early = (window as Window & { siteEarlyClicks?: { done?: boolean } }).siteEarlyClicks;
    return !early || early.done === true;
  });
  const findings: GateFinding[] = await page.evaluate(inPageChecks, {
    phoneMaxWidth: PHONE_MAX_WIDTH,
    heroLeadMaxLines: HERO_LEAD_MAX_LINES,
    minTap: 44,
    resized: resized || here !== '',
    here,
    rules,
  });
  const typography = TYPOGRAPHY_RULES.filter((rule) => !rules || rules.includes(rule));
  if (typography.length > 0) findings.push(...(await page.evaluate(typographyChecks, typographyArgs(typography))));
  return rules ? findings.filter((f) => rules.includes(f.rule)) : findings;
}

async function inPageChecks({
  phoneMaxWidth,
  heroLeadMaxLines,
  minTap,
  resized,
  here,
  rules,
}: {
  phoneMaxWidth: number;
  heroLeadMaxLines: number;
  minTap: number;
  resized: boolean;
  here: string;
  rules?: readonly GateRule[];
}): Promise<GateFinding[]> {
  const findings: GateFinding[] = [];
  /** Only the rules asked for are run (all by default): a sweep over many widths looks at one rule. */
  const want = (...asked: GateRule[]) => !rules || asked.some((r) => rules.includes(r));
  const seen = new Set<string>();
  const report = (rule: GateRule, el: Element, detail: string) => {
    const element = describe(el);
    const key = `${rule} ${element}`;
    if (seen.has(key)) return;
    seen.add(key);
    findings.push({ rule, element, detail });
  };
  const px = (n: number) => `${Math.round(n * 10) / 10}px`;

  function describe(el: Element): string {
    const id = el.id ? `#${el.id}` : '';
    const classes = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).slice(0, 3).join('.')}` : '';
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    return `<${el.tagName.toLowerCase()}${id}${id ? '' : classes}>${text ? ` "${text}"` : ''}`;
  }

  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (el: Element) => {
    let s = styles.get(el);
    if (!s) styles.set(el, (s = getComputedStyle(el)));
    return s;
  };
  const clips = (value: string) => value === 'hidden' || value === 'clip';
  const scrolls = (value: string) => value === 'auto' || value === 'scroll';
  const hiddenCache = new Map<Element, boolean>();
  /** Hidden on purpose: not rendered, invisible, or inside a clipping box of at most 1 px (sr-only, honeypot). */
  function hiddenByDesign(el: Element | null): boolean {
    if (!el) return false;
    const cached = hiddenCache.get(el);
    if (cached !== undefined) return cached;
    const s = style(el);
    let hidden = s.display === 'none' || s.visibility === 'hidden' || s.visibility === 'collapse' || (el as HTMLElement).hidden === true;
    if (!hidden && (clips(s.overflowX) || clips(s.overflowY))) {
      const r = el.getBoundingClientRect();
      hidden = r.width <= 1 || r.height <= 1;
    }
    if (!hidden && s.clipPath && s.clipPath.startsWith('inset(50%')) hidden = true;
    // The body of a closed <details> keeps its boxes (content-visibility: hidden) but is not drawn.
    if (!hidden && el.parentElement?.matches('details:not([open])') && el.tagName !== 'SUMMARY') hidden = true;
    hidden ||= hiddenByDesign(el.parentElement);
    hiddenCache.set(el, hidden);
    return hidden;
  }
  function fixedAncestor(el: Element | null): Element | null {
    for (let a = el; a; a = a.parentElement) if (style(a).position === 'fixed') return a;
    return null;
  }

  // Once fonts are in and three frames have been drawn (after a resize: the frames that lay the page out at its
  // new width, and the one after, where what a ResizeObserver in the frame before changed is drawn), the layout
  // shifts recorded since navigation.
  await document.fonts.ready;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  if (!resized && want('layout-shift')) {
    const shifts = await new Promise<PerformanceEntry[]>((resolve) => {
      const entries: PerformanceEntry[] = [];
      const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
      observer.observe({ type: 'layout-shift', buffered: true });
      setTimeout(() => {
        entries.push(...observer.takeRecords());
        observer.disconnect();
        resolve(entries);
      }, 50);
    });
    type Shift = PerformanceEntry & { value: number; sources?: { node?: Node | null }[] };
    for (const shift of shifts as Shift[]) {
      if (shift.value <= 0) continue;
      const node = shift.sources?.find((s) => s.node instanceof Element)?.node as Element | undefined;
      findings.push({
        rule: 'layout-shift',
        element: node ? describe(node) : '(document)',
        detail: `layout shift of ${shift.value.toFixed(4)} at ${Math.round(shift.startTime)} ms`,
      });
    }
  }

  const width = window.innerWidth;
  const root = document.documentElement;
  if (root.scrollWidth > width)
    findings.push({ rule: 'horizontal-scroll', element: '<html>', detail: `document is ${root.scrollWidth}px wide in a ${width}px window` });

  /**
   * The first word of a wrapped text node that continues on the next line without a hyphen: where a word's
   * characters change lines, the characters between the last one on the upper line and the first on the
   * lower one must hold a soft hyphen (drawn as a hyphen), a hyphen, a dash or a slash. Addresses (a URL, an
   * e-mail address) may break at their punctuation.
   */
  function splitWord(text: Text): string | undefined {
    const value = text.data;
    const chars = document.createRange();
    for (const m of value.matchAll(/[^\s]+/g)) {
      const word = m[0];
      if (word.replace(/\u00ad/g, '').length < 2) continue;
      chars.setStart(text, m.index);
      chars.setEnd(text, m.index + word.length);
      const [first, ...rest] = [...chars.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (!first || rest.every((r) => Math.abs(r.top - first.top) < r.height / 2)) continue;
      if (/[@/\\]|:\/\/|\p{L}\.\p{L}/u.test(word)) continue;
      let last = -1;
      let lastTop = 0;
      for (let i = 0; i < word.length; i++) {
        chars.setStart(text, m.index + i);
        chars.setEnd(text, m.index + i + 1);
        // A character that starts a line can also report a box at the end of the line above (where the
        // break is): its own glyph is the lowest box.
        const r = [...chars.getClientRects()].filter((c) => c.width > 0 && c.height > 0).sort((a, b) => b.top - a.top)[0];
        if (!r) continue;
        if (last >= 0 && r.top > lastTop + r.height / 2) {
          const between = word.slice(last, i);
          if (!/[\u00ad\-\u2010\u2011\u2013\u2014/]/.test(between))
            return `"${word.replace(/\u00ad/g, '')}" breaks as "${word.slice(0, i).replace(/\u00ad/g, '')} / ${word.slice(i).replace(/\u00ad/g, '')}" without a hyphen`;
        }
        last = i;
        lastTop = r.top;
      }
    }
    return undefined;
  }

  // Text: the boxes of its lines, against the window and against every clipping ancestor.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const textRules = want('text-overflow', 'text-clipped', 'word-split');
  for (let node = textRules ? walker.nextNode() : null; node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
    if (hiddenByDesign(parent)) continue;
    range.selectNodeContents(node);
    const lines = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (lines.length === 0) continue;
    let inScroller = false;
    for (let a: Element | null = parent; a && a !== document.body; a = a.parentElement) {
      const s = style(a);
      const clipX = clips(s.overflowX);
      const clipY = clips(s.overflowY);
      if (scrolls(s.overflowX)) inScroller = true;
      if (!clipX && !clipY) continue;
      const box = a.getBoundingClientRect();
      const cut = lines.find(
        (r) => (clipX && (r.left < box.left - 1 || r.right > box.right + 1)) || (clipY && (r.top < box.top - 1 || r.bottom > box.bottom + 1)),
      );
      if (cut) {
        report(
          'text-clipped',
          parent,
          `line ${px(cut.left)}–${px(cut.right)} × ${px(cut.top)}–${px(cut.bottom)} cut by ${describe(a).slice(0, 60)} at ${px(box.left)}–${px(box.right)} × ${px(box.top)}–${px(box.bottom)}`,
        );
        break;
      }
    }
    if (lines.length > 1) {
      const split = splitWord(node as Text);
      if (split) report('word-split', parent, split);
    }
    if (inScroller) continue;
    const out = lines.find((r) => r.left < -1 || r.right > width + 1);
    if (out) report('text-overflow', parent, `line spans ${px(out.left)}–${px(out.right)} in a ${width}px window`);
  }

  // The chat demo's entry: in the header on phones and tablets, floating from 1024 px.
  if (want('chat-entry') && document.querySelector('[data-island="chat-demo"]')) {
    const drawn = (el: Element | null) => !!el && !hiddenByDesign(el) && el.getClientRects().length > 0;
    const launcher = document.querySelector('.chat-launcher');
    const entry = document.querySelector('header [data-chat-open]');
    if (width < 1024) {
      if (launcher && drawn(launcher))
        report('chat-entry', launcher, `the floating chat button is drawn at ${width}px (the header carries the entry below 1024px)`);
      if (!drawn(entry)) report('chat-entry', entry ?? document.body, `no chat entry shows in the header at ${width}px`);
    } else if (entry && drawn(entry)) report('chat-entry', entry, `the header shows the phone chat entry at ${width}px`);
  }

  const lead = document.querySelector('[data-hero-lead]');
  if (width <= phoneMaxWidth && want('hero-lead') && lead && !hiddenByDesign(lead)) {
    const range = document.createRange();
    range.selectNodeContents(lead);
    const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size;
    if (lines > heroLeadMaxLines) report('hero-lead', lead, `${lines} lines at ${width}px, at most ${heroLeadMaxLines}`);
  }

  // Tap targets on phones.
  const interactive = [...document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]')].filter(
    (el) => !hiddenByDesign(el) && el.getClientRects().length > 0,
  );
  if (width <= phoneMaxWidth && want('tap-target')) {
    for (const el of interactive) {
      if (el.tagName === 'A' && style(el).display === 'inline') continue;
      let r = el.getBoundingClientRect();
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        for (const labelEl of el.labels ?? []) {
          const l = labelEl.getBoundingClientRect();
          const left = Math.min(r.left, l.left);
          const top = Math.min(r.top, l.top);
          r = new DOMRect(left, top, Math.max(r.right, l.right) - left, Math.max(r.bottom, l.bottom) - top);
        }
      }
      if (r.width < minTap - 0.5 || r.height < minTap - 0.5) report('tap-target', el, `${px(r.width)} × ${px(r.height)}, needs ${minTap} × ${minTap}`);
    }
  }

  // Grids: a row of one below a row of three or more items, or below a row of two cards (a box of its own:
  // a background, border or shadow); a last item that spans the grid's width leaves no hole.
  const cardLike = (el: Element) => {
    const s = style(el);
    return !/^(transparent|rgba\(0, 0, 0, 0\))$/.test(s.backgroundColor) || parseFloat(s.borderTopWidth) > 0 || s.boxShadow !== 'none';
  };
  for (const grid of want('lonely-card') ? document.querySelectorAll('body *') : []) {
    const display = style(grid).display;
    if ((display !== 'grid' && display !== 'inline-grid') || hiddenByDesign(grid)) continue;
    const rows = new Map<number, { el: Element; width: number }[]>();
    const boxes: DOMRect[] = [];
    for (const child of grid.children) {
      if (hiddenByDesign(child) || ['absolute', 'fixed'].includes(style(child).position)) continue;
      const r = child.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      boxes.push(r);
      const top = [...rows.keys()].find((t) => Math.abs(t - r.top) <= 2) ?? r.top;
      rows.set(top, [...(rows.get(top) ?? []), { el: child, width: r.width }]);
    }
    // A row beside an item that spans it from above (a tile over several rows) is not alone there.
    const spanned = (top: number) => boxes.some((b) => b.top < top - 2 && b.bottom > top + 2);
    const ordered = [...rows.entries()]
      .sort((a, b) => a[0] - b[0])
      .filter(([top]) => !spanned(top))
      .map(([, items]) => items);
    const counts = ordered.map((items) => items.length);
    const gridWidth = grid.getBoundingClientRect().width;
    for (let i = 1; i < ordered.length; i++) {
      const [alone, ...others] = ordered[i] ?? [];
      const above = ordered[i - 1] ?? [];
      if (!alone || others.length > 0 || alone.width >= gridWidth * 0.9) continue;
      if (above.length >= 3 || (above.length === 2 && cardLike(alone.el) && above.every((item) => cardLike(item.el))))
        report('lonely-card', grid, `row ${i + 1} holds 1 item below a row of ${above.length} (rows: ${counts.join(', ')})`);
    }
  }

  // Fixed elements on the centre of a control: as loaded (every control in the window), then with each form's
  // last control scrolled into view the way the browser brings it there (block end, honouring the page's
  // scroll-padding), looking at the lower half of the window, where the chat button, toasts and the cookie
  // bar sit (the upper half is the header's, which content scrolls under by design).
  if (!want('fixed-covers-control', 'fixed-covers-content')) return findings;
  const controls = interactive.filter((el) => el.matches('button, input, select, textarea, [role=button]'));
  const coverCheck = (where: string, fromY: number) => {
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < fromY || x >= width || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === el || el.contains(hit) || hit.contains(el)) continue;
      const cover = fixedAncestor(hit);
      if (cover && !cover.contains(el))
        report('fixed-covers-control', el, `${where}: its centre (${px(x)}, ${px(y)}) is under ${describe(cover).slice(0, 70)}`);
    }
  };
  if (here) coverCheck(here, 0);
  else coverCheck('at load', 0);
  for (const form of here ? [] : document.querySelectorAll('form')) {
    const last = [...form.querySelectorAll<HTMLElement>('button, input, textarea, select')].filter((el) => !hiddenByDesign(el)).pop();
    if (!last) continue;
    // At the bottom edge, and a little higher, as a visitor who scrolled just far enough would have it.
    for (const above of [0, 96]) {
      last.scrollIntoView({ block: 'end', behavior: 'instant' });
      window.scrollBy({ top: above, behavior: 'instant' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      coverCheck('form scrolled to its last control', window.innerHeight / 2);
    }
  }
  // Fixed elements over content: every visible line of text, picture and control against the boxes of the
  // chat button, toasts and the cookie bar (not the header, which content scrolls under by design), where a
  // visitor rests: as loaded, at the page's end, and with each form's controls and messages brought into view.
  const overlays = () =>
    [...document.querySelectorAll('body *')]
      .filter(
        (el) => style(el).position === 'fixed' && el.tagName !== 'HEADER' && !el.closest('header') && !hiddenByDesign(el) && !fixedAncestor(el.parentElement),
      )
      // Faded out entirely (the chat button before the visitor scrolls) it covers nothing a visitor sees.
      .filter((el) => parseFloat(style(el).opacity) > 0)
      // A bar that lets clicks through its margin (pointer-events: none) covers with its children only, and so
      // does a box of no size whose children lie outside it (sonner's toaster: an empty list, its toasts
      // positioned from it).
      .flatMap((el) => {
        const box = el.getBoundingClientRect();
        const byChildren = style(el).pointerEvents === 'none' || box.width === 0 || box.height === 0;
        return byChildren ? [...el.children].filter((c) => !hiddenByDesign(c) && parseFloat(style(c).opacity) > 0) : [el];
      })
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
  const contentBoxes = (within: Element) => {
    const boxes: { el: Element; box: DOMRect; what: string }[] = [];
    const texts = document.createTreeWalker(within, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
      if (hiddenByDesign(parent) || fixedAncestor(parent)) continue;
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) if (box.width > 0 && box.height > 0) boxes.push({ el: parent, box, what: 'text' });
    }
    for (const el of within.querySelectorAll('img, svg, picture, video, canvas, [data-mock] > div, button, input, select, textarea, [role=button]')) {
      // A drawing counts as its panel, an icon as its button.
      if (
        hiddenByDesign(el) ||
        fixedAncestor(el) ||
        (!el.matches('button, input, select, textarea') && el.parentElement?.closest('svg, button, a, [data-mock]'))
      )
        continue;
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0)
        boxes.push({ el, box, what: el.matches('img, svg, picture, video, canvas, [data-mock] > div') ? 'figure' : 'control' });
    }
    // A form's outcome (the confirmation panel, the failure message) counts as a whole: its box is the message.
    for (const el of within.querySelectorAll('[data-form-sent], [data-form-failed]')) {
      const box = el.getBoundingClientRect();
      if (!hiddenByDesign(el) && !fixedAncestor(el) && box.width > 0 && box.height > 0) boxes.push({ el, box, what: 'form message' });
    }
    return boxes;
  };
  const overlap = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  /**
   * The page's content boxes in page coordinates, measured once (scrolling moves them, it does not lay them
   * out again), and the sticky boxes (the header among them) whose content moves with the scroll.
   */
  let laidOut: { el: Element; box: DOMRect; what: string }[] | undefined;
  const sticky = [...document.querySelectorAll('body *')].filter((el) => style(el).position === 'sticky');
  const pageBoxes = () =>
    (laidOut ??= contentBoxes(document.body)
      .filter(({ el }) => !sticky.some((s) => s.contains(el)))
      .map(({ el, box, what }) => ({ el, what, box: new DOMRect(box.left, box.top + window.scrollY, box.width, box.height) })));
  /** The content boxes as the window shows them now. */
  const boxesHere = () => [
    ...pageBoxes().map((b) => ({ ...b, box: new DOMRect(b.box.left, b.box.top - window.scrollY, b.box.width, b.box.height) })),
    ...sticky.flatMap((s) => contentBoxes(s)),
  ];
  const coverContent = (where: string, within: Element = document.body) => {
    const over = overlays();
    if (over.length === 0) return;
    const height = window.innerHeight;
    for (const { el, box, what } of within === document.body ? boxesHere() : contentBoxes(within)) {
      if (box.bottom <= 0 || box.top >= height || box.right <= 0 || box.left >= width) continue;
      const cover = over.find((o) => !o.el.contains(el) && overlap(o.box, box));
      if (cover)
        report(
          'fixed-covers-content',
          el,
          `${where}: ${what} at ${px(box.left)}–${px(box.right)} × ${px(box.top)}–${px(box.bottom)} under ${describe(cover.el).slice(0, 70)}`,
        );
    }
  };
  if (here) {
    coverContent(here);
    return findings;
  }
  /** The frame that runs a scroll's listeners and scroll-driven animations, then any fade they started. */
  const settle = async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    );
  };
  window.scrollTo({ top: 0, behavior: 'instant' });
  await settle();
  coverContent('at load');
  // A screen further down, where a first visitor who has not answered the cookie bar reads on: no fixed element
  // (the bar, a toast, the chat button) may lie on the page there either.
  window.scrollTo({ top: Math.round(window.innerHeight * 0.8), behavior: 'instant' });
  await settle();
  coverContent('scrolled a screen down');
  window.scrollTo({ top: root.scrollHeight, behavior: 'instant' });
  await settle();
  coverContent('at the end of the page');
  for (const form of document.querySelectorAll('form')) {
    for (const el of [...form.querySelectorAll<HTMLElement>('button, input, textarea, select, [role=alert], [role=status], [aria-live]')].filter(
      (c) => !hiddenByDesign(c),
    )) {
      el.scrollIntoView({ block: 'nearest', behavior: 'instant' });
      await settle();
      coverContent(`form scrolled to ${describe(el).slice(0, 40)}`);
    }
  }
  await sweep();
  if (want('chat-blink')) await blinks();
  window.scrollTo({ top: 0, behavior: 'instant' });
  return findings;

  /** The floating chat button's visible state along a scroll from the top to the end: its entrance is the one change allowed. */
  async function blinks() {
    const launcher = document.querySelector('.chat-launcher');
    if (!launcher || hiddenByDesign(launcher) || launcher.getClientRects().length === 0) return;
    const shown = () => style(launcher).visibility === 'visible' && parseFloat(style(launcher).opacity) > 0;
    const states: string[] = [];
    const end = root.scrollHeight - window.innerHeight;
    for (let y = 0; ; y = Math.min(end, y + Math.round(window.innerHeight / 5))) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await settle();
      const state = shown() ? 'shown' : 'hidden';
      if (states[states.length - 1]?.endsWith(state) !== true) states.push(`${y}px ${state}`);
      if (y >= end) break;
    }
    if (states.length > 2) report('chat-blink', launcher, `${states.length - 1} changes in one scroll to the end: ${states.slice(0, 8).join(', ')}`);
  }

  /**
   * Every scroll position where a fixed element would lie on something: from the page's text lines (their
   * Range boxes), pictures and controls, laid out once, the scroll positions where each one passes under a
   * fixed element's box (faded out or not: it may show there); each such stretch is visited at both ends, its
   * middle and every screen between, and judged as drawn there (an element faded out there passes). Content in a sticky
   * box moves with the scroll and is measured at each position. Stops after a few positions with findings:
   * they are enough to name the fault.
   */
  async function sweep() {
    window.scrollTo({ top: 0, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const fixedEls = [...document.querySelectorAll('body *')].filter(
      (el) => style(el).position === 'fixed' && !el.closest('header') && style(el).display !== 'none' && !fixedAncestor(el.parentElement),
    );
    const fixed = fixedEls.map((el) => el.getBoundingClientRect()).filter((box) => box.width > 0 && box.height > 0);
    if (fixed.length === 0) return;
    const boxes = pageBoxes();
    const end = root.scrollHeight - window.innerHeight;
    const spans: [number, number][] = [];
    for (const f of fixed)
      for (const { box } of boxes)
        if (Math.min(f.right, box.right) - Math.max(f.left, box.left) > 1)
          // Overlapping by more than 2 px (the `overlap` test asks for 1).
          spans.push([Math.max(0, box.top - f.bottom + 2), Math.min(end, box.bottom - f.top - 2)]);
    spans.sort((a, b) => a[0] - b[0]);
    const stretches: [number, number][] = [];
    for (const [from, to] of spans.filter(([from, to]) => to >= from)) {
      const last = stretches[stretches.length - 1];
      if (last && from <= last[1]) last[1] = Math.max(last[1], to);
      else stretches.push([from, to]);
    }
    const positions = new Set<number>();
    for (const [from, to] of stretches) {
      for (let y = from; y < to; y += window.innerHeight) positions.add(Math.ceil(y));
      positions.add(Math.floor(to));
      positions.add(Math.round((from + to) / 2));
    }
    let faulty = 0;
    for (const y of [...positions].sort((a, b) => a - b)) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await settle();
      const shown = fixedEls
        .filter((el) => {
          const s = getComputedStyle(el);
          return s.visibility === 'visible' && parseFloat(s.opacity) > 0;
        })
        .map((el) => ({ el, box: el.getBoundingClientRect() }));
      const inView = boxesHere();
      let found = false;
      for (const { el, box, what } of inView) {
        if (box.bottom <= 0 || box.top >= window.innerHeight) continue;
        const cover = shown.find((o) => !o.el.contains(el) && overlap(o.box, box));
        if (!cover) continue;
        found = true;
        report(
          'fixed-covers-content',
          el,
          `scrolled to ${y}px: ${what} at ${px(box.left)}–${px(box.right)} × ${px(box.top)}–${px(box.bottom)} under ${describe(cover.el).slice(0, 70)}`,
        );
      }
      if (found && ++faulty >= 3) return;
    }
  }
}
