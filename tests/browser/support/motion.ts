import type { Locator, Page } from '@playwright/test';

/**
 * Waits until an element (with `subtree`, it and everything in it) is at rest: every finite CSS animation and
 * transition has ended (the sections' entrance, a button's change of colour); endless ones (a spinner) are left
 * running, and so are scroll-driven ones. What a test reads of colours, and what axe measures as colour contrast, is what is painted at that
 * moment: halfway through fading in, a text has less contrast than a visitor sees a moment later.
 */
export async function atRest(element: Locator, { subtree = false } = {}): Promise<void> {
  await element.evaluate(
    (el, subtree) =>
      Promise.all(
        el
          .getAnimations({ subtree })
          // A scroll-driven animation (the chat button's fade-in) follows the scroll position and never finishes on its own.
          .filter((a) => a.timeline instanceof DocumentTimeline && a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    subtree,
  );
}

/** The whole page at rest (see `atRest`): before an axe scan of what a visitor sees. */
export const pageAtRest = (page: Page) => atRest(page.locator(':root'), { subtree: true });
