/**
 * The chat demo's entry. Below 1024 px nothing floats (design reviews 7a #1, 7b N2, 9b N2): the sticky header carries a
 * chat button that opens the demo, and the floating one is not shown, so it cannot blink as the visitor scrolls.
 * From 1024 px the floating button sits in the lane the page's container leaves it (styles.css, `px-page`): it
 * fades in once the first screen is passed and then stays, since no line, picture or control passes under it
 * (it stepped aside wherever one did, 13–20 visible-state changes a scroll at 1280 px). The layout gate judges it
 * at every scroll position on every route (rules `fixed-covers-content` and `chat-blink`).
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, revealChatLauncher } from './support/forms.ts';
import { expectHydrated } from './support/hydration.ts';
import { layoutFindings } from './support/layout-gate.ts';
import { localeFile } from './support/site-content.ts';

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

const LOCALES: Record<string, 'de' | 'fr' | 'es'> = { '/': 'de', '/fr': 'fr', '/es': 'es' };

for (const route of ROUTES) {
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 390, height: 844 },
    { width: 768, height: 1024 },
  ]) {
    test(`${route} at ${viewport.width} px: the header's chat button opens the demo; nothing floats`, async ({ page, baseURL }) => {
      const demo = localeFile(LOCALES[route] ?? 'de').chatDemo;
      await acceptCookies(page, baseURL!);
      await page.setViewportSize(viewport);
      await page.goto(route);
      const entry = page.locator('header').getByRole('button', { name: demo.open });
      await expect(entry).toBeVisible();
      const box = await entry.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
      // The floating button is not drawn at any scroll position: it has no box.
      await expect(page.locator('.chat-launcher')).toBeHidden();
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight / 2, behavior: 'instant' }));
      await expect(page.locator('.chat-launcher')).toBeHidden();
      await expect(entry).toBeInViewport();

      // A focus ring shows on the keyboard's focus.
      await entry.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(entry).toBeFocused();
      expect(await entry.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');

      await page.keyboard.press('Enter');
      await expectHydrated(page.locator('[data-island="chat-demo"]'));
      const dialog = page.getByRole('dialog', { name: demo.title });
      await expect(dialog).toBeVisible();
      await expect(entry).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('button', { name: demo.close })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(entry).toBeFocused();
      await expect(entry).toHaveAttribute('aria-expanded', 'false');

      // A tap (once awake) opens it again, and the close button brings focus back too.
      await entry.click();
      await expect(dialog).toBeVisible();
      await page.getByRole('button', { name: demo.close }).click();
      await expect(dialog).toBeHidden();
      await expect(entry).toBeFocused();
    });
  }
}

test('at 390 px a tap on the header chat button before the island loader has arrived opens the demo', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/islands-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const entry = page.locator('header [data-chat-open]');
  await entry.click();
  release();
  await expectHydrated(page.locator('[data-island="chat-demo"]'));
  await expect(page.getByRole('dialog', { name: localeFile('de').chatDemo.title })).toBeVisible();
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('at 390 px the header shows no chat button that could do nothing', async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.locator('header [data-chat-open]')).toHaveCount(1);
    await expect(page.locator('header [data-chat-open]')).toBeHidden();
  });
});

test('from 1024 px the header has no chat button: the floating one is the entry', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.locator('header [data-chat-open]')).toBeHidden();
    await revealChatLauncher(page);
    await expect(page.locator('.chat-launcher')).toBeVisible();
  }
});

for (const route of ROUTES) {
  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 1280, height: 800 },
    { width: 1366, height: 768 },
    { width: 1440, height: 900 },
  ]) {
    test(`${route} at ${viewport.width} px: the chat button shows below the first screen, lies on nothing by the contact form and the footnotes, and enters once`, async ({
      page,
      baseURL,
    }) => {
      await acceptCookies(page, baseURL!);
      await page.setViewportSize(viewport);
      await page.goto(route);
      await revealChatLauncher(page);
      expect(await page.locator('.chat-launcher').evaluate((el) => `${getComputedStyle(el).opacity} ${getComputedStyle(el).pointerEvents}`)).toBe('1 auto');
      for (const selector of ['#contact', '[data-claim-notes]']) {
        const { shown, under } = await launcherWith(page, selector);
        // Shown where the visitor reads, in a lane nothing passes under.
        expect(shown, selector).toBe('1 auto');
        expect(under, selector).toEqual([]);
      }
      // From the top to the end of the page it changes once: its entrance.
      expect(await layoutFindings(page, { rules: ['chat-blink'] })).toEqual([]);
      // Focus still shows it to a keyboard user, wherever the page stands.
      await page.locator('.chat-launcher').focus();
      await expect.poll(() => page.locator('.chat-launcher').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    });
  }
}
