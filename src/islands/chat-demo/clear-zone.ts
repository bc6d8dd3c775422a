/**
 * The chat button's clear zone (issue #36 item 1): the floating button (SPEC §2, bottom right) steps aside
 * wherever a line of text, a picture or a control would pass under it, and shows where its corner is clear.
 * Plain DOM in the page-load script, so it works before the chat demo wakes. The scroll positions it must
 * avoid are worked out once per layout (at start, on a resize, when the page's height or fonts change), so a
 * scroll costs one look-up. Stepping aside is `data-aside` (styles.css fades the button out; the keyboard and
 * screen readers still reach it).
 */
/** Boxes it keeps clear of: pictures, controls, and a form's outcome as a whole (its box is the message). */
const CONTENT = 'img, svg, picture, video, canvas, [data-mock] > div, button, input, select, textarea, [data-form-sent], [data-form-failed]';
/** Room kept around the button, and the shortest clear stretch of scrolling worth showing it for. */
const MARGIN = 8;
const MIN_CLEAR = 160;

export function keepLauncherClear(): void {
  const button = document.querySelector<HTMLElement>('.chat-launcher');
  if (!button) return;
  /** Scroll positions where something lies under the button: [from, to] pairs, sorted, merged. */
  let avoid: number[][] = [];
  const place = () => {
    const y = window.scrollY;
    const aside = avoid.some(([from = 0, to = 0]) => y > from && y < to);
    // A button under the visitor's pointer stays put: it must not vanish between a press and its release.
    if (aside && !button.hasAttribute('data-aside') && button.matches(':hover, :active')) return;
    button.toggleAttribute('data-aside', aside);
  };
  const measure = () => {
    // Not shown (phones: the header carries the chat entry), it has nothing to step aside from.
    if (!button.checkVisibility()) return;
    const s = getComputedStyle(button);
    // Its place as laid out (right/bottom), not as drawn: its entrance moves it while it fades in.
    const right = document.documentElement.clientWidth - parseFloat(s.right) + MARGIN;
    const left = right - button.offsetWidth - 2 * MARGIN;
    const bottom = window.innerHeight - parseFloat(s.bottom) + MARGIN;
    const top = bottom - button.offsetHeight - 2 * MARGIN;
    const spans: number[][] = [];
    const add = (r: DOMRect) => {
      if (r.width > 0 && r.height > 0 && r.right > left && r.left < right) spans.push([r.top + window.scrollY - bottom, r.bottom + window.scrollY - top]);
    };
    const header = document.querySelector('header');
    const skip = (el: Element) => header?.contains(el) || button.contains(el) || el.closest('[data-sonner-toaster], [role=dialog]');
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || skip(parent) || !parent.checkVisibility()) continue;
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) add(r);
    }
    for (const el of document.body.querySelectorAll(CONTENT)) if (!skip(el)) add(el.getBoundingClientRect());
    spans.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
    avoid = [];
    for (const [from = 0, to = 0] of spans) {
      const last = avoid[avoid.length - 1];
      // A clear stretch shorter than MIN_CLEAR joins its neighbours: the button does not blink in and out.
      if (last && from - (last[1] ?? 0) < MIN_CLEAR) last[1] = Math.max(last[1] ?? 0, to);
      else avoid.push([from, to]);
    }
    place();
  };
  let queued = false;
  const remeasure = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      measure();
    });
  };
  // The body's size changes on a resize, a form's new state, a disclosure opening; the first call measures.
  new ResizeObserver(remeasure).observe(document.body);
  void document.fonts.ready.then(remeasure);
  window.addEventListener('scroll', place, { passive: true });
}
