/**
 * The preview frame brought up to date with a page's new HTML in place: only the nodes that differ change, so a
 * keystroke costs the browser the style and layout of one text, not of a new document (or a new body, as the
 * dev server's live reload swaps it). Islands (`data-island`, woken by React) are left as they are while their
 * props are; anything the page runs (scripts, styles, policy) or an island that changed needs the page loaded
 * again: `patchPreview` then answers false and the caller reloads the frame.
 */

/** Head elements that are content (title, meta tags, structured data), as the live reload tells them (live-reload.ts). */
const DATA = 'meta:not([http-equiv]), script[type="application/ld+json"]';
/** What `site dev` adds to the pages it serves (the live script), which the rendered HTML has not. */
const DEV_ONLY = (el: Element) => (el.getAttribute('src') ?? '').startsWith('/__site/');

const runtimeOf = (head: HTMLHeadElement) =>
  [...head.children]
    .filter((el) => el.tagName !== 'TITLE' && !el.matches(DATA) && !DEV_ONLY(el))
    .map((el) => el.outerHTML)
    .join('\n');

class NeedsReload extends Error {}

// By node type, not instanceof: the frame's nodes are of its own window's classes.
const isElement = (node: Node): node is Element => node.nodeType === Node.ELEMENT_NODE;
const isIsland = (node: Node) => isElement(node) && node.hasAttribute('data-island');

/**
 * The attributes the server's HTML changed from `prev` to `next`, applied to `live`: what the page's scripts set
 * (the cookie banner shown, a details element opened) stays.
 */
function applyAttributes(live: Element, prev: Element, next: Element): void {
  const names = new Set([...prev.getAttributeNames(), ...next.getAttributeNames()]);
  for (const name of names) {
    const value = next.getAttribute(name);
    if (prev.getAttribute(name) === value) continue;
    if (value === null) live.removeAttribute(name);
    else live.setAttribute(name, value);
  }
}

/** `live` (the frame's node) brought from the server's `prev` to its `next`: only what the server's HTML changed. */
function morphNode(live: Node, prev: Node, next: Node, doc: Document): void {
  if (prev.isEqualNode(next)) return;
  if (prev.nodeType !== next.nodeType || prev.nodeName !== next.nodeName || live.nodeName !== next.nodeName) {
    if (isIsland(live) || isIsland(next)) throw new NeedsReload();
    (live as ChildNode).replaceWith(doc.importNode(next, true));
    return;
  }
  if (next.nodeType === Node.TEXT_NODE || next.nodeType === Node.COMMENT_NODE) {
    (live as CharacterData).data = (next as CharacterData).data;
    return;
  }
  if (!isElement(live) || !isElement(prev) || !isElement(next)) return;
  // An island's markup is its props' (named by a digest in data-props-src): changed props need the page loaded again.
  if (isIsland(live) || isIsland(next)) throw new NeedsReload();
  applyAttributes(live, prev, next);
  morphChildren(live, prev, next, doc);
}

/**
 * `runtime`: the body, where what scripts add after the page's own nodes (the dev overlay, a dialog's portal) stays.
 * Elsewhere a script that added or removed children makes the live node differ from the server's: its children are
 * then brought to `next` as they are (`prev` = the live children).
 */
function morphChildren(live: Node, prev: Node, next: Node, doc: Document, runtime = false): void {
  const before = [...prev.childNodes];
  const after = [...next.childNodes];
  const all = [...live.childNodes];
  const shown = runtime ? all.slice(0, before.length) : all;
  const from = shown.length === before.length ? before : shown;
  const end = all[shown.length] ?? null;
  for (let i = 0; i < Math.max(from.length, after.length); i++) {
    const node = shown[i];
    const old = from[i];
    const next = after[i];
    if (node && old && next) morphNode(node, old, next, doc);
    else if (next) live.insertBefore(doc.importNode(next, true), end);
    else if (node) {
      if (isIsland(node)) throw new NeedsReload();
      (node as ChildNode).remove();
    }
  }
}

/**
 * Brings `doc` (the preview frame's document) from the page's HTML it was loaded or last patched with (`shown`) to
 * `html`; without `shown`, from the document as it is. False when only loading the page again can (see above).
 */
export function patchPreview(doc: Document, shown: string | undefined, html: string): boolean {
  const parser = new DOMParser();
  const next = parser.parseFromString(html, 'text/html');
  const prev = shown === undefined ? doc : parser.parseFromString(shown, 'text/html');
  if (runtimeOf(next.head) !== runtimeOf(doc.head)) return false;
  try {
    if (doc.title !== next.title) doc.title = next.title;
    const data = [...doc.head.querySelectorAll(DATA)];
    const nextData = [...next.head.querySelectorAll(DATA)];
    if (data.map((el) => el.outerHTML).join('\n') !== nextData.map((el) => el.outerHTML).join('\n')) {
      for (const el of data) el.remove();
      doc.head.append(...nextData.map((el) => doc.importNode(el, true)));
    }
    applyAttributes(doc.documentElement, prev.documentElement, next.documentElement);
    applyAttributes(doc.body, prev.body, next.body);
    morphChildren(doc.body, prev.body, next.body, doc, true);
    return true;
  } catch (error) {
    if (error instanceof NeedsReload) return false;
    throw error;
  }
}
