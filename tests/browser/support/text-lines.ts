/**
 * The tops of the lines `phrase` is set on inside `root`, found across the text nodes it spans (a link, a span), no-break
 * spaces read as spaces; empty when the phrase is not there. Runs in the page (`locator.evaluate(linesOf, phrase)`).
 */
export function linesOf(root: Element, phrase: string): number[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  const text = nodes
    .map((node) => node.data)
    .join('')
    .replace(/[\u00a0\u202f]/g, ' ');
  const at = text.indexOf(phrase);
  if (at < 0) return [];
  const range = document.createRange();
  let offset = 0;
  for (const node of nodes) {
    const end = offset + node.data.length;
    if (at >= offset && at < end) range.setStart(node, at - offset);
    if (at + phrase.length > offset && at + phrase.length <= end) range.setEnd(node, at + phrase.length - offset);
    offset = end;
  }
  return [...new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))];
}
