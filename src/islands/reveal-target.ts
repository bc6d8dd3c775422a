/**
 * A link to something inside a closed <details> (a footnote mark's #note-n while the notes are folded on phones,
 * render/sections/ClaimNotes.tsx): `:target` cannot open a <details>, so the link would scroll to nothing.
 * Chromium opens them itself on a fragment navigation; this does it in the other browsers: before the link's
 * own navigation scrolls (a click), and for a page opened at a fragment or reached by back and forward.
 */
function openAround(id: string): boolean {
  const target = id ? document.getElementById(id) : null;
  let opened = false;
  for (let d = target?.closest('details'); d; d = d.parentElement?.closest('details')) {
    if (d.open) continue;
    d.open = true;
    opened = true;
  }
  return opened;
}

const fromHash = () => {
  const id = decodeURIComponent(location.hash.slice(1));
  if (openAround(id)) document.getElementById(id)?.scrollIntoView();
};

export function revealLinkedTargets(): void {
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href^="#"]') : null;
    if (link) openAround(decodeURIComponent(link.hash.slice(1)));
  });
  addEventListener('hashchange', fromHash);
  fromHash();
}
