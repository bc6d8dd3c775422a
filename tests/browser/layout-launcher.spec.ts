/**
 * The floating chat button's clear zone where a visitor rests (design review 6 #1): it fades in once the first
 * screen is passed, and steps aside (faded out, no pointer events) while any part of the contact section or the
 * footnotes is in view, where the form is the way to contact and the footnotes' lines ran under it. CSS only
 * (scroll-driven animations), so it holds before the chat demo hydrates.
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, revealChatLauncher } from './support/forms.ts';

/** The pages with the chat demo (SPEC §2: the landing pages). */
const ROUTES = ['/', '/fr', '/es'];

/** The button's opacity and pointer events once the page shows `selector` in the middle of the window. */
async function launcherWith(page: Page, selector: string): Promise<string> {
  await page
    .locator(selector)
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  return page.locator('.chat-launcher').evaluate((el) => `${getComputedStyle(el).opacity} ${getComputedStyle(el).pointerEvents}`);
}

for (const route of ROUTES) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 768, height: 1024 },
    { width: 1280, height: 800 },
  ]) {
    test(`${route} at ${viewport.width} px: the chat button shows below the first screen and steps aside by the contact form and the footnotes`, async ({
      page,
      baseURL,
    }) => {
      await acceptCookies(page, baseURL!);
      await page.setViewportSize(viewport);
      await page.goto(route);
      // Below the first screen it shows where its corner is clear (on phones text passes under it at most places,
      // and there it steps aside too: islands/chat-demo/clear-zone.ts).
      await revealChatLauncher(page);
      expect(await page.locator('.chat-launcher').evaluate((el) => `${getComputedStyle(el).opacity} ${getComputedStyle(el).pointerEvents}`)).toBe('1 auto');
      await expect.poll(() => launcherWith(page, '#contact')).toBe('0 none');
      await expect.poll(() => launcherWith(page, '[data-claim-notes]')).toBe('0 none');
      // Focus still shows it to a keyboard user, wherever the page stands.
      await page.locator('.chat-launcher').focus();
      await expect.poll(() => page.locator('.chat-launcher').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    });
  }
}
