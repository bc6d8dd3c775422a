/**
 * The chat demo's dialog, run by the page-load script without React (issue #36): ChatDemo.tsx renders the panel
 * into the page, hidden, so a tap shows it at once instead of after React and the island's code have arrived.
 * The island only hydrates what needs React, the mini form. Until then its send button is disabled, so no send can
 * start and be lost (Enter in a field submits only through an enabled button); what was typed and ticked meanwhile
 * is kept by the hydrating form (ContactFormView's valuesOnPage), and opening the demo starts that hydration.
 */
/** protocol.ts's HYDRATED_ATTRIBUTE, written out: importing that module here splits it into a chunk of its own, a second request before interaction. */
const HYDRATED_ATTRIBUTE = 'data-hydrated';
const OPENERS = '.chat-launcher, [data-chat-open]';
/** Set on `<html>` while the demo is open; ChatDemo.tsx shows the backdrop by it. */
export const OPEN_ATTRIBUTE = 'data-chat-demo-open';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

function openerOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(OPENERS) : null;
}

/** Tab and Shift+Tab cycle inside the panel. */
function trapFocus(event: KeyboardEvent, panel: HTMLElement): void {
  const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.checkVisibility());
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const inside = panel.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Before the island has hydrated, the consent hint at the send row (ContactFormView) has no React handler yet: it
 * does here what its handler will do, bring the checkbox it speaks of into view and focus.
 */
function focusConsentBeforeHydration(target: Element, panel: HTMLElement): boolean {
  const hint = target.closest('[data-consent-hint] button');
  if (!hint || !panel.contains(hint) || panel.closest(`[${HYDRATED_ATTRIBUTE}]`)) return false;
  const box = hint.closest('form')?.querySelector<HTMLElement>('[name="privacy_consent"]');
  box?.focus({ preventScroll: true });
  box?.scrollIntoView({ block: 'center', behavior: 'instant' });
  return true;
}

/**
 * Opens the demo on a click on its button or the header's chat entry (also one the start script kept in `early`),
 * and starts loading the island (`wake`) as soon as the pointer or focus reaches either, so the form is ready sooner.
 * While open the page does not scroll and focus stays inside; close button, backdrop and Escape close it and focus
 * returns to the opener. The panel is looked up at each use: should hydration ever re-create the island's markup,
 * the page-load script still drives the new one.
 */
export function runChatDemoDialog(wake: () => void, early: readonly EventTarget[]): void {
  const backdrop = () => document.querySelector<HTMLElement>('[data-chat-backdrop]');
  const panel = () => backdrop()?.querySelector<HTMLElement>('[role="dialog"]') ?? undefined;
  if (!panel()) return;
  const root = document.documentElement;
  const openers = () => [...document.querySelectorAll<HTMLElement>(OPENERS)];
  const isOpen = () => root.hasAttribute(OPEN_ATTRIBUTE);
  let overflow = '';
  let back: HTMLElement | undefined;

  const open = (opener: HTMLElement | null) => {
    wake();
    if (isOpen()) return;
    // Below 1024 px the floating button is not shown and the header's entry opened the demo: focus returns there.
    back = opener?.checkVisibility() ? opener : openers().find((item) => item.checkVisibility());
    overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    root.setAttribute(OPEN_ATTRIBUTE, '');
    for (const item of openers()) item.setAttribute('aria-expanded', 'true');
    panel()?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  };
  const close = () => {
    if (!isOpen()) return;
    root.removeAttribute(OPEN_ATTRIBUTE);
    root.style.overflow = overflow;
    for (const item of openers()) item.setAttribute('aria-expanded', 'false');
    back?.focus();
  };

  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const opener = openerOf(target);
    const current = panel();
    if (opener) open(opener);
    else if (!target || !current) return;
    else if (target === backdrop()) close();
    else if (target.closest('[data-chat-close]')) close();
    else focusConsentBeforeHydration(target, current);
  });
  document.addEventListener('keydown', (event) => {
    const current = panel();
    if (!isOpen() || !current) return;
    if (event.key === 'Escape') close();
    else if (event.key === 'Tab') trapFocus(event, current);
  });
  for (const name of ['pointerover', 'pointerdown', 'focusin', 'touchstart'] as const) {
    document.addEventListener(name, (event) => void (openerOf(event.target) && wake()), { passive: true });
  }
  const earlyOpener = early.map(openerOf).find((opener) => opener !== null);
  if (earlyOpener) open(earlyOpener);
}
