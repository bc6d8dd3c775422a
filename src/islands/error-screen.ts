/** Fills `container` with the error screen, replacing what it held. */
export type ShowErrorScreen = (container: Element, error: unknown) => void;

/**
 * The error screen of SPEC §8 ("Unexpected Application Error!" and the error) as plain DOM, so one
 * definition serves both places it appears: the loader, which has no React, shows it where an island
 * could not even start (its chunk failed to load, its name is unknown, its props are not JSON), and
 * IslandBoundary where a hydrated island threw. A fixed template keeps the ~1 KB loader small; the
 * message goes in as text, never as markup.
 */
export const showErrorScreen: ShowErrorScreen = (container, error) => {
  container.innerHTML =
    '<div role="alert" class="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900"><h2 class="text-lg font-semibold">Unexpected Application Error!</h2><pre class="mt-2 text-sm break-words whitespace-pre-wrap"></pre></div>';
  // "TypeError: …": the kind of error helps as much as its message.
  container.querySelector('pre')!.textContent = String(error);
};
