/**
 * The floating chat button's clear zone where a visitor rests (design review 6 #1): it fades in once the first
 * screen is passed, and wherever it shows, nothing lies under it: by the contact section and the footnotes,
 * whose lines ran under it, it either steps aside (faded out, no pointer events) or sits on an empty corner.
 * One mechanism does this, islands/chat-demo/clear-zone.ts, in the page-load script (it holds before the chat
 * demo hydrates); the layout gate judges it at every scroll position on every route.
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, revealChatLauncher } from './support/forms.ts';
import { layoutFindings } from './support/layout-gate.ts';

/** The pages with the chat demo (SPEC §2: the landing pages). */
const ROUTES = ['/', '/fr', '/es'];

/** The button's opacity and pointer events, and what lies under it, once the page shows `selector` in the middle of the window. */
async function launcherWith(page: Page, selector: string) {
  await page
    .locator(selector)
    .first()
    .evaluate(async (el) => {
      el.scrollIntoView({ block: 'center', behavior: 'instant' });
      // The frame that runs the scroll's listeners, then the fade they started.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished.catch(() => undefined)),
      );
    });
  const shown = await page.locator('.chat-launcher').evaluate((el) => `${getComputedStyle(el).opacity} ${getComputedStyle(el).pointerEvents}`);
  const under = await layoutFindings(page, { here: `${selector} in view`, rules: ['fixed-covers-content', 'fixed-covers-control'] });
  return { shown, under: under.map((f) => `${f.element} — ${f.detail}`) };
}

for (const route of ROUTES) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 768, height: 1024 },
    { width: 1280, height: 800 },
  ]) {
    test(`${route} at ${viewport.width} px: the chat button shows below the first screen and lies on nothing by the contact form and the footnotes`, async ({
      page,
      baseURL,
    }) => {
      await acceptCookies(page, baseURL!);
      await page.setViewportSize(viewport);
      await page.goto(route);
      // Below the first screen it shows where its corner is clear (on phones text passes under it at most places,
      // and there it steps aside).
      await revealChatLauncher(page);
      expect(await page.locator('.chat-launcher').evaluate((el) => `${getComputedStyle(el).opacity} ${getComputedStyle(el).pointerEvents}`)).toBe('1 auto');
      for (const selector of ['#contact', '[data-claim-notes]']) {
        const { shown, under } = await launcherWith(page, selector);
        // Stepped aside entirely, or shown on an empty corner: never half-faded, never on a line.
        expect(['0 none', '1 auto'], selector).toContain(shown);
        expect(under, selector).toEqual([]);
      }
      // Focus still shows it to a keyboard user, wherever the page stands.
      await page.locator('.chat-launcher').focus();
      await expect.poll(() => page.locator('.chat-launcher').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    });
  }
}
