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

function sameAttributes(a: Element, b: Element): boolean {
  return a.attributes.length === b.attributes.length && [...b.attributes].every((attr) => a.getAttribute(attr.name) === attr.value);
}

function syncAttributes(from: Element, to: Element): void {
  for (const attr of [...from.attributes]) if (!to.hasAttribute(attr.name)) from.removeAttribute(attr.name);
  for (const attr of [...to.attributes]) if (from.getAttribute(attr.name) !== attr.value) from.setAttribute(attr.name, attr.value);
}

// By node type, not instanceof: the frame's nodes are of its own window's classes.
const isElement = (node: Node): node is Element => node.nodeType === Node.ELEMENT_NODE;
const isIsland = (node: Node) => isElement(node) && node.hasAttribute('data-island');

function morphNode(from: Node, to: Node, doc: Document): void {
  if (from.nodeType !== to.nodeType || from.nodeName !== to.nodeName) {
    if (isIsland(from) || isIsland(to)) throw new NeedsReload();
    (from as ChildNode).replaceWith(doc.importNode(to, true));
    return;
  }
  if (from.nodeType === Node.TEXT_NODE || from.nodeType === Node.COMMENT_NODE) {
    if ((from as CharacterData).data !== (to as CharacterData).data) (from as CharacterData).data = (to as CharacterData).data;
    return;
  }
  if (!isElement(from) || !isElement(to)) return;
  if (isIsland(from) || isIsland(to)) {
    // The island's markup is its props' (named by a digest in data-props-src): same attributes, same island.
    if (!sameAttributes(from, to)) throw new NeedsReload();
    return;
  }
  if (!sameAttributes(from, to)) syncAttributes(from, to);
  morphChildren(from, to, doc);
}

/**
 * `runtime`: the body, where what scripts add after the page's own nodes (the dev overlay, a dialog's portal) stays.
 * Sections come and go inside the page's elements, never at the body's end.
 */
function morphChildren(from: Node, to: Node, doc: Document, runtime = false): void {
  const after = [...to.childNodes];
  const before = [...from.childNodes].slice(0, runtime ? after.length : undefined);
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const old = before[i];
    const next = after[i];
    if (old && next) morphNode(old, next, doc);
    else if (next) from.appendChild(doc.importNode(next, true));
    else if (old) {
      if (isIsland(old)) throw new NeedsReload();
      (old as ChildNode).remove();
    }
  }
}

/** Brings `doc` (the preview frame's document) to `html`; false when only loading the page again can (see above). */
export function patchPreview(doc: Document, html: string): boolean {
  const next = new DOMParser().parseFromString(html, 'text/html');
  if (runtimeOf(next.head) !== runtimeOf(doc.head)) return false;
  try {
    if (doc.title !== next.title) doc.title = next.title;
    const data = [...doc.head.querySelectorAll(DATA)];
    const nextData = [...next.head.querySelectorAll(DATA)];
    if (data.map((el) => el.outerHTML).join('\n') !== nextData.map((el) => el.outerHTML).join('\n')) {
      for (const el of data) el.remove();
      doc.head.append(...nextData.map((el) => doc.importNode(el, true)));
    }
    if (!sameAttributes(doc.documentElement, next.documentElement)) syncAttributes(doc.documentElement, next.documentElement);
    if (!sameAttributes(doc.body, next.body)) syncAttributes(doc.body, next.body);
    morphChildren(doc.body, next.body, doc, true);
    return true;
  } catch (error) {
    if (error instanceof NeedsReload) return false;
    throw error;
  }
}
