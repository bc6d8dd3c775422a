/**
 * The page-load script: tiny, no React. It finds island roots and loads an island's code (and React,
 * a shared chunk) only when its hydration strategy fires.
 */
import type { ComponentType } from 'react';
import { runChatDemoDialog } from './chat-demo/dialog.ts';
import { showErrorScreen } from './error-screen.ts';
import { revealLinkedTargets } from './reveal-target.ts';
import type { HydrateStrategy } from './protocol.ts';
import type { IslandName } from './registry.ts';

type IslandModule = { default: ComponentType<Record<string, unknown>> };

const islands: Record<IslandName, () => Promise<unknown>> = {
  'contact-form': () => import('./contact-form/ContactForm.tsx'),
  'chat-demo': () => import('./chat-demo/ChatDemo.tsx'),
};

/** An island's props, from the file its element names (render/Island.tsx writes both). */
async function fetchProps(url: string | undefined): Promise<Record<string, unknown>> {
  if (!url) throw new Error('the island names no props file (data-props-src)');
  const response = await fetch(url);
  if (!response.ok) throw new Error(`props file ${url}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Loads and hydrates one island; resolves to whether it did. Its props file is fetched beside its code, so
 * waking takes the same round trips as before the props left the HTML. An island that cannot start (a chunk
 * or props file that fails to load, an unknown name, props that are not JSON) shows the error screen with
 * the message in its place, as one that throws while rendering does, instead of an unhandled rejection and a
 * dead island.
 */
async function hydrate(element: HTMLElement): Promise<boolean> {
  try {
    const name = element.dataset.island as IslandName;
    const load = islands[name];
    if (!load) throw new Error(`unknown island '${name}'`);
    const [{ mount }, island, props] = await Promise.all([import('./mount.tsx'), load() as Promise<IslandModule>, fetchProps(element.dataset.propsSrc)]);
    // render/Island.tsx always writes the prefix.
    await mount(element, island.default, props, element.dataset.prefix!, showErrorScreen);
    return true;
  } catch (error) {
    showErrorScreen(element, error);
    return false;
  }
}

/** Schedules an island's waking; returns a function that wakes it at once (from then on a no-op). */
function schedule(element: HTMLElement, strategy: HydrateStrategy): () => void {
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    void hydrate(element);
  };
  if (strategy === 'load') return (run(), run);
  if (strategy === 'idle') {
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 200);
    return run;
  }
  if (strategy === 'visible') {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          run();
        }
      },
      { rootMargin: '300px' },
    );
    observer.observe(element);
    return run;
  }
  // The interaction that wakes an island may be a click that lands before React is there to see it:
  // remember the clicked element and click it again once hydrated, so the first click always works. A click
  // that came before this loader did (kept by the page's start script, render/head.ts) wakes the island now.
  // A click wakes it too: pressed before this loader ran and released after, it reaches neither the start
  // script (stopped) nor the pointer listeners (added after the press), and would be lost.
  const events = ['pointerover', 'pointerdown', 'focusin', 'touchstart', 'click'] as const;
  let clicked: Element | undefined;
  for (const target of earlyClicks) if (target instanceof Element && element.contains(target)) clicked = target;
  const remember = (event: Event) => {
    if (event.target instanceof Element) clicked = event.target;
  };
  // The chat demo opens and closes without React (chat-demo/dialog.ts): a replayed click would open it again.
  const replay = element.dataset.island !== 'chat-demo';
  let woken = false;
  const once = (event?: Event) => {
    if (woken) return;
    woken = true;
    for (const name of events) element.removeEventListener(name, once);
    element.addEventListener('click', remember);
    // A listener added while an event is dispatched does not see that event.
    if (event?.type === 'click') remember(event);
    void hydrate(element).then((hydrated) => {
      element.removeEventListener('click', remember);
      if (!replay) return;
      // The target may be an SVG inside the button (no .click()): dispatch, and let it bubble to React.
      if (hydrated && clicked?.isConnected) clicked.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
    });
  };
  for (const event of events) element.addEventListener(event, once, { passive: true });
  if (clicked) once();
  return () => once();
}

/** Click targets the page's start script saw before this loader ran (render/head.ts); it stops at `done`. */
const earlyClicks: EventTarget[] & { done?: boolean } = (window as Window & { siteEarlyClicks?: EventTarget[] }).siteEarlyClicks ?? [];

function start(): void {
  earlyClicks.done = true;
  let wakeChatDemo = () => {};
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const wake = schedule(element, (element.dataset.hydrate as HydrateStrategy | undefined) ?? 'load');
    if (element.dataset.island === 'chat-demo') wakeChatDemo = wake;
  }
  runChatDemoDialog(wakeChatDemo, earlyClicks);
  revealLinkedTargets();
}

// The page imports this module at its first contentful paint (render/head.ts), which can come before the
// parser has reached the last island: wait for the whole document then.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
